// Card rows and discard piles, shared by Keltis and Keltis: Das Orakel.
import {h} from '../ui.js';
import {t} from '../i18n.js';
import {colour, card} from '../words.js';

const ARROW = {ascending: '↑', descending: '↓'};

/** The cards section of both games: the deck, the piles, and every seat's
 * rows with its stones, track, what else the game counts (`more`) and its
 * known hand cards. */
export function cards(game, names, more = () => null) {
  const view = game.state;
  return h('div', {},
    h('p', {}, t('table.deck', {n: view.draw_pile})),
    piles(view.piles),
    cardRows(view.players, names, seat => [
      t('keltis.stones', {n: seat.stones_held}), ' · ', t('keltis.track', {n: seat.track}),
      more(seat),
      seat.hand.known.length ? [' · ', t('table.known', {cards: seat.hand.known.map(card).join(', ')})] : null]));
}

/** Every player's card rows with their direction, and extra facts per seat. */
function cardRows(players, names, extra) {
  const colours = Object.keys(Object.values(players)[0].rows); // in the engine's order
  return h('div', {class: 'scroll', tabindex: 0, role: 'region', 'aria-label': t('table.rows')}, h('table', {class: 'cardrow'},
    h('caption', {class: 'sr'}, t('table.rows')),
    h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, t('table.player')),
      colours.map(c => h('th', {scope: 'col', class: `c-${c}`}, colour(c))))),
    h('tbody', {}, Object.entries(players).map(([id, seat]) => [
      h('tr', {}, h('th', {scope: 'row'}, names[id] || id), colours.map(c => {
        const {cards, direction} = seat.rows[c];
        return h('td', {}, cards.join(' '), direction ? h('span', {title: t(`dir.${direction}`)}, ` ${ARROW[direction]}`,
          h('span', {class: 'sr'}, t(`dir.${direction}`))) : null);
      })),
      h('tr', {}, h('td', {colspan: 6, class: 'hint'}, extra(seat)))]))));
}

/** The top card of each discard pile. */
function piles(piles) {
  return h('p', {}, t('table.piles'), ' ', Object.entries(piles).map(([c, pile]) => {
    const top = pile.length ? pile.at(-1) : '–';
    return h('span', {class: `c-${c}`}, `${colour(c)} ${top} `);
  }));
}
