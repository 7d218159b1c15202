// Keltis as it stands: five paths of nine stones with figures and known
// tiles, every player's card rows, the discard piles and the deck.
import {h, svg} from '../ui.js';
import {t} from '../i18n.js';
import {colour, tile, card} from '../words.js';
import {cardRows, piles} from './cards.js';

const PATHS = ['red', 'yellow', 'green', 'blue', 'purple'];
const MARK = {wish: '✦', clover: '♣', 'points-1': '+1', 'points-2': '+2', 'points-3': '+3', none: '·'};

/** The board of a Keltis game (GET /games/{id} answer). */
export function board(game, names) {
  const view = game.state;
  const initials = Object.fromEntries(Object.entries(names).map(([id, name]) => [id, name.slice(0, 2)]));
  const width = 60, height = 36;
  const paths = svg('svg', {class: 'board', viewBox: `0 0 ${PATHS.length * width + 30} ${10 * height + 10}`,
    role: 'img', 'aria-labelledby': 'board-title'},
  svg('title', {id: 'board-title'}, describe(view, names)));
  PATHS.forEach((path, p) => {
    const x = 30 + p * width + width / 2;
    paths.append(svg('text', {x, y: 10 * height, 'text-anchor': 'middle', class: `c-${path}`, fill: 'currentColor'}, colour(path)));
    for (let row = 1; row <= 9; row++) {
      const y = (9 - row) * height + 20;
      const stone = view.stones[path][String(row)];
      const content = stone.taken ? 'none' : stone.tile;
      paths.append(svg('rect', {x: x - 24, y: y - 14, width: 48, height: 28, rx: 8,
        class: `stone${row >= 7 ? ' goal' : ''}`}));
      paths.append(svg('text', {x: x - 20, y: y - 2}, content === null ? '?' : MARK[content]));
      const here = Object.entries(view.players).flatMap(([id, seat]) =>
        seat.figures.filter(f => f.path === path && f.row === row).map(f => (f.large ? initials[id].toUpperCase() + '★' : initials[id])));
      if (here.length) paths.append(svg('text', {x: x + 22, y: y + 4, 'text-anchor': 'end', 'font-weight': 700}, here.join(' ')));
    }
  });
  for (let row = 1; row <= 9; row++) paths.append(svg('text', {x: 4, y: (9 - row) * height + 24}, String(row)));
  return h('div', {},
    paths,
    h('p', {class: 'hint'}, t('keltis.legend')),
    h('p', {}, t('table.deck', {n: view.draw_pile}), ' · ', t('keltis.goal_area', {n: view.goal_area})));
}

/** Every player's card rows, the discard piles and the deck. */
export function cards(game, names) {
  const view = game.state;
  return h('div', {},
    h('p', {}, t('table.deck', {n: view.draw_pile})),
    piles(view.piles),
    cardRows(view.players, names, seat => [
      t('keltis.stones', {n: seat.stones_held}), ' · ', t('keltis.track', {n: seat.track}),
      seat.hand && seat.hand.known.length ? [' · ', t('table.known', {cards: seat.hand.known.map(card).join(', ')})] : null]));
}

function describe(view, names) {
  const figures = Object.entries(view.players).map(([id, seat]) =>
    `${names[id]}: ${seat.figures.map(f => `${f.large ? t('figure.large') : t('figure.small')} ${colour(f.path)} ${f.row}`).join(', ') || t('nothing')}`);
  const known = PATHS.flatMap(path => Object.entries(view.stones[path])
    .filter(([, s]) => s.tile && s.tile !== 'none' && !s.taken).map(([row, s]) => `${colour(path)} ${row} ${tile(s.tile)}`));
  return `${t('table.board')}. ${figures.join('; ')}. ${known.join(', ')}`;
}
