// Card rows and discard piles, shared by Keltis and Keltis: Das Orakel.
import {h} from '../ui.js';
import {t} from '../i18n.js';
import {colour, card} from '../words.js';

const ARROW = {ascending: '↑', descending: '↓'};

/** The cards section of both games (`ruleset` the game's GET /rulesets
 * entry): the deck, the piles, and every seat's rows with its stones,
 * track, what else the game counts (`more`) and its known hand cards. */
export function cards(game, names, ruleset, more = () => null) {
  const view = game.state;
  return h('div', {},
    h('p', {}, t('table.deck', {n: view.draw_pile})),
    piles(view.piles, ruleset),
    cardRows(view.players, names, ruleset, seat => [
      t('cards.stones', {n: seat.stones_held}), ' · ', t('cards.track', {n: seat.track}),
      more(seat),
      seat.hand.known.length ? [' · ', t('table.known', {cards: seat.hand.known.map(c => card(c, ruleset)).join(', ')})] : null]));
}

/** Every player's card rows with their direction, and extra facts per
 * seat: a table per player, a line per colour, so that every colour is in
 * view at 320 px however long its row grows (five colour columns side by
 * side cut the last off). */
function cardRows(players, names, ruleset, extra) {
  const colours = Object.keys(Object.values(players)[0].rows); // in the engine's order
  return h('div', {class: 'card-rows', role: 'group', 'aria-label': t('table.rows')}, Object.entries(players).map(([id, seat]) =>
    h('div', {class: 'seat-rows', dataset: {player: id}},
      h('table', {class: 'cardrow'},
        h('caption', {}, names[id] || id),
        h('tbody', {}, colours.map(c => {
          const {cards, direction} = seat.rows[c];
          return h('tr', {dataset: {color: c}}, h('th', {scope: 'row', class: `c-${c}`}, colour(c, ruleset)),
            h('td', {}, cards.length ? cards.join(' ') : '–', direction ? h('span', {title: t(`dir.${direction}`)},
              ` ${ARROW[direction]}`, h('span', {class: 'sr'}, t(`dir.${direction}`))) : null));
        }))),
      h('p', {class: 'hint'}, extra(seat)))));
}

/** The top card of each discard pile. */
function piles(piles, ruleset) {
  return h('p', {}, t('table.piles'), ' ', Object.entries(piles).map(([c, pile]) => {
    const top = pile.length ? pile.at(-1) : '–';
    return h('span', {class: `c-${c}`}, `${colour(c, ruleset)} ${top} `);
  }));
}
