// BG Stats' duration and date read the log's times (issue 29, point 6): a
// game played offline and sent hours later keeps, in its history, when each
// turn was played (POST .../turns?played_at=), so BG Stats gets the evening.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {bgStatsPlay} from '../../frontend/js/bgstats.js';
import {speak} from './speak.mjs';

await speak('en');

const turn = player => ({player, actions: [{type: 'discard', card: {color: 'red', value: 3}}, {type: 'draw', from: 'deck'}]});

// Four turns played 19:00 to 21:40 with the phone offline, all sent at 23:05:
// the server logged each when it was played (the gaps), not when it arrived.
const EVENING = {
  record: {game: 'keltis', options: {}, players: [{id: 'anna', name: 'Anna'}, {id: 'ben', name: 'Ben'}],
    turns: ['anna', 'ben', 'anna', 'ben'].map(turn)},
  history: {start: '2026-12-07T19:00:00Z', seconds: [0, 2400, 3600, 3600], holds: [0, 1, 2, 3], entries: []},
  scoresheet: {players: [{id: 'anna', total: 12, rank: 1}, {id: 'ben', total: 9, rank: 2}], winners: ['anna']},
};

test('an evening played offline goes to BG Stats as the evening: its length and when it ended', () => {
  process.env.TZ = 'UTC'; // the play's date is in the phone's own time
  const play = bgStatsPlay(EVENING, {id: 'g7Kx2', title: 'Keltis', ruleset: {options: [], bgg: 34585}});
  assert.equal(play.durationMin, 160);
  assert.equal(play.playDate, '2026-12-07 21:40:00');
});
