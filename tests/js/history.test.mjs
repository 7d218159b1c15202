// A game's history as GET /games/{id} answers it, read by the one module
// that knows its shape (frontend/js/history.js), and what reads it in turn.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {entries, loggedAs, loggedTimes, turnLoggedAfter, turnsAsLogged} from '../../frontend/js/history.js';
import {bgStatsPlay, bgStatsLink} from '../../frontend/js/bgstats.js';
import {speak} from './speak.mjs';

await speak('en'); // the options played go to BG Stats in the app's words

const turn = (player, color, value) => ({player, actions: [{type: 'discard', card: {color, value}}, {type: 'draw', from: 'deck'}]});

// The log, as logged: Anna's turn, Ben's, Ben undoes his, Ben again, Anna
// replaces her first turn, Anna's next turn.
const LOG = [
  {kind: 'turn', turn: turn('anna', 'red', 3)},
  {kind: 'turn', turn: turn('ben', 'blue', 5)},
  {kind: 'correction', undo: true, by: 'ben'},
  {kind: 'turn', turn: turn('ben', 'green', 1)},
  {kind: 'correction', replace: 0, turn: turn('anna', 'red', 4), by: 'anna'},
  {kind: 'turn', turn: turn('anna', 'yellow', 2)},
];

// That log as the server answers it (tables/history.py history_of, store/log.py turns_of):
// the turns that stand in the record, the rest listed once.
const GAME = {
  record: {turns: [turn('anna', 'red', 4), turn('ben', 'green', 1), turn('anna', 'yellow', 2)]},
  history: {
    start: '2024-05-01T19:00:00Z',
    seconds: [0, 40, 20, 30, 30, 75],
    holds: [null, null, null, 1, 0, 2],
    entries: [
      {version: 1, kind: 'turn', turn: turn('anna', 'red', 3)},
      {version: 2, kind: 'turn', turn: turn('ben', 'blue', 5)},
      {version: 3, kind: 'correction', undo: true, by: 'ben'},
      {version: 5, kind: 'correction', replace: 0, by: 'anna'},
    ],
  },
};

test('the history unfolds into every entry as logged, each with the turn it logged', () => {
  const log = entries(GAME);
  assert.equal(log.length, LOG.length);
  log.forEach((entry, index) => {
    const logged = LOG[index];
    assert.equal(entry.index, index);
    assert.equal(entry.kind, logged.kind);
    assert.equal(entry.undo, logged.undo);
    assert.equal(entry.replace, logged.replace);
    assert.equal(entry.by, logged.by);
    assert.deepEqual(entry.turn, logged.turn, `entry ${index}`);
    assert.equal(entry.holds, GAME.history.holds[index]);
  });
});

test('an entry that holds a standing turn is that turn of the record', () => {
  const log = entries(GAME);
  assert.equal(log[3].turn, GAME.record.turns[1]); // the standing turn, not a copy
  assert.equal(log[4].turn, GAME.record.turns[0]); // the replacement holds turn 0
  assert.equal(log[0].holds, null); // the replaced turn holds none
});

test('a game kept offline before the history had this shape shows no log', () => {
  assert.deepEqual(entries({record: {turns: [turn('anna', 'red', 3)]}, history: {entries: []}}), []);
});

test('each entry\'s time is the start plus the seconds so far', () => {
  assert.deepEqual(loggedTimes(GAME).map(time => time.toISOString()), [
    '2024-05-01T19:00:00.000Z', '2024-05-01T19:00:40.000Z', '2024-05-01T19:01:00.000Z',
    '2024-05-01T19:01:30.000Z', '2024-05-01T19:02:00.000Z', '2024-05-01T19:03:15.000Z']);
});

test('the turn logged right after a version is found only when it is the one entry since and stands', () => {
  assert.equal(turnLoggedAfter(GAME, 5), 2);
  assert.equal(turnLoggedAfter(GAME, 4), null); // two entries since
  // After the undo (version 3): the entry since version 2 is a correction.
  const undone = {record: {turns: [turn('anna', 'red', 3)]}, history: {
    start: GAME.history.start, seconds: [0, 40, 20], holds: [0, null, null],
    entries: [{version: 2, kind: 'turn', turn: turn('ben', 'blue', 5)}, {version: 3, kind: 'correction', undo: true, by: 'ben'}]}};
  assert.equal(turnLoggedAfter(undone, 2), null);
  assert.equal(turnLoggedAfter(undone, 0), null);
  const two = {record: {turns: [turn('anna', 'red', 3), turn('ben', 'blue', 5)]}, history: {
    start: GAME.history.start, seconds: [0, 40], holds: [0, 1], entries: []}};
  assert.equal(turnLoggedAfter(two, 1), 1);
});

// Keltis's BoardGameGeek id and two of its options as GET /rulesets describes them (in English).
const KELTIS = {game: 'keltis', bgg: 34585, options: [
  {name: 'clover_can_enter', type: 'boolean', default: false, label: 'Clover may start a path'},
  {name: 'tie_break', type: 'string', default: 'shared', choices: ['shared', 'wishing_stones'], label: 'Equal totals',
    choice_labels: ['share the rank', 'more wishing stones rank higher']}]};

