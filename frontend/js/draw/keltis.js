// Keltis as it stands: five paths of nine stones, each path in its colour
// with its symbol, figures as tokens in the players' colours, the known
// tiles as icons above them; every player's card rows, the discard piles and
// the deck. The turn being composed shows on the board: each figure it moves
// and the stone that figure has reached so far.
import {h, svg, placeButton} from '../ui.js';
import {t, language} from '../i18n.js';
import {colour, colourName, drawn as said, figure, tile, symbol} from '../words.js';
import {cards as familyCards} from './cards.js';
import {initials, tokens} from './tokens.js';

const MARK = {wish: '✦', clover: '♣', 'points-1': '+1', 'points-2': '+2', 'points-3': '+3', none: ''};
// In viewBox units, about px at 390 px wide: the board is drawn ~360 wide.
const LEFT = 22, COLUMN = 67, HEAD = 70, ROW = 60;

/** The board of a Keltis game (GET /games/{id} answer, `ruleset` its GET
 * /rulesets entry); `colours` of the seats, and the turn being `composing`
 * for its preview. */
export function board(game, names, {ruleset, colours = {}, composing = null}) {
  const view = game.state;
  const preview = previewOf(game, composing);
  const paths = drawPaths(view, {ruleset, names, colours, preview});
  return h('div', {},
    paths,
    preview ? h('p', {id: 'board-preview', class: 'preview'}, previewText(preview, names, ruleset)) : null,
    h('p', {class: 'hint'}, said(ruleset, 'legend')),
    h('p', {}, t('table.deck', {n: view.draw_pile}), ' · ', said(ruleset, 'goal_area', {n: view.goal_area})));
}

/** The board as the table lays out its tiles before the game: each stone a
 * button that calls `choose(path, row)`, showing the tile laid there
 * (`tiles` by "path:row"; "?" where none is laid yet). */
export function layoutBoard(ruleset, paths, rows, tiles, choose) {
  const stones = Object.fromEntries(paths.map(path => [path, Object.fromEntries(Array.from({length: rows},
    (_, r) => [String(r + 1), {tile: tiles[`${path}:${r + 1}`] || null, taken: false}]))]));
  return drawPaths({stones, players: {}}, {ruleset, choose});
}

/** Where the new-game screen may lay a tile (rules §3.2): every stone, as
 * {key: "path:row", label, row}. */
export function setupPlaces(ruleset) {
  const {pieces} = ruleset;
  return pieces.paths.flatMap(path => Array.from({length: pieces.rows},
    (_, r) => ({key: `${path}:${r + 1}`, label: `${colour(path, ruleset)} ${r + 1}`, row: r + 1})));
}

/** The paths for laying out tiles: each stone a button that calls
 * `lay(place)` (a place of setupPlaces), showing `tiles` by place. */
export function setupBoard(ruleset, profile, tiles, lay) {
  const places = Object.fromEntries(setupPlaces(ruleset).map(place => [place.key, place]));
  return layoutBoard(ruleset, ruleset.pieces.paths, ruleset.pieces.rows, tiles, (path, row) => lay(places[`${path}:${row}`]));
}

/** What a tile looks like on the board: a sign, never only a colour. */
export function tileMark(id) {
  return MARK[id];
}

// The five paths with their stones, tiles and figures; with `choose`, every
// stone is a button (its whole cell the target: about 56 x 50 px at 320 px).
function drawPaths(view, {ruleset, names = {}, colours = {}, preview = null, choose = null}) {
  const PATHS = Object.keys(view.stones); // in the engine's order
  const marks = initials(names);
  const size = {viewBox: `0 0 ${LEFT + PATHS.length * COLUMN} ${HEAD + 9 * ROW + 4}`};
  const paths = choose
    ? svg('svg', {class: 'board keltis tall laying', ...size, role: 'group', 'aria-label': t('new.tiles_board')})
    : svg('svg', {class: 'board keltis tall', ...size, role: 'img', 'aria-labelledby': 'board-title'},
      svg('title', {id: 'board-title'}, describe(view, names, ruleset)));
  // The goal area: rows 7 to 9.
  paths.append(svg('rect', {x: LEFT - 2, y: HEAD - 2, width: PATHS.length * COLUMN + 2, height: 3 * ROW, rx: 10, class: 'goal-area'}));
  PATHS.forEach((path, p) => {
    const x = LEFT + p * COLUMN;
    const column = svg('g', {class: `path c-${path}`, 'data-path': path});
    column.append(svg('text', {x: x + COLUMN / 2, y: 20, 'text-anchor': 'middle', class: 'ink path-name', 'aria-hidden': choose ? 'true' : null},
      svg('tspan', {class: 'path-symbol'}, symbol(path, ruleset)),
      // Every other name a line lower: names wider than their path ("amarillo") never run into the next.
      svg('tspan', {x: x + COLUMN / 2, dy: p % 2 ? 42 : 22}, colourName(path, ruleset))));
    for (let row = 1; row <= 9; row++) {
      const y = HEAD + (9 - row) * ROW;
      const stone = view.stones[path][String(row)];
      const content = stone.taken ? 'none' : stone.tile;
      const landing = Boolean(preview && preview.moves.some(move => move.path === path && move.to === row));
      const cell = choose ? placeButton(column, `${path}:${row}`, `${colour(path, ruleset)} ${row}: ${content ? tile(content, ruleset) : t('new.tile_unknown')}`,
        () => choose(path, row)) : column;
      if (choose) cell.append(svg('rect', {x, y, width: COLUMN, height: ROW, class: 'hit'}));
      cell.append(svg('rect', {x: x + 3, y: y + 3, width: COLUMN - 6, height: ROW - 6, rx: 9,
        class: `stone${landing ? ' landing' : ''}`, 'data-row': row}));
      // Laying the tiles, the tile is the stone's one content: large, in its middle.
      cell.append(choose ? svg('text', {x: x + COLUMN / 2, y: y + ROW / 2 + 8, 'text-anchor': 'middle', class: `tile laid${content === null ? ' unknown' : ''}`},
        content === null ? '?' : MARK[content]) : svg('text', {x: x + 9, y: y + 24, class: 'tile'}, content === null ? '?' : MARK[content]));
      const here = Object.entries(view.players).flatMap(([id, seat]) => seat.figures
        .filter(f => f.path === path && f.row === row)
        .map(f => ({colour: colours[id] || 'grey', label: marks[id], large: Boolean(f.large),
          moving: Boolean(preview && preview.player === id && preview.moves.some(move => move.path === path && move.from === row))})));
      if (landing) here.push({colour: colours[preview.player] || 'grey', label: marks[preview.player], landed: true,
        large: preview.moves.find(move => move.path === path).large});
      column.append(...tokens(x + 4, y + ROW - 21, COLUMN - 8, here, 14));
    }
    paths.append(column);
  });
  for (let row = 1; row <= 9; row++) {
    paths.append(svg('text', {x: 2, y: HEAD + (9 - row) * ROW + ROW / 2 + 6, class: 'row-number', 'aria-hidden': choose ? 'true' : null}, String(row)));
  }
  return paths;
}

