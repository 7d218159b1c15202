// Keltis: Das Orakel as it stands: the spiral as a snake of numbered fields
// with figures, the priestess, tiles and the oracle area; the card rows.
import {h, svg, placeButton} from '../ui.js';
import {t} from '../i18n.js';
import {colour, drawn as said, kindName, symbol, tile} from '../words.js';
import {cards as familyCards} from './cards.js';
import {initials, tokens} from './tokens.js';

const PER_LINE = 5; // on a phone; the table display lays the snake as wide as its screen asks (`perLine`)
// A field is taller than wide: up to four players' tokens fit in two rows.
const WIDTH = 68, HEIGHT = 84;
const MARK = {'points-1': '+1', 'points-2': '+2', 'points-3': '+3', 'points-4': '+4', spiral: '@', goblin: 'G', mirror: 'M',
  'clover-red': '♣', 'clover-yellow': '♣', 'clover-green': '♣', 'clover-blue': '♣', 'clover-purple': '♣', none: '·'};

/** The board of an Orakel game (GET /games/{id} answer): the fields as a
 * snake in their colours, each player's figures on a field as one counted
 * token, the priestess as a marked field, the oracle area shaded; with the
 * seat `colours` and the turn being `composing` for its preview; `perLine`
 * fields to a line of the snake. */
export function board(game, names, {ruleset, colours = {}, composing = null, perLine = PER_LINE}) {
  const view = game.state;
  const fields = game.record.board.fields;
  const oracle = game.record.board.oracle_from;
  const marks = initials(names);
  const preview = previewOf(game, composing);
  const lines = Math.ceil(fields.length / perLine);
  const spiral = svg('svg', {class: 'board orakel tall zoomed', viewBox: `0 0 ${perLine * WIDTH + 4} ${lines * HEIGHT + 4}`, role: 'img',
    'aria-labelledby': 'board-title'}, svg('title', {id: 'board-title'}, describe(view, names, ruleset)));
  fields.forEach((field, index) => {
    const {x, y} = spot(index, perLine);
    const here = view.fields[index];
    const kinds = [index >= oracle ? 'oracle' : '', view.priestess === index ? 'priestess' : '',
      preview && preview.to === index ? 'landing' : ''].filter(Boolean).join(' ');
    const cell = svg('g', {class: `field c-${field.color || 'none'} ${kinds}`, 'data-field': index});
    cell.append(svg('rect', {x: x + 3, y: y + 3, width: WIDTH - 6, height: HEIGHT - 6, rx: field.kind === 'small' ? 8 : 20,
      class: 'stone'}));
    // Close to the edges, the priestess right of the middle: a number of two
    // digits and "✦2" keep apart at 16 px on a 320 px screen.
    cell.append(svg('text', {x: x + 6, y: y + 22, class: 'number'}, String(index)));
    const mark = field.kind === 'small' ? (here.tile ? MARK[here.tile] || '' : '?') : here.stones ? `✦${here.stones}` : '';
    cell.append(svg('text', {x: x + WIDTH - 6, y: y + 22, 'text-anchor': 'end', class: 'tile'}, mark));
    if (view.priestess === index) {
      cell.append(svg('text', {x: x + WIDTH / 2 + 4, y: y + 22, 'text-anchor': 'middle', class: 'priestess-mark'}, '♀'));
    }
    // One token per player, counted: three figures on the start stay one disc.
    const stack = Object.entries(view.players).map(([id, seat]) => {
      const count = seat.figures.filter(f => f === index).length;
      return count ? {colour: colours[id] || 'grey', label: count > 1 ? `${marks[id]}${count}` : marks[id],
        moving: Boolean(preview && preview.player === id && preview.from === index)} : null;
    }).filter(Boolean);
    if (preview && !preview.priestess && preview.to === index) {
      stack.push({colour: colours[preview.player] || 'grey', label: marks[preview.player], landed: true});
    }
    cell.append(...tokens(x + 6, y + HEIGHT - 19, WIDTH - 12, stack, 13, 2));
    spiral.append(cell);
  });
  return h('div', {},
    spiral,
    preview ? h('p', {id: 'board-preview', class: 'preview'}, t(preview.priestess ? 'board.preview_priestess' : 'board.preview_field', {
      player: names[preview.player], from: preview.from, to: preview.to})) : null,
    h('p', {class: 'hint'}, said(ruleset, 'legend', {from: oracle})),
    h('p', {}, t('table.deck', {n: view.draw_pile}), ' · ', said(ruleset, 'priestess', {field: view.priestess})));
}