test('a finished game goes to BG Stats with its scores, ranks, winners, start player and length', () => {
  process.env.TZ = 'UTC'; // the play's date is in the phone's own time
  const game = {...GAME,
    record: {...GAME.record, game: 'keltis', options: {}, players: [{id: 'anna', name: 'Anna'}, {id: 'ben', name: 'Ben'}]},
    scoresheet: {players: [{id: 'ben', total: 31, rank: 1}, {id: 'anna', total: 24, rank: 2}], winners: ['ben']}};
  const play = bgStatsPlay(game, {id: 'g7Kx2', title: 'Keltis', ruleset: KELTIS});
  assert.deepEqual(play.game, {name: 'Keltis', bggId: 34585, highestWins: true, noPoints: false, sourceGameId: 'keltis'});
  assert.equal(play.playDate, '2024-05-01 19:03:15');
  assert.equal(play.durationMin, 3); // 3 min 15 s
  assert.deepEqual(play.players.map(p => [p.name, p.sourcePlayerId, p.score, p.rank, p.winner, p.startPlayer]),
    [['Anna', 'anna', 24, 2, false, true], ['Ben', 'ben', 31, 1, true, false]]);
  const link = new URL(bgStatsLink(play));
  assert.equal(link.origin + link.pathname, 'https://app.bgstatsapp.com/createPlay.html');
  assert.deepEqual(JSON.parse(link.searchParams.get('data')), play);
});

test('each entry names the turn it logged, undid or replaced', () => {
  assert.deepEqual(entries(GAME).map(entry => entry.number), [0, 1, 1, 1, 0, 2]);
});

test('the log by turn holds every version of a turn, each ended by the correction that undid or replaced it', () => {
  const turns = turnsAsLogged(GAME);
  assert.equal(turns.length, 3);
  const [first, second, third] = turns;
  assert.deepEqual(first.map(version => version.turn), [turn('anna', 'red', 3), turn('anna', 'red', 4)]);
  assert.deepEqual(first[0].ended, {undo: false, by: 'anna', at: new Date('2024-05-01T19:02:00Z')});
  assert.equal(first[1].ended, null); // the replacement stands
  assert.deepEqual(second.map(version => version.turn), [turn('ben', 'blue', 5), turn('ben', 'green', 1)]);
  assert.deepEqual(second[0].ended, {undo: true, by: 'ben', at: new Date('2024-05-01T19:01:00Z')});
  assert.equal(second[0].at.toISOString(), '2024-05-01T19:00:40.000Z');
  assert.deepEqual(third.map(version => version.ended), [null]);
  // Undone and not logged again: no version of the turn stands.
  const undone = {record: {turns: [turn('anna', 'red', 3)]}, history: {
    start: GAME.history.start, seconds: [0, 40, 20], holds: [0, null, null],
    entries: [{version: 2, kind: 'turn', turn: turn('ben', 'blue', 5)}, {version: 3, kind: 'correction', undo: true, by: 'ben'}]}};
  const [, last] = turnsAsLogged(undone);
  assert.equal(last.length, 1);
  assert.equal(last[0].ended.undo, true);
});

test('a play pushed to BG Stats again is the same play: its source and id stay', () => {
  const game = {...GAME, record: {...GAME.record, game: 'celtica', options: {}, players: [{id: 'anna', name: 'Anna'}]},
    scoresheet: {players: [{id: 'anna', total: 1, rank: 1}], winners: ['anna']}};
  const plays = [1, 2].map(() => bgStatsPlay(game, {id: 'g7Kx2', title: 'Celtica', ruleset: {options: [], bgg: 21293}}));
  assert.deepEqual(plays.map(p => [p.sourceName, p.sourcePlayId]), [['Brehon', 'g7Kx2'], ['Brehon', 'g7Kx2']]);
  assert.equal(plays[0].game.bggId, 21293);
  const other = bgStatsPlay(game, {id: 'h8Ly3', title: 'Celtica', ruleset: {options: [], bgg: 21293}});
  assert.notEqual(other.sourcePlayId, plays[0].sourcePlayId);
  // Keltis: Das Orakel has no BoardGameGeek id here: BG Stats matches it by name, and no empty id is sent.
  const orakel = bgStatsPlay({...game, record: {...game.record, game: 'keltis-orakel'}}, {id: 'g7Kx2', title: 'Keltis: Das Orakel',
    ruleset: {options: [], bgg: null}});
  assert.equal('bggId' in JSON.parse(JSON.stringify(orakel)).game, false);
});

test('the options played go to BG Stats as its board, in words, every default filled in', () => {
  const game = {...GAME, record: {...GAME.record, game: 'keltis', options: {tie_break: 'wishing_stones'},
    players: [{id: 'anna', name: 'Anna'}]}, scoresheet: {players: [{id: 'anna', total: 1, rank: 1}], winners: ['anna']}};
  assert.equal(bgStatsPlay(game, {id: 'g7Kx2', title: 'Keltis', ruleset: KELTIS}).board,
    'Clover may start a path: no; Equal totals: more wishing stones rank higher');
});


test('a turn is known as logged at its place only when it is the same data', () => {
  // Ben's green 1 made version 4; its keys in another order are the same turn.
  const green = {player: 'ben', actions: [{card: {value: 1, color: 'green'}, type: 'discard'}, {from: 'deck', type: 'draw'}]};
  assert.equal(loggedAs(GAME, 3, green).number, 1);
  assert.equal(loggedAs(GAME, 2, green), null); // the entry there is a correction
  assert.equal(loggedAs(GAME, 3, turn('ben', 'green', 2)), null); // another card
  assert.equal(loggedAs(GAME, 3, {...green, player: 'anna'}), null); // another player
  assert.equal(loggedAs(GAME, 3, {...green, actions: green.actions.slice(0, 1)}), null); // part of it
  assert.equal(loggedAs(GAME, 6, green), null); // nothing logged there yet
  // A turn since replaced was logged all the same.
  assert.equal(loggedAs(GAME, 0, turn('anna', 'red', 3)).number, 0);
});