// The figures the turn being composed moves, each from the row it stood on
// to the row it has reached, in the order they first moved: a play moves as
// the server's main decision says (choices.play: enter on row 1, or step to
// `to_row`); a clover, and a play's end-of-path bonus, step the figure on
// the path the action names one stone on (rules §6.1, §6.3). The question
// being answered counts once it names the path.
function previewOf(game, composing) {
  if (!composing || !composing.player || composing.at !== null) return null;
  const figures = Object.fromEntries(game.state.players[composing.player].figures.map(f => [f.path, f]));
  const moves = new Map();
  const at = path => (moves.has(path) ? moves.get(path).to : figures[path] ? figures[path].row : 0); // 0: on the start
  // `entering`: the size of a figure that enters (the action's `figure`).
  const reach = (path, to, entering) => {
    const {from, large} = moves.get(path)
      || {from: at(path), large: figures[path] ? Boolean(figures[path].large) : entering === 'large'};
    moves.set(path, {path, from, to, large});
  };
  const stepOn = (path, entering) => reach(path, at(path) + 1, entering);
  const answering = composing.mode === 'turn' && composing.picks.length ? [picked(composing)] : [];
  const isPath = path => path in game.state.stones; // not null, nor the composer's "absent"
  [...composing.actions, ...answering].forEach((action, i) => {
    const decision = composing.checks[i].decision;
    const move = action.type === 'play' && decision && decision.name === 'main' && decision.choices.play[action.card.color];
    if (move && move.move === 'enter') reach(action.card.color, 1, action.figure);
    else if (move && move.move === 'step') reach(action.card.color, move.to_row);
    else if (move && isPath(action.bonus)) stepOn(action.bonus);
    else if (action.type === 'clover' && isPath(action.path)) stepOn(action.path, action.figure);
  });
  return moves.size ? {player: composing.player, moves: [...moves.values()]} : null;
}

// The action the open question's answers so far begin: a play once its
// colour is picked, a clover once its path is.
function picked(composing) {
  const answers = Object.fromEntries(composing.picks.map(p => [p.key, p.value]));
  const decision = composing.checks.at(-1).decision;
  if (answers.type === 'play' && answers['card.color']) {
    return {type: 'play', card: {color: answers['card.color']}, figure: answers.figure, bonus: answers.bonus};
  }
  if (decision && decision.name === 'clover') return {type: 'clover', path: answers.path, figure: answers.figure};
  return {};
}

// One figure: its path and row; more: each path with its row, as a list.
function previewText({player, moves}, names, ruleset) {
  if (moves.length === 1) return t('board.preview', {player: names[player], path: colour(moves[0].path, ruleset), to: moves[0].to});
  const list = new Intl.ListFormat(language(), {type: 'conjunction'});
  return t('board.preview_figures', {player: names[player],
    moves: list.format(moves.map(move => t('board.preview_move', {path: colour(move.path, ruleset), to: move.to})))});
}

/** Every player's card rows, the discard piles and the deck. */
export function cards(game, names, ruleset) {
  return familyCards(game, names, ruleset);
}

function describe(view, names, ruleset) {
  const figures = Object.entries(view.players).map(([id, seat]) =>
    `${names[id]}: ${seat.figures.map(f => `${figure(f.large ? 'large' : 'small', ruleset)} ${colour(f.path, ruleset)} ${f.row}`).join(', ') || t('nothing')}`);
  const known = Object.entries(view.stones).flatMap(([path, stones]) => Object.entries(stones)
    .filter(([, s]) => s.tile && s.tile !== 'none' && !s.taken).map(([row, s]) => `${colour(path, ruleset)} ${row} ${tile(s.tile, ruleset)}`));
  return `${t('table.board')}. ${figures.join('; ')}. ${known.join(', ')}`;
}