// Where field `index` is drawn: the snake turns at the end of each line.
function spot(index, perLine = PER_LINE) {
  const line = Math.floor(index / perLine);
  const col = line % 2 ? perLine - 1 - (index % perLine) : index % perLine;
  return {x: 2 + col * WIDTH, y: 2 + line * HEIGHT};
}

/** A board profile as it is entered, before any game: each field with its
 * number, its colour's symbol and its value (large fields and the center
 * their wishing stones); `at` the field being entered, `problems` the
 * fields the board checks find fault with (marked "!"). With `tiles` (by
 * field), the small fields show the tile laid there instead of the value.
 * `choose(index)` makes the fields `pickable(field)` says buttons. */
export function profileBoard(profile, {ruleset, at = null, problems = new Set(), tiles = null, choose = null,
  pickable = () => true}) {
  const fields = profile.fields;
  const lines = Math.ceil(fields.length / PER_LINE);
  const drawn = svg('svg', {class: 'board orakel tall zoomed profile', viewBox: `0 0 ${PER_LINE * WIDTH + 4} ${lines * HEIGHT + 4}`,
    role: 'group', 'aria-label': t(tiles ? 'new.tiles_board' : 'boards.the_board')});
  fields.forEach((field, index) => {
    const {x, y} = spot(index);
    const kinds = ['field', `c-${field.color || 'none'}`, index === at ? 'current' : '', problems.has(index) ? 'problem' : '',
      index >= profile.oracle_from ? 'oracle' : ''].filter(Boolean).join(' ');
    const cell = svg('g', {class: kinds, 'data-field': index});
    if (index === at) cell.append(svg('rect', {x: x + 0.5, y: y + 0.5, width: WIDTH - 1, height: HEIGHT - 1, rx: 12, class: 'here'}));
    const laid = tiles && field.kind === 'small' ? tiles[String(index)] || null : undefined;
    const target = choose && pickable(field) ? placeButton(cell, String(index), fieldLabel(field, index, laid, ruleset), () => choose(index)) : cell;
    target.append(svg('rect', {x: x + 3, y: y + 3, width: WIDTH - 6, height: HEIGHT - 6, rx: field.kind === 'small' ? 8 : 20,
      class: 'stone'}));
    target.append(svg('text', {x: x + 8, y: y + 22, class: 'number'}, String(index)));
    target.append(svg('text', {x: x + WIDTH - 8, y: y + 22, 'text-anchor': 'end', class: 'ink'}, field.color ? symbol(field.color, ruleset) : ''));
    // The middle: a large field's wishing stones, or "!" for a problem; the bottom: the value, or the tile laid.
    // Laying tiles, a field that holds none shows only its number and colour.
    const bare = tiles && field.kind !== 'small';
    const middle = problems.has(index) ? '!' : field.stones && !bare ? `✦${field.stones}` : '';
    target.append(svg('text', {x: x + WIDTH / 2, y: y + 48, 'text-anchor': 'middle', class: problems.has(index) ? 'problem-mark' : 'stones'}, middle));
    const below = laid !== undefined ? (laid ? tileMark(laid, ruleset) : '?') : bare ? '' : signed(field.value);
    target.append(svg('text', {x: x + WIDTH / 2, y: y + HEIGHT - 14, 'text-anchor': 'middle', class: laid === undefined ? 'value' : laid ? 'tile' : 'tile unknown'}, below));
    drawn.append(cell);
  });
  return drawn;
}

