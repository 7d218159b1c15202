// "Send to BG Stats": the play as BG Stats' documented push-play link
// (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
// https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>, the
// JSON holding the app it comes from and the play's id there (sourceName,
// sourcePlayId: a play pushed again updates the play it made instead of
// adding a second), the game with its BoardGameGeek id, the date, the
// duration, the options played as `board`, and the players with their
// scores, ranks, winners and the start player.
import {loggedTimes} from './history.js';
import {optionsWords} from './words.js';

const PUSH = 'https://app.bgstatsapp.com/createPlay.html';
const SOURCE = 'Brehon';

/** The BG Stats play of a finished game: `game` the GET /games/{id} answer,
 * `id` its id (the play's id at Brehon), `title` the game's name, `ruleset`
 * its GET /rulesets entry (the options in words, in the app's language), if known. */
export function bgStatsPlay(game, {id, title, ruleset}) {
  const times = loggedTimes(game);
  const [first, last] = [times[0], times.at(-1)];
  const byId = Object.fromEntries(game.scoresheet.players.map(p => [p.id, p]));
  const winners = new Set(game.scoresheet.winners);
  return {
    sourceName: SOURCE,
    sourcePlayId: id,
    // BG Stats finds the game by its BoardGameGeek id, as its package declares
    // it; where none is known, by its name (and remembers the match, by sourceGameId).
    game: {name: title, bggId: ruleset?.bgg ?? undefined, sourceGameId: game.record.game, highestWins: true, noPoints: false},
    playDate: localTime(last),
    durationMin: Math.round((last - first) / 60000),
    board: ruleset ? optionsWords(ruleset, game.record.options) : '',
    comments: '',
    players: game.record.players.map((player, seat) => ({
      name: player.name,
      sourcePlayerId: player.id,
      score: byId[player.id].total,
      rank: byId[player.id].rank,
      winner: winners.has(player.id),
      startPlayer: seat === 0, // the first seat starts (CONTRACT: players in seating order)
      role: '',
    })),
  };
}

/** The push-play link of a play. */
export function bgStatsLink(play) {
  return `${PUSH}?data=${encodeURIComponent(JSON.stringify(play))}`;
}

// "2020-10-23 19:16:58" in the phone's own time, as BG Stats' example has it.
function localTime(date) {
  const pad = n => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} `
    + `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
