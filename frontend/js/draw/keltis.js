// Keltis as it stands: five paths of nine stones, each path in its colour
// with its symbol, figures as tokens in the players' colours, the known
// tiles as icons above them; every player's card rows, the discard piles and
// the deck. The turn being composed shows on the board: the figure that
// would move and the stone it lands on.
import {h, svg} from '../ui.js';
import {t} from '../i18n.js';
import {colour, tile, symbol} from '../words.js';
import {cards as familyCards} from './cards.js';
import {initials, tokens} from './tokens.js';

const MARK = {wish: '✦', clover: '♣', 'points-1': '+1', 'points-2': '+2', 'points-3': '+3', none: ''};
// In viewBox units, about px at 390 px wide: the board is drawn ~360 wide.
const LEFT = 22, COLUMN = 67, HEAD = 50, ROW = 60;

/** The board of a Keltis game (GET /games/{id} answer); `colours` of the
 * seats, and the turn being `composing` for its preview. */
export function board(game, names, {colours = {}, composing = null} = {}) {
  const view = game.state;
  const PATHS = Object.keys(view.stones); // in the engine's order
  const marks = initials(names);
  const preview = previewOf(game, composing);
  const paths = svg('svg', {class: 'board keltis', viewBox: `0 0 ${LEFT + PATHS.length * COLUMN} ${HEAD + 9 * ROW + 4}`,
    role: 'img', 'aria-labelledby': 'board-title'},
  svg('title', {id: 'board-title'}, describe(view, names)));
  // The goal area: rows 7 to 9.
  paths.append(svg('rect', {x: LEFT - 2, y: HEAD - 2, width: PATHS.length * COLUMN + 2, height: 3 * ROW, rx: 10, class: 'goal-area'}));
  PATHS.forEach((path, p) => {
    const x = LEFT + p * COLUMN;
    const column = svg('g', {class: `path c-${path}`, 'data-path': path});
    column.append(svg('text', {x: x + COLUMN / 2, y: 20, 'text-anchor': 'middle', class: 'ink path-name'},
      svg('tspan', {class: 'path-symbol'}, symbol(path)), svg('tspan', {x: x + COLUMN / 2, dy: 22}, t(`colour.${path}`))));
    for (let row = 1; row <= 9; row++) {
      const y = HEAD + (9 - row) * ROW;
      const stone = view.stones[path][String(row)];
      const content = stone.taken ? 'none' : stone.tile;
      const landing = preview && preview.path === path && preview.to === row;
      column.append(svg('rect', {x: x + 3, y: y + 3, width: COLUMN - 6, height: ROW - 6, rx: 9,
        class: `stone${landing ? ' landing' : ''}`, 'data-row': row}));
      column.append(svg('text', {x: x + 9, y: y + 24, class: 'tile'}, content === null ? '?' : MARK[content]));
      const here = Object.entries(view.players).flatMap(([id, seat]) => seat.figures
        .filter(f => f.path === path && f.row === row)
        .map(f => ({colour: colours[id] || 'grey', label: marks[id], large: Boolean(f.large),
          moving: Boolean(preview && preview.player === id && preview.path === path && preview.from === row)})));
      column.append(...tokens(x + 4, y + ROW - 21, COLUMN - 8, here, 14));
    }
    paths.append(column);
  });
  for (let row = 1; row <= 9; row++) {
    paths.append(svg('text', {x: 2, y: HEAD + (9 - row) * ROW + ROW / 2 + 6, class: 'row-number'}, String(row)));
  }
  return h('div', {},
    paths,
    preview ? h('p', {id: 'board-preview', class: 'preview'}, t('board.preview', {
      player: names[preview.player], path: colour(preview.path), to: preview.to})) : null,
    h('p', {class: 'hint'}, t('keltis.legend')),
    h('p', {}, t('table.deck', {n: view.draw_pile}), ' · ', t('keltis.goal_area', {n: view.goal_area})));
}

// The play being composed: its path (picked or logged), the figure there and
// the stone it reaches, as the server's main decision says (choices.play).
function previewOf(game, composing) {
  if (!composing || !composing.player || composing.at !== null) return null;
  const first = composing.actions[0];
  const picked = Object.fromEntries(composing.picks.map(p => [p.key, p.value]));
  const color = first ? first.type === 'play' && first.card.color : picked.type === 'play' && picked['card.color'];
  const choices = composing.checks[0].decision && composing.checks[0].decision.choices;
  const move = color && choices && choices.play && choices.play[color];
  if (!move || !['enter', 'step'].includes(move.move)) return null;
  const figure = game.state.players[composing.player].figures.find(f => f.path === color);
  return {player: composing.player, path: color, from: figure ? figure.row : 0, to: move.move === 'enter' ? 1 : move.to_row};
}

/** Every player's card rows, the discard piles and the deck. */
export function cards(game, names) {
  return familyCards(game, names);
}

function describe(view, names) {
  const figures = Object.entries(view.players).map(([id, seat]) =>
    `${names[id]}: ${seat.figures.map(f => `${f.large ? t('figure.large') : t('figure.small')} ${colour(f.path)} ${f.row}`).join(', ') || t('nothing')}`);
  const known = Object.entries(view.stones).flatMap(([path, stones]) => Object.entries(stones)
    .filter(([, s]) => s.tile && s.tile !== 'none' && !s.taken).map(([row, s]) => `${colour(path)} ${row} ${tile(s.tile)}`));
  return `${t('table.board')}. ${figures.join('; ')}. ${known.join(', ')}`;
}
