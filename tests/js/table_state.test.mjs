// The table screen's state (frontend/js/screens/table/state.js): plain data
// and the steps that change it, without a browser.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import * as state from '../../frontend/js/screens/table/state.js';
import {tableState, sameItems, queueMode, nothingNew, composedSoFar, hasAnswers, offlineTurn, see, declare,
  homeEntry, composerMark, remember, startedNext, reached, unreachable, setSending, setWaiting, setStopped, setCorrecting, setLogged,
  openSection, toggleLog, newTurn, correctionTurn, verdictOf, judge, answer, closeQuestion, addAction, pickUnchecked,
  stepBack, reveal, followChain, correctedBy, setLogging, toggleDispute, grew} from '../../frontend/js/screens/table/state.js';

const mine = {id: 'g1', token: 'tok', colours: {}};
const game = (version, status = 'in_progress') => ({version, record: {game: 'keltis', players:
  [{id: 'p1', name: 'Anna'}, {id: 'p2', name: 'Ben'}], turns: []}, scoresheet: {status, winners: ['p2']},
  decision: {player: 'p1', name: 'turn', can_end: false, actions: [{type: 'play'}], optional: []}});
const check = (legal = true) => ({legal, complete: legal, decision: null,
  violations: legal ? [] : [{rule: 'r1', message: 'No.', turn: null}]});

// Plain data all through: no function, no DOM node or other object of a class.
function plain(value, path = 'table') {
  if (value === null || typeof value !== 'object') {
    assert.notEqual(typeof value, 'function', `${path} is a function`);
    return;
  }
  assert.ok([Object.prototype, Array.prototype, null].includes(Object.getPrototypeOf(value)), `${path} is not plain data`);
  for (const [key, inner] of Object.entries(value)) plain(inner, `${path}.${key}`);
}
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

test('the new turn, its actions, back and dispute mode', () => {
  const table = tableState({id: 'g1', mine});
  table.game = game(1);
  newTurn(table, {unchecked: false});
  const composing = table.composing;
  assert.deepEqual([composing.player, composing.at, composing.dispute, composing.checks[0].complete], ['p1', null, false, false]);
  answer(composing, [{key: 'type', value: 'play'}]);
  closeQuestion(composing);
  addAction(composing, [{type: 'play'}], check(), {auto: true});
  addAction(composing, [{type: 'play'}, {type: 'draw'}], check());
  assert.deepEqual([composing.actions.length, composing.checks.length, composing.auto, composing.picks], [2, 3, [0], []]);
  const begun = [{key: 'parts.0', value: 'n'}];
  grew(composing, begun, [{type: 'take', parts: ['n']}]);
  assert.deepEqual(composing.checks.at(-1).grown, {[JSON.stringify(begun)]: [{type: 'take', parts: ['n']}]});
  assert.equal(composing.checks[1].grown, undefined, 'kept with the check it answers only');
  stepBack(composing);
  assert.deepEqual([composing.actions.length, composing.manual], [1, -1]);
  stepBack(composing);
  assert.deepEqual([composing.actions.length, composing.manual], [0, 0], 'the forced action goes with it, left to confirm');
  toggleDispute(composing);
  addAction(composing, [{type: 'claim'}], check());
  assert.deepEqual(composing.verdict, {legal: true});
  newTurn(table, {unchecked: false});
  assert.ok(table.composing.dispute && table.composing.real, 'dispute mode stays with the next turn');
  toggleDispute(table.composing);
  assert.deepEqual([table.composing.dispute, table.composing.actions, table.composing.verdict], [false, [], null]);
  newTurn(table, {unchecked: false, dispute: false});
  assert.equal(table.composing.dispute, false);
  plain(table);
});

test('a refusal is data: the rule, the alternatives, a later turn that breaks', () => {
  assert.deepEqual(verdictOf({legal: true}), {legal: true});
  const refused = verdictOf({...check(false), decision: {actions: [{type: 'discard'}]}}, true);
  assert.deepEqual(refused, {legal: false, violations: check(false).violations, alternatives: [{type: 'discard'}], laterTurn: true});
  assert.deepEqual(verdictOf({violations: check(false).violations}).alternatives, []);
});

test('after every step state.js offers, the state holds no DOM node and no function', () => {
  const table = tableState({id: 'g1', mine: {...mine, seen: null}, section: 'board'});
  const data = game(2);
  data.record.turns.push({player: 'p1', actions: [{type: 'play'}]});
  const item = {key: 'k1', gameId: 'g1', version: 2, turn: {player: 'p2', actions: []}, stopped: null};
  see(table, {data, queued: [item], cached: false, ahead: null, queueing: false});
  declare(table, {game: 'keltis', pieces: {colors: ['red']}, actions: {play: {}}, sheet: {}});
  remember(table, data);
  assert.equal(startedNext(table, 'g2'), true);
  assert.equal(startedNext(table, 'g2'), false);  // heard again: no news
  assert.equal(table.game.next, 'g2');
  reached(table, {sent: true});
  setSending(table, item);
  unreachable(table);
  setWaiting(table, [item]);
  setStopped(table, {kind: 'stale', first: item, turns: [{item, fits: null, why: 'unfinished'}]});
  setCorrecting(table, true);
  setLogged(table, {player: 'p1', actions: [{type: 'play'}]});
  openSection(table, 'log');
  toggleLog(table);
  newTurn(table, {unchecked: true});
  pickUnchecked(table.composing, {key: 'type', value: 'play'}, null);
  pickUnchecked(table.composing, {key: 'color', value: 'red'}, {type: 'play', card: {color: 'red'}});
  stepBack(table.composing);
  reveal(table.composing);
  followChain(table.composing, {type: 'play'});
  toggleDispute(table.composing);
  judge(table.composing, verdictOf(check(false)));
  correctionTurn(table, 0, check());
  correctedBy(table.composing, 'Ben');
  setLogging(table.composing, true);
  assert.equal(table.mine.seen.data.version, 2);
  assert.equal(table.composing.at, 0);
  plain(table);
  assert.deepEqual(structuredClone(table), table);
  assert.deepEqual(JSON.parse(JSON.stringify(table)), table);
  // Every step the module offers ran above, or in the test of the new turn (and checked there).
  const tried = new Set(['tableState', 'sameItems', 'queueMode', 'nothingNew', 'composedSoFar', 'hasAnswers', 'offlineTurn',
    'homeEntry', 'namesOf', 'composerMark', 'answer', 'closeQuestion', 'addAction', 'see', 'declare', 'remember', 'reached',
    'unreachable', 'setSending', 'setWaiting', 'setStopped', 'setCorrecting', 'setLogged', 'openSection', 'toggleLog',
    'newTurn', 'correctionTurn', 'verdictOf', 'judge', 'pickUnchecked', 'stepBack', 'reveal', 'followChain', 'correctedBy',
    'setLogging', 'toggleDispute', 'startedNext', 'grew']);
  assert.deepEqual(Object.keys(state).filter(name => !tried.has(name)), []);
});
