// A turn's or a correction's news (scoring/news.py) applied to the game as
// GET /games/{id} answered it (frontend/js/news.js): the game a GET would
// now answer, or null when the phone must fetch it. The history after a
// turn is the referee's (scoring/history.py after_turns, tested in
// tests/test_answers.py): here, what it answers for these calls.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {applyNews} from '../../frontend/js/news.js';

const turn = (player, color, value) => ({player, actions: [{type: 'discard', card: {color, value}}, {type: 'draw', from: 'deck'}]});
const stands = version => ({state: {drawn: version}, decision: {player: version % 2 ? 'ben' : 'anna'}, scoresheet: {status: 'in_progress', winners: []}});

// Version 3: Anna's turn, Ben's, Ben undid his own.
const GAME = {
  id: 'g1',
  record: {game: 'keltis', players: [{id: 'anna'}, {id: 'ben'}], turns: [turn('anna', 'red', 3)]},
  ...stands(3),
  version: 3,
  history: {
    start: '2024-05-01T19:00:00Z',
    seconds: [0, 40, 20],
    holds: [0, null, null],
    entries: [{version: 2, kind: 'turn', turn: turn('ben', 'blue', 5)}, {version: 3, kind: 'correction', undo: true, by: 'ben'}],
  },
};
const frozen = structuredClone(GAME);

// Ben's turn, logged 75 seconds after the undo (19:01:00 + 75 s).
const TURN = {kind: 'turn', turn: turn('ben', 'green', 1), at: '2024-05-01T19:02:15Z', version: 4, ...stands(4)};

// The referee's history after turns (scoring/history.py after_turns), as it
// answers the calls made here; each call noted.
const asked = [];
const ANSWERS = [
  [[GAME.history, [TURN.at], 1], {...GAME.history, seconds: [0, 40, 20, 75], holds: [0, null, null, 1]}],
  [[{start: null, seconds: [], holds: [], entries: []}, [TURN.at], 0], {start: TURN.at, seconds: [0], holds: [0], entries: []}],
  [[{start: GAME.history.start, entries: []}, [TURN.at], 1], null],
];
const after = async (...call) => {
  asked.push(call);
  const known = ANSWERS.find(([args]) => JSON.stringify(args) === JSON.stringify(call));
  assert.ok(known, `no answer for ${JSON.stringify(call)}`);
  return known[1];
};

test('a turn is appended to the record and to the history, as a GET would answer', async () => {
  const game = await applyNews(GAME, TURN, after);
  assert.deepEqual(game, {
    ...GAME, ...stands(4), version: 4,
    record: {...GAME.record, turns: [turn('anna', 'red', 3), turn('ben', 'green', 1)]},
    // A standing turn is not listed: only its seconds and the turn it holds.
    history: {...GAME.history, seconds: [0, 40, 20, 75], holds: [0, null, null, 1]},
  });
  assert.deepEqual(GAME, frozen, 'the game applied to is left as it was');
});

test('the first turn of a game starts its history', async () => {
  const empty = {...GAME, version: 0, record: {...GAME.record, turns: []}, history: {start: null, seconds: [], holds: [], entries: []}};
  const first = {...TURN, version: 1};
  assert.deepEqual((await applyNews(empty, first, after)).history, {start: TURN.at, seconds: [0], holds: [0], entries: []});
});

test('without the referee a turn\'s news is not applied: the game is fetched', async () => {
  assert.equal(await applyNews(GAME, TURN, async () => null), null);
  assert.equal(await applyNews(GAME, TURN), null); // no referee in Node
});

test('a correction replaces the turns and the history with its own', async () => {
  const turns = [turn('anna', 'red', 4)];
  const history = {start: GAME.history.start, seconds: [0, 40, 20, 5], holds: [null, null, null, 0], entries: [{version: 4, kind: 'correction', replace: 0, by: 'anna'}]};
  const correction = {kind: 'correction', replace: 0, by: 'anna', turn: turns[0], replaced: {index: 0, turn: turn('anna', 'red', 3)},
    at: '2024-05-01T19:01:05Z', version: 4, ...stands(4), turns, history};
  const before = asked.length;
  const game = await applyNews(GAME, correction, after);
  assert.equal(asked.length, before, 'a correction carries its history');
  assert.deepEqual(game.record, {...GAME.record, turns});
  assert.deepEqual(game.history, history);
  assert.equal(game.version, 4);
  assert.deepEqual(game.state, stands(4).state);
});

test('news that is not the next version is not applied', async () => {
  assert.equal(await applyNews(GAME, {...TURN, version: 3}, after), null, 'shown already');
  assert.equal(await applyNews(GAME, {...TURN, version: 5}, after), null, 'a version in between is missing');
});

test('news without what it takes is not applied', async () => {
  for (const field of ['state', 'decision', 'scoresheet', 'turn', 'at']) {
    const {[field]: _, ...without} = TURN;
    assert.equal(await applyNews(GAME, without, after), null, field);
  }
  const {turns: _, ...correction} = {kind: 'correction', undo: true, by: 'ben', version: 4, ...stands(4), turns: [], history: GAME.history};
  assert.equal(await applyNews(GAME, correction, after), null, 'a correction without its turns');
  assert.equal(await applyNews(GAME, {kind: 'summary', version: 4, summary: {}}, after), null);
  assert.equal(await applyNews(GAME, null, after), null);
  assert.equal(await applyNews(null, TURN, after), null);
});

test('a game kept before the history took its shape is fetched again', async () => {
  assert.equal(await applyNews({...GAME, history: {start: GAME.history.start, entries: []}}, TURN, after), null);
});

test('a decision that is null (the game is over) is applied', async () => {
  assert.equal((await applyNews(GAME, {...TURN, decision: null}, after)).decision, null);
});