// A field in words for a screen reader: "field 3, small field, ● green, value -3" (and its tile when laying them).
function fieldLabel(field, index, laid, ruleset) {
  return [t('field', {field: index}), kindName(field.kind, ruleset), field.color ? colour(field.color, ruleset) : null,
    laid === undefined ? t('boards.value_is', {value: signed(field.value)}) : laid ? tile(laid, ruleset) : t('new.tile_unknown')]
    .filter(Boolean).join(', ');
}

// A printed value with its sign: "−4", "0", "+3" (a true minus sign, which reads better than a hyphen).
function signed(value) {
  return Number.isInteger(value) ? (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0') : '?';
}

/** Where the new-game screen may lay a tile (rules §4.2): each small field
 * of the board `profile` (none before a board is chosen), as {key, label}. */
export function setupPlaces(ruleset, profile) {
  if (!profile) return [];
  return profile.fields.map((field, index) => [field, index]).filter(([field]) => field.kind === 'small')
    .map(([, index]) => ({key: String(index), label: t('field', {field: index})}));
}

/** The board `profile` for laying out tiles: each small field a button that
 * calls `lay(place)` (a place of setupPlaces), showing `tiles` by place. */
export function setupBoard(ruleset, profile, tiles, lay) {
  return profileBoard(profile, {ruleset, tiles, choose: index => lay({key: String(index), label: t('field', {field: index})}),
    pickable: field => field.kind === 'small'});
}

/** What a tile looks like on the board as it is laid out: a clover with
 * its colour's symbol, since the five clovers differ only in colour. */
export function tileMark(id, ruleset) {
  return id.startsWith('clover-') ? `${MARK[id]}${symbol(id.slice('clover-'.length), ruleset)}` : MARK[id];
}

// The play being composed: the figure picked (or logged) and the field the
// main decision says its colour takes it to; or the priestess. Once the play
// is checked, the check answer's `table` (the game as the turn so far leaves
// it) says where it ends: after a reveal, a spiral, or a clover on a known
// tile that carries the figure on with no decision.
function previewOf(game, composing) {
  if (!composing || !composing.player || composing.at !== null) return null;
  // The play, once logged in the turn (free reveals may come before it), or the answers so far.
  const played = composing.actions.findIndex(action => action.type === 'play');
  const play = composing.actions[played];
  const picked = play ? {'card.color': play.card.color, figure: play.figure, priestess: play.priestess}
    : Object.fromEntries(composing.picks.map(p => [p.key, p.value]));
  const main = composing.checks[play ? played : composing.actions.length].decision;
  if (!main || main.name !== 'main') return null;
  const choices = main.choices;
  // The last table checked since the play; a turn composed offline has none: the main decision's field then.
  const after = play ? composing.checks.slice(played + 1).findLast(check => check.table)?.table : null;
  if (Number.isInteger(picked.priestess)) {
    const from = choices.priestess.field;
    return {player: composing.player, priestess: true, from, to: after ? after.priestess : from + picked.priestess};
  }
  const ahead = Number.isInteger(picked.figure) && choices.figures[String(picked.figure)];
  const to = ahead && picked['card.color'] ? ahead[picked['card.color']] : null;
  if (!Number.isInteger(to)) return null;
  const from = picked.figure;
  return {player: composing.player, from, to: after ? landing(game.state, after, composing.player, from) : to};
}

// Where the player's moved figure stands in the table `after`: the field that
// holds more of their figures than before (none: it came back to `from`).
function landing(before, after, player, from) {
  const count = (figures, field) => figures.filter(f => f === field).length;
  const was = before.players[player].figures, now = after.players[player].figures;
  return now.find(field => count(now, field) > count(was, field)) ?? from;
}

/** Every player's card rows, the discard piles and the deck. */
export function cards(game, names, ruleset) {
  return familyCards(game, names, ruleset, seat => seat.mirrors ? [' · ', said(ruleset, 'mirrors', {n: seat.mirrors})] : null);
}

function describe(view, names, ruleset) {
  const figures = Object.entries(view.players).map(([id, seat]) =>
    `${names[id]}: ${seat.figures.map(f => t('field', {field: f})).join(', ')}`);
  return `${t('table.board')}. ${figures.join('; ')}. ${said(ruleset, 'priestess', {field: view.priestess})}. ${colour('green', ruleset)}`;
}
