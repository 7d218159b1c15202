// A match: a game whose rounds are records of their own (its package
// declares `setup.carry`). The next round is started once for the whole
// table (POST /games/{id}/next: another phone asking again gets the same
// round) and opens with the round's own tokens, so a phone that follows it
// needs no new one; each round names the one it follows (`follows`) and
// its number (`round`), so any phone lists the rounds from the server.
import {h} from './ui.js';
import {t} from './i18n.js';
import {api, problemText} from './api.js';
import {get, put} from './db.js';
import {go} from './go.js';

/** Each player's total so far in the round of `game`. */
export const totalsOf = game => Object.fromEntries(game.scoresheet.players.map(p => [p.id, p.total]));

/** The totals so far after each round of the match (`totals`), the round of
 * `game` last, the rounds before read by `follows` with this phone's
 * `token`; and `earlier`, what the first of them carried in, if anything. */
export async function roundsOf(game, token) {
  const totals = [totalsOf(game)];
  let first = game;
  for (let before = game.follows; before;) {
    ({data: first} = await api(`/games/${before}`, {token}));
    totals.unshift(totalsOf(first));
    before = first.follows;
  }
  const carry = first.record.setup?.carry;
  return {totals, earlier: carry && Object.values(carry).some(Boolean) ? carry : null};
}

/** Open the round `next` that follows the round of `game` (`mine`: this
 * phone's entry of it): kept on this phone with the same token and role.
 * A phone that has it already keeps what it holds. */
export async function openRound(mine, game, next) {
  const {token, spectator, spectator_token: spectatorToken, colours} = mine;
  const fresh = {id: next, token, spectator, spectator_token: spectatorToken, game: game.record.game, colours,
    joined: Date.now()};
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
  const n = (game.round || 1) + 1;
  return h('div', {id: 'next-offer', class: 'panel', role: 'status'},
    h('p', {}, t('sheet.round_started', {n})),
    h('button', {id: 'open-next', class: 'primary', onclick: () => openRound(mine, game, game.next)},
      t('sheet.open_round', {n})));
}
