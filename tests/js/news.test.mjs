// A turn's or a correction's news (scoring/news.py) applied to the game as
// GET /games/{id} answered it (frontend/js/news.js): the game a GET would
// now answer, or null when the phone must fetch it.
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

// Ben's turn, logged 75 seconds after the undo (19:01:00 + 75 s): what it adds
// to the history is the engine's (scoring/news.py; tests/test_answers.py tells
// these values).
const TURN = {kind: 'turn', turn: turn('ben', 'green', 1), at: '2024-05-01T19:02:15Z', version: 4, ...stands(4),
  in_history: {seconds: 75, holds: 1}};

test('a turn is appended to the record, and what the engine says it adds to the history', () => {
  const game = applyNews(GAME, TURN);
  assert.deepEqual(game, {
    ...GAME, ...stands(4), version: 4,
    record: {...GAME.record, turns: [turn('anna', 'red', 3), turn('ben', 'green', 1)]},
    // A standing turn is not listed: only its seconds and the turn it holds.
    history: {...GAME.history, seconds: [0, 40, 20, 75], holds: [0, null, null, 1]},
  });
  assert.deepEqual(GAME, frozen, 'the game applied to is left as it was');
});

test('the first turn of a game starts its history', () => {
  const empty = {...GAME, version: 0, record: {...GAME.record, turns: []}, history: {start: null, seconds: [], holds: [], entries: []}};
  const first = {...TURN, version: 1, in_history: {seconds: 0, holds: 0, start: TURN.at}};
  assert.deepEqual(applyNews(empty, first).history, {start: TURN.at, seconds: [0], holds: [0], entries: []});
});

test('a correction replaces the turns and the history with its own', () => {
  const turns = [turn('anna', 'red', 4)];
  const history = {start: GAME.history.start, seconds: [0, 40, 20, 5], holds: [null, null, null, 0], entries: [{version: 4, kind: 'correction', replace: 0, by: 'anna'}]};
  const correction = {kind: 'correction', replace: 0, by: 'anna', turn: turns[0], replaced: {index: 0, turn: turn('anna', 'red', 3)},
    at: '2024-05-01T19:01:05Z', version: 4, ...stands(4), turns, history};
  const game = applyNews(GAME, correction);
  assert.deepEqual(game.record, {...GAME.record, turns});
  assert.deepEqual(game.history, history);
  assert.equal(game.version, 4);
  assert.deepEqual(game.state, stands(4).state);
});

test('news that is not the next version is not applied', () => {
  assert.equal(applyNews(GAME, {...TURN, version: 3}), null, 'shown already');
  assert.equal(applyNews(GAME, {...TURN, version: 5}), null, 'a version in between is missing');
});

test('news without what it takes is not applied', () => {
  for (const field of ['state', 'decision', 'scoresheet', 'turn', 'at', 'in_history']) {
    const {[field]: _, ...without} = TURN;
    assert.equal(applyNews(GAME, without), null, field);
  }
  const {turns: _, ...correction} = {kind: 'correction', undo: true, by: 'ben', version: 4, ...stands(4), turns: [], history: GAME.history};
  assert.equal(applyNews(GAME, correction), null, 'a correction without its turns');
  assert.equal(applyNews(GAME, {kind: 'summary', version: 4, summary: {}}), null);
  assert.equal(applyNews(GAME, null), null);
  assert.equal(applyNews(null, TURN), null);
});

test('a game kept before the history took its shape is fetched again', () => {
  assert.equal(applyNews({...GAME, history: {start: GAME.history.start, entries: []}}, TURN), null);
});

test('a decision that is null (the game is over) is applied', () => {
  assert.equal(applyNews(GAME, {...TURN, decision: null}).decision, null);
});
