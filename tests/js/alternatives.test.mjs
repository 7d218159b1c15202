// Dispute mode's legal alternatives grouped as a person says them
// (frontend/js/alternatives.js): by kind of action, colour and runs of values.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {alternatives} from '../../frontend/js/alternatives.js';

const DECISIONS = JSON.parse(readFileSync(new URL('./decisions.json', import.meta.url)));
const COLOURS = ['red', 'yellow', 'green', 'blue', 'purple'];
const play = (color, value, more = {}) => ({type: 'play', card: {color, value}, ...more});
const said = kind => kind.colours.map(({colour, runs}) => [colour, runs.map(({low, high, form}) => `${form} ${low}-${high}`)]);

test('values are said in runs against the lowest and highest listed', () => {
  const actions = [
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(n => play('red', n, {figure: 'small'})), // a figure choice is not a card of its own
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(n => play('red', n, {figure: 'large'})),
    ...[4, 5, 6, 7, 8, 9, 10].map(n => play('blue', n)),
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(n => play('green', n)),
    play('yellow', 3), play('yellow', 4), play('yellow', 7),
    {type: 'discard', card: {color: 'purple', value: 2}},
  ];
  const [plays, discards] = alternatives(actions, COLOURS);
  assert.equal(plays.type, 'play');
  assert.equal(plays.count, 'value');
  assert.deepEqual(said(plays), [
    ['red', ['down 0-9']], ['yellow', ['range 3-4', 'one 7-7']], ['green', ['all 0-10']], ['blue', ['up 4-10']]]);
  assert.equal(plays.every, false);
  assert.deepEqual(said(discards), [['purple', ['one 2-2']]]);
});

test('a value that is no number (a wager) is said on its own, before the numbers', () => {
  const [plays] = alternatives([play('red', 'wager'), play('red', 2), play('red', 3), play('blue', 10)], COLOURS);
  assert.deepEqual(said(plays), [['red', ['one wager-wager', 'down 2-3']], ['blue', ['one 10-10']]]);
});

test('every card of every colour is said at once; actions without a card as they are', () => {
  const [plays, discards] = alternatives(DECISIONS.keltis.actions, COLOURS);
  assert.ok(plays.every && discards.every);
  const [moves] = alternatives(DECISIONS.celtica.actions, ['red', 'grey', 'white', 'brown', 'black']);
  assert.equal(moves.count, 'cards');
  assert.ok(moves.every);
  const [reveals] = alternatives(DECISIONS['celtica-refill'].actions, []);
  assert.equal(reveals.others.length, DECISIONS['celtica-refill'].actions.length);
  assert.deepEqual(reveals.colours, []);
});
