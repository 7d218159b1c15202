// "Send to BG Stats": the play as BG Stats' documented push-play link
// (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
// https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>, the
// JSON holding the game, the date, the duration and the players with their
// scores, ranks, winners and the start player. BG Stats matches the game and
// players by name on import (no BGG id is sent: Brehon does not keep one).
const PUSH = 'https://app.bgstatsapp.com/createPlay.html';

/** The BG Stats play of a finished game (GET /games/{id} answer). */
export function bgStatsPlay(game, title) {
  // The log's times: its start, then each entry's seconds after the one before.
  const first = new Date(game.history.start);
  const last = new Date(first.getTime() + 1000 * game.history.seconds.reduce((sum, step) => sum + step, 0));
  const byId = Object.fromEntries(game.scoresheet.players.map(p => [p.id, p]));
  const winners = new Set(game.scoresheet.winners);
  return {
    game: {name: title, highestWins: true, noPoints: false, sourceGameId: game.record.game},
    playDate: localTime(last),
    durationMin: Math.round((last - first) / 60000),
    board: '',
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
