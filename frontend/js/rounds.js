// A match: a game whose rounds are records of their own (its package
// declares `setup.carry`). Its rounds are kept on this phone, on its entry
// of the round being played: [{id, totals}], each round's totals so far.
// The next round is started once for the whole table (POST
// /games/{id}/next: another phone asking again gets the same round) and
// opens with the round's own tokens, so a phone that follows it needs none.
import {h} from './ui.js';
import {t} from './i18n.js';
import {api, problemText} from './api.js';
import {get, put} from './db.js';
import {go} from './go.js';

/** The rounds of the match so far, the round of `game` last (`mine`: this phone's entry of it). */
export const roundsOf = (mine, game) => [...(mine.rounds || []),
  {id: mine.id, totals: Object.fromEntries(game.scoresheet.players.map(p => [p.id, p.total]))}];

/** Open the round `next` that follows the round of `game`: kept on this
 * phone with the same token (and role) and the rounds so far. A phone that
 * has it already keeps what it holds. */
export async function openRound(mine, game, next) {
  const {token, spectator, spectator_token: spectatorToken, names, colours} = mine;
  const fresh = {id: next, token, spectator, spectator_token: spectatorToken, game: game.record.game, names, colours,
    joined: Date.now(), rounds: roundsOf(mine, game)};
  await put('games', {...fresh, ...(await get('games', next))});
  go('game', next);
}

/** "Next round": start it (or, when another phone was first, find it) and open it; a problem is said in `problem`. */
export async function startRound(mine, game, problem) {
  try {
    const {data} = await api(`/games/${mine.id}/next`, {method: 'POST', token: mine.token});
    await openRound(mine, game, data.id);
  } catch (error) {
    problem.textContent = problemText(error);
  }
}

/** The offer of the next round, once a phone started it: "Round 2 has started", and open it. */
export function nextOffer(mine, game) {
  const n = roundsOf(mine, game).length + 1;
  return h('div', {id: 'next-offer', class: 'panel', role: 'status'},
    h('p', {}, t('sheet.round_started', {n})),
    h('button', {id: 'open-next', class: 'primary', onclick: () => openRound(mine, game, game.next)},
      t('sheet.open_round', {n})));
}
