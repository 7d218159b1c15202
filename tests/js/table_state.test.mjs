// The table screen's state (frontend/js/screens/table/state.js): plain data
// and the steps that change it, without a browser.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {tableState, sameItems, queueMode, nothingNew, composedSoFar, hasAnswers, offlineTurn, see, declare,
  homeEntry, composerMark} from '../../frontend/js/screens/table/state.js';

const mine = {id: 'g1', token: 'tok', colours: {}};
const game = (version, status = 'in_progress') => ({version, record: {game: 'keltis', players:
  [{id: 'p1', name: 'Anna'}, {id: 'p2', name: 'Ben'}]}, scoresheet: {status, winners: ['p2']}});
const composing = (actions = [], picks = []) => ({player: 'p1', at: null, actions, picks, mode: null, dispute: false});

test('a new table is plain data: nothing seen, nothing composed, nothing waiting', () => {
  const table = tableState({id: 'g1', mine, section: 'log'});
  assert.equal(table.token, 'tok');
  assert.equal(table.section, 'log');
  assert.deepEqual([table.seen, table.game, table.composing, table.waiting], [null, null, null, []]);
  assert.deepEqual(structuredClone(table), table, 'no functions, no DOM nodes');
});

test('the same outbox entries by key, stopped or not', () => {
  assert.ok(sameItems([{key: 'a'}], [{key: 'a', stopped: null}]));
  assert.ok(!sameItems([{key: 'a'}], [{key: 'a', stopped: {kind: 'stale'}}]));
  assert.ok(!sameItems([{key: 'a'}], [{key: 'b'}]));
});

test('turns are queued with no network and a ready referee, not behind an unchecked or stopped one', () => {
  const table = tableState({id: 'g1', mine});
  assert.ok(queueMode(table, [], true, true));
  assert.ok(!queueMode(table, [], true, false), 'no referee');
  assert.ok(!queueMode(table, [], false, true), 'online');
  table.netDown = true;
  assert.ok(queueMode(table, [{key: 'a'}], false, true));
  assert.ok(!queueMode(table, [{key: 'a', unchecked: true}], false, true));
});

test('seeing a game: shown as it will stand with the queue, and nothing new the second time', () => {
  const table = tableState({id: 'g1', mine});
  const seen = game(3);
  assert.ok(!nothingNew(table, {data: seen, queued: [], cached: false, changed: false, queueing: false}));
  see(table, {data: seen, queued: [{key: 'a'}], cached: false, ahead: game(4), queueing: true});
  assert.deepEqual([table.seen.version, table.game.version, table.queueing, table.offline], [3, 4, true, false]);
  const again = {data: game(3), queued: [{key: 'a'}], cached: false, changed: false, queueing: true};
  assert.ok(nothingNew(table, again));
  assert.ok(!nothingNew(table, {...again, changed: true}));
  assert.ok(!nothingNew(table, {...again, data: game(5)}));
  see(table, {data: seen, queued: [{key: 'a'}], cached: true, ahead: null, queueing: true});
  assert.ok(!table.queueing, 'queued turns the referee could not project: not queueing');
});

test('what was composed: the real turn of a dispute, its answers, a turn to check when back online', () => {
  const real = composing([{type: 'play'}]);
  const table = tableState({id: 'g1', mine});
  table.composing = {...composing([{type: 'claim'}]), dispute: true, real: {actions: real.actions, picks: []}};
  assert.deepEqual(composedSoFar(table).actions, real.actions);
  assert.equal(composedSoFar(table).dispute, false);
  assert.ok(hasAnswers(composing([], [1])) && !hasAnswers(composing()) && !hasAnswers(null));
  assert.deepEqual(offlineTurn(table, real, true), {player: 'p1', actions: real.actions});
  assert.equal(offlineTurn(table, real, false), null);
  table.waiting = [{key: 'a'}];
  assert.equal(offlineTurn(table, real, true), null, 'queued already');
});

test('the package is declared once; the home screen entry; the composer mark moves with the turn', () => {
  const table = tableState({id: 'g1', mine});
  declare(table, {pieces: {colors: []}, actions: {play: {}}});
  declare(table, {pieces: 'other', actions: 'other'});
  assert.deepEqual([table.pieces, table.schemas], [{colors: []}, {play: {}}]);
  const entry = homeEntry(mine, game(2, 'finished'));
  assert.deepEqual([entry.names, entry.status, entry.leaders, entry.seen.data.version],
    [['Anna', 'Ben'], 'finished', ['Ben'], 2]);
  table.game = game(2);
  table.composing = composing();
  const mark = composerMark(table);
  table.composing.actions.push({type: 'play'});
  assert.notEqual(composerMark(table), mark);
});
