// Tokens read across the table (frontend/js/draw/tokens.js): each player's
// initial, two letters where initials clash.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {initials} from '../../frontend/js/draw/tokens.js';

test('a token carries the player\'s initial, two letters where two players share one', () => {
  assert.deepEqual(initials({anna: 'anna', ben: ' Ben ', bea: 'bea', cleo: 'Cleo'}),
    {anna: 'A', ben: 'Be', bea: 'Be', cleo: 'C'});
  assert.deepEqual(initials({a: 'Ada', b: 'Ben'}), {a: 'A', b: 'B'});
});
