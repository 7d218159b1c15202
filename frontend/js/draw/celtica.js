// Celtica as it stands: the route with the druids, the display, and every
// player's amulets in the canonical packing with hand counts.
import {h, svg} from '../ui.js';
import {t} from '../i18n.js';
import {colour, part, PARTS} from '../words.js';

const PER_LINE = 5;
const KIND = {start: '⚓', village: 'V', castle: 'C', monastery: 'M', ruin: 'R', cult: '☽', goal: '◎'};
// Amulet places as a 3x3 grid, north on top.
const GRID = ['nw', 'n', 'ne', 'w', 'center', 'e', 'sw', 's', 'se'];
// What a cell shows: the compass ids fit a cell; the centre gets a mark.
const CELL = {center: '◉'};

/** The route with the druids of a Celtica game (GET /games/{id} answer). */
export function board(game, names) {
  const view = game.state;
  const locations = game.record.board.locations;
  const size = 64;
  const lines = Math.ceil(locations.length / PER_LINE);
  const druids = view.druids || {};
  const route = svg('svg', {class: 'board', viewBox: `0 0 ${PER_LINE * size + 4} ${lines * size + 4}`, role: 'img',
    'aria-labelledby': 'board-title'}, svg('title', {id: 'board-title'},
    `${t('table.board')}. ${Object.entries(druids).map(([c, at]) => `${colour(c)} ${at}`).join(', ')}`));
  locations.forEach((location, index) => {
    const line = Math.floor(index / PER_LINE);
    const col = line % 2 ? PER_LINE - 1 - (index % PER_LINE) : index % PER_LINE;
    const x = 2 + col * size, y = 2 + line * size;
    route.append(svg('rect', {x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 10,
      class: `stone${location.kind === 'goal' ? ' goal' : ''}`}));
    route.append(svg('text', {x: x + 6, y: y + 16}, `${index} ${KIND[location.kind] || ''}${location.parts ? ` ${location.parts}` : ''}`));
    const here = Object.entries(druids).filter(([, at]) => at === index).map(([c]) => colour(c).split(' ')[0]);
    if (here.length) route.append(svg('text', {x: x + 6, y: y + size - 12, 'font-weight': 700, 'font-size': 16}, here.join('')));
  });
  return h('div', {},
    route,
    h('p', {class: 'hint'}, t('celtica.legend')),
    h('p', {}, t('celtica.round', {n: view.round ?? 1}), view.final_round ? [' · ', t('celtica.final')] : null));
}

/** The display and every player's amulets with hand counts. */
export function cards(game, names) {
  const view = game.state;
  const display = view.display || {known: {}, unknown: 0};
  const shown = [...PARTS.filter(p => display.known[p]).map(p => `${part(p)} ×${display.known[p]}`),
    display.unknown ? `${part(null)} ×${display.unknown}` : null].filter(Boolean);
  return h('div', {},
    h('h3', {}, t('celtica.display')),
    h('p', {id: 'display'}, shown.join(', ') || t('nothing')),
    h('h3', {}, t('celtica.amulets')),
    Object.entries(view.players || {}).map(([id, seat]) => h('div', {class: 'panel'},
      h('strong', {}, names[id] || id), ' ',
      h('span', {class: 'hint'}, t('celtica.hand', {cards: seat.cards ?? seat.druid_cards ?? 0, xp: seat.experience ?? 0})),
      h('div', {}, amulets(seat.amulets || [], seat.parts || {})))));
}

// Draw amulets as the engine packed them; else one grid of the counts.
function amulets(packed, counts) {
  const list = packed.length ? packed : [Object.fromEntries(PARTS.map(p => [p, counts[p] || 0]))];
  return list.map((amulet, i) => {
    const have = Array.isArray(amulet) ? Object.fromEntries(amulet.map(p => [p, 1])) : amulet;
    return h('span', {class: 'amulet', role: 'img', 'aria-label': t('celtica.amulet', {n: i + 1,
      parts: PARTS.filter(p => have[p]).map(part).join(', ') || t('nothing')})},
    GRID.map(p => h('span', {class: have[p] ? 'have' : ''},
      have[p] > 1 ? `${CELL[p] || p}×${have[p]}` : have[p] ? CELL[p] || p : '')));
  });
}
