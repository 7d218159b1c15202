// Celtica as it stands: the route with the druids, the display, and every
// player's amulets in the canonical packing with hand counts.
import {h, svg} from '../ui.js';
import {t} from '../i18n.js';
import {breakdownWords, colour, drawn as said, part, symbol} from '../words.js';
import {tokens} from './tokens.js';

const PER_LINE = 5; // on a phone; the table display lays the route as wide as its screen asks (`perLine`)
const SIZE = 72, HEIGHT = 88; // a location: its number, parts and kind over two rows of druids
const KIND = {start: '⚓', village: 'V', castle: 'C', monastery: 'M', ruin: 'R', cult: '☽', goal: '◎'};

/** The route with the druids of a Celtica game (GET /games/{id} answer),
 * each druid a token in its colour with its symbol; the druid being moved
 * in the turn `composing` and where it would stop; `perLine` locations to a
 * line of the route. */
export function board(game, names, {ruleset, composing = null, perLine = PER_LINE}) {
  const view = game.state;
  const locations = game.record.board.locations;
  const lines = Math.ceil(locations.length / perLine);
  const druids = view.druids;
  const preview = previewOf(druids, locations.length, composing);
  const route = svg('svg', {class: 'board celtica tall', viewBox: `0 0 ${perLine * SIZE + 4} ${lines * HEIGHT + 4}`, role: 'img',
    'aria-labelledby': 'board-title'}, svg('title', {id: 'board-title'},
    `${t('table.board')}. ${Object.entries(druids).map(([c, at]) => `${colour(c, ruleset)} ${at}`).join(', ')}`));
  locations.forEach((location, index) => {
    const line = Math.floor(index / perLine);
    const col = line % 2 ? perLine - 1 - (index % perLine) : index % perLine;
    const x = 2 + col * SIZE, y = 2 + line * HEIGHT;
    const landing = preview && preview.to === index;
    const cell = svg('g', {class: `location${landing ? ' landing' : ''}`, 'data-location': index});
    cell.append(svg('rect', {x: x + 3, y: y + 3, width: SIZE - 6, height: HEIGHT - 6, rx: 10,
      class: `stone${location.kind === 'goal' ? ' goal' : ''}`}));
    // The number and the amulet symbols on top, the kind below the number: room for text of 16 px at 320 px.
    cell.append(svg('text', {x: x + 8, y: y + 22, class: 'number'}, String(index)));
    if (location.parts) cell.append(svg('text', {x: x + SIZE - 8, y: y + 22, 'text-anchor': 'end', class: 'tile'}, String(location.parts)));
    cell.append(svg('text', {x: x + 8, y: y + 44, class: 'kind'}, KIND[location.kind] || ''));
    const here = Object.entries(druids).filter(([, at]) => at === index)
      .map(([c]) => ({colour: c, label: symbol(c, ruleset), moving: Boolean(preview && preview.druid === c)}));
    if (landing) here.push({colour: preview.druid, label: symbol(preview.druid, ruleset), landed: true});
    // Three to a row, two rows under the location's number: room for all
    // five druids and the one being moved (at the start they all stand on 0).
    cell.append(...tokens(x + 4, y + HEIGHT - 14, SIZE - 8, here, 10, 2));
    route.append(cell);
  });
  return h('div', {},
    route,
    preview && preview.to !== null ? h('p', {id: 'board-preview', class: 'preview'},
      t('board.preview_druid', {druid: colour(preview.druid, ruleset), to: preview.to})) : null,
    h('p', {class: 'hint'}, said(ruleset, 'legend')),
    h('p', {}, said(ruleset, 'round', {n: view.round}), view.final_round ? [' · ', said(ruleset, 'final')] : null));
}

// The move being composed: the druid picked (or moved) and, once the cards
// are known, the location it stops on: cards + experience locations on, no
// further than the goal (the default `overshoot: cap`; with `forbid` the
// check refuses a move past it anyway).
function previewOf(druids, length, composing) {
  if (!composing || !composing.player || composing.at !== null) return null;
  const first = composing.actions[0];
  const move = first && first.type === 'move' ? first : Object.fromEntries(composing.picks.map(p => [p.key, p.value]));
  if (!(move.druid in druids)) return null;
  const steps = Number.isInteger(move.cards) ? move.cards + (Number.isInteger(move.experience) ? move.experience : 0) : null;
  return {druid: move.druid, to: steps === null ? null : Math.min(druids[move.druid] + steps, length - 1)};
}

