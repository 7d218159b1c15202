// Keltis: Das Orakel as it stands: the spiral as a snake of numbered fields
// with figures, the priestess, tiles and the oracle area; the card rows.
import {h, svg} from '../ui.js';
import {t} from '../i18n.js';
import {colour, card} from '../words.js';
import {cardRows, piles} from './cards.js';

const PER_LINE = 6;
const MARK = {'points-1': '+1', 'points-2': '+2', 'points-3': '+3', 'points-4': '+4', spiral: '@', goblin: 'G', mirror: 'M',
  'clover-red': '♣', 'clover-yellow': '♣', 'clover-green': '♣', 'clover-blue': '♣', 'clover-purple': '♣', none: '·'};

/** The board of an Orakel game (GET /games/{id} answer). */
export function board(game, names) {
  const view = game.state;
  const fields = game.record.board.fields;
  const oracle = game.record.board.oracle_from;
  const initials = Object.fromEntries(Object.entries(names).map(([id, name]) => [id, name.slice(0, 2)]));
  const size = 56;
  const lines = Math.ceil(fields.length / PER_LINE);
  const spiral = svg('svg', {class: 'board', viewBox: `0 0 ${PER_LINE * size + 4} ${lines * size + 4}`, role: 'img',
    'aria-labelledby': 'board-title'}, svg('title', {id: 'board-title'}, describe(view, names)));
  fields.forEach((field, index) => {
    const line = Math.floor(index / PER_LINE);
    const col = line % 2 ? PER_LINE - 1 - (index % PER_LINE) : index % PER_LINE;
    const x = 2 + col * size, y = 2 + line * size;
    const tileHere = (view.fields && view.fields[index]) || {};
    spiral.append(svg('rect', {x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: field.kind === 'small' ? 6 : 14,
      class: `stone${index >= oracle ? ' goal' : ''}`, style: `stroke: var(--${field.color || 'line'}); stroke-width: 3`}));
    spiral.append(svg('text', {x: x + 6, y: y + 16}, String(index)));
    const mark = field.kind === 'small' ? (tileHere.tile ? MARK[tileHere.tile] || '' : '?') : `✦${tileHere.stones ?? ''}`;
    spiral.append(svg('text', {x: x + size - 6, y: y + 16, 'text-anchor': 'end'}, mark));
    const here = Object.entries(view.players).flatMap(([id, seat]) =>
      (seat.figures || []).filter(f => (typeof f === 'object' ? f.field : f) === index).map(() => initials[id]));
    if (view.priestess === index) here.push('♀');
    if (here.length) spiral.append(svg('text', {x: x + 6, y: y + size - 10, 'font-weight': 700}, here.join(' ')));
  });
  return h('div', {},
    spiral,
    h('p', {class: 'hint'}, t('orakel.legend')),
    h('p', {}, t('table.deck', {n: view.draw_pile}), ' · ', t('orakel.priestess', {field: view.priestess})));
}

/** Every player's card rows, the discard piles and the deck. */
export function cards(game, names) {
  const view = game.state;
  return h('div', {},
    h('p', {}, t('table.deck', {n: view.draw_pile})),
    piles(view.piles || {}),
    cardRows(view.players, names, seat => [
      t('keltis.stones', {n: seat.stones_held ?? 0}), ' · ', t('keltis.track', {n: seat.track ?? 0}),
      seat.mirrors ? [' · ', t('orakel.mirrors', {n: seat.mirrors})] : null,
      seat.hand && seat.hand.known && seat.hand.known.length ? [' · ', t('table.known', {cards: seat.hand.known.map(card).join(', ')})] : null]));
}

function describe(view, names) {
  const figures = Object.entries(view.players).map(([id, seat]) =>
    `${names[id]}: ${(seat.figures || []).map(f => t('field', {field: typeof f === 'object' ? f.field : f})).join(', ')}`);
  return `${t('table.board')}. ${figures.join('; ')}. ${t('orakel.priestess', {field: view.priestess})}. ${colour('green')}`;
}