/** The display, the druid discard pile and every player's amulets with hand counts. */
export function cards(game, names, ruleset) {
  const view = game.state;
  return h('div', {},
    h('h3', {id: 'display-title'}, said(ruleset, 'display')),
    display(view.display, ruleset),
    h('p', {class: 'hint'}, said(ruleset, 'supply', {n: view.supply})),
    h('h3', {id: 'discard-title'}, said(ruleset, 'discard')),
    h('ul', {class: 'druid-cards', 'aria-labelledby': 'discard-title'}, Object.entries(view.druid_discard).map(([c, n]) =>
      h('li', {class: `swatch swatch-${c}`, dataset: {druid: c}}, h('span', {}, colour(c, ruleset)), h('strong', {class: 'count'}, String(n))))),
    h('h3', {}, said(ruleset, 'amulets')),
    playerAmulets(game, names, {ruleset}));
}

/** What the table display shows beside the board: every player's amulets,
 * drawn, where the table sees them (they decide the ranks). */
export function besideBoard(game, names, ruleset) {
  return h('section', {id: 'display-amulets', 'aria-labelledby': 'display-amulets-title'},
    h('h2', {id: 'display-amulets-title'}, said(ruleset, 'amulets')),
    h('div', {class: 'amulet-grid'}, playerAmulets(game, names, {hands: false, ruleset})));
}

/** Every player's amulets, drawn and in the words of the game's sheet
 * (`ruleset` its GET /rulesets entry), with his hand counts (on the Cards
 * tab; the table display, short of room, leaves them out: `hands`). */
export function playerAmulets(game, names, {hands = true, ruleset} = {}) {
  const sheet = Object.fromEntries(game.scoresheet.players.map(p => [p.id, p.breakdown]));
  return Object.entries(game.state.players).map(([id, seat]) => h('div', {class: 'panel player-amulets', dataset: {player: id}},
    h('strong', {}, names[id] || id), ' ',
    hands ? h('span', {class: 'hint'}, `${said(ruleset, 'druid_cards', {n: seat.druid_cards})}, ${said(ruleset, 'experience_cards', {n: seat.experience})}`) : null,
    h('div', {}, amulets(seat.amulets, seat.parts, ruleset)),
    sheet[id] ? h('p', {class: 'amulet-count'}, breakdownWords(ruleset, sheet[id]).join(' · ')) : null));
}

// The display's parts as cards, one per kind with its count: each shows
// where the part goes on an amulet and its name; the spaces whose part was
// not recorded are one card with a question mark.
function display({known, unknown}, ruleset) {
  const kinds = PLACES.filter(p => known[p]).map(p => [p, known[p]]);
  if (unknown) kinds.push([null, unknown]);
  if (!kinds.length) return h('p', {id: 'display'}, t('nothing'));
  return h('ul', {class: 'part-cards', id: 'display', 'aria-labelledby': 'display-title'}, kinds.map(([p, n]) =>
    h('li', {class: `part-card${p ? '' : ' unknown'}`, dataset: {part: p || 'unknown'}},
      amulet(p ? {[p]: 1} : {}, null, p ? null : '?'),
      h('span', {class: 'name'}, part(p, ruleset), n > 1 ? [' ', h('strong', {class: 'count', 'aria-hidden': 'true'}, `×${n}`),
        h('span', {class: 'sr'}, said(ruleset, 'times', {n}))] : null))));
}

// Where the nine places of an amulet are drawn: the centre and the eight
// outer places around it, north on top.
const PLACE = {center: [0, 0], n: [0, -1], ne: [0.71, -0.71], e: [1, 0], se: [0.71, 0.71], s: [0, 1], sw: [-0.71, 0.71],
  w: [-1, 0], nw: [-0.71, -0.71]};
const PLACES = Object.keys(PLACE);

// Draw amulets as the engine packed them; else one amulet of the counts.
function amulets(packed, counts, ruleset) {
  const list = packed.length ? packed : [counts];
  return list.map((held, i) => {
    const have = Array.isArray(held) ? Object.fromEntries(held.map(p => [p, 1])) : held;
    return amulet(have, said(ruleset, 'amulet', {n: i + 1, parts: PLACES.filter(p => have[p]).map(p => part(p, ruleset)).join(', ') || t('nothing')}));
  });
}

// One amulet, its places filled where `have` holds parts (counted when more
// than one); `label` names it, or it is left to the text beside it; `mark`
// is written in its middle.
function amulet(have, label, mark = null) {
  return svg('svg', {class: 'amulet', viewBox: '0 0 84 84', ...(label ? {role: 'img', 'aria-label': label} : {'aria-hidden': 'true'})},
    svg('circle', {cx: 42, cy: 42, r: 38, class: 'rim'}),
    PLACES.map(p => {
      const [dx, dy] = PLACE[p];
      const cx = 42 + dx * 27, cy = 42 + dy * 27;
      return svg('g', {class: `place${have[p] ? ' have' : ''}`, 'data-place': p},
        svg('circle', {cx, cy, r: p === 'center' ? 13 : 10}),
        have[p] > 1 ? svg('text', {x: cx, y: cy + 5, 'text-anchor': 'middle'}, String(have[p])) : null);
    }),
    mark ? svg('text', {x: 42, y: 52, 'text-anchor': 'middle', class: 'mark'}, mark) : null);
}
