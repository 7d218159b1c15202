// Lost Cities as it lies on the table: a column per expedition colour (its
// symbol and name above it), the first player's expeditions, the discard
// piles with their top cards between them, the second player's
// expeditions; each expedition with its wagers, the numbers laid and its
// score so far. The deck's count and the known hands go with the cards.
import {h, svg} from '../ui.js';
import {t} from '../i18n.js';
import {cardValue, colour, colourName, drawn as said, symbol} from '../words.js';

const WAGER = 'wager';
const WIDTH = 360, HEAD = 50, LINE = 19, NUMBERS_PER_LINE = 3;
// A seat's block: its name, the score line, a line of wagers, three of numbers.
const SEAT = 30 + LINE * 5, PILES = 80;

// A colour drawn in its colour (light and dark, as the app's c-<colour> classes set it).
const inColour = c => ({class: `c-${c}`, style: 'fill: currentColor'});

/** The table of a Lost Cities round (GET /games/{id} answer; `ruleset` its GET /rulesets entry). */
export function board(game, names, {ruleset}) {
  const view = game.state;
  const scores = Object.fromEntries(game.scoresheet.players.map(p => [p.id, p.breakdown]));
  const [first, second] = Object.keys(view.players);
  const column = WIDTH / view.colors.length;
  const height = HEAD + 2 * SEAT + PILES;
  const table = svg('svg', {class: 'board lost-cities', viewBox: `0 0 ${WIDTH} ${height}`, role: 'img', 'aria-labelledby': 'board-title'},
    svg('title', {id: 'board-title'}, describe(view, names, scores, ruleset)));
  view.colors.forEach((c, k) => {
    const x = k * column + column / 2;
    table.append(svg('text', {x, y: 18, 'text-anchor': 'middle', ...inColour(c)}, symbol(c, ruleset)),
      // Every other name a line lower: "amarillo" is wider than a sixth of the phone.
      svg('text', {x, y: k % 2 ? 40 : 34, 'text-anchor': 'middle', class: 'colour-name'}, colourName(c, ruleset)));
  });
  table.append(...seat(view, first, names, scores, HEAD, column),
    ...piles(view, HEAD + SEAT, column, ruleset),
    ...seat(view, second, names, scores, HEAD + SEAT + PILES, column));
  return h('div', {},
    table,
    h('p', {id: 'deck'}, t('table.deck', {n: view.deck})),
    h('p', {class: 'hint'}, said(ruleset, 'legend')));
}

// One player's expeditions from `top`: their name, then under each colour
// the expedition's score so far, its wagers and its numbers, three a line.
function seat(view, id, names, scores, top, column) {
  const parts = [svg('text', {x: 4, y: top + 20, class: 'seat-name', 'font-weight': 700}, names[id] || id)];
  view.colors.forEach((c, k) => {
    const laid = view.players[id].expeditions[c];
    const x = k * column + column / 2;
    const g = svg('g', {'data-player': id, 'data-color': c});
    const wagers = laid.filter(v => v === WAGER).length;
    const numbers = laid.filter(v => v !== WAGER);
    g.append(svg('text', {x, y: top + 22 + LINE, 'text-anchor': 'middle', 'font-weight': 700, class: 'expedition-score'},
      laid.length ? signed(scores[id][c]) : '·'));
    if (wagers) g.append(svg('text', {x, y: top + 22 + 2 * LINE, 'text-anchor': 'middle', ...inColour(c)}, '⚑'.repeat(wagers)));
    for (let line = 0; line * NUMBERS_PER_LINE < numbers.length; line++) {
      g.append(svg('text', {x, y: top + 22 + (3 + line) * LINE, 'text-anchor': 'middle'},
        numbers.slice(line * NUMBERS_PER_LINE, (line + 1) * NUMBERS_PER_LINE).join(' ')));
    }
    parts.push(g);
  });
  return parts;
}

// The discard piles between the seats: each a card in its colour with its
// symbol and top card, and how many cards lie in it.
function piles(view, top, column, ruleset) {
  return view.colors.flatMap((c, k) => {
    const pile = view.piles[c];
    const x = k * column;
    const shown = pile.length ? (pile.at(-1) === WAGER ? '⚑' : String(pile.at(-1))) : '–';
    return [svg('g', {'data-pile': c},
      svg('rect', {x: x + 5, y: top + 6, width: column - 10, height: PILES - 12, rx: 8, class: `pile c-${c}`,
        style: 'fill: none; stroke: currentColor; stroke-width: 2.5'}),
      svg('text', {x: x + 11, y: top + 24, ...inColour(c)}, symbol(c, ruleset)),
      svg('text', {x: x + column / 2, y: top + 46, 'text-anchor': 'middle', 'font-weight': 700, style: 'font-size: 22px'}, shown),
      svg('text', {x: x + column / 2, y: top + PILES - 12, 'text-anchor': 'middle', class: 'pile-count', style: 'font-size: 13px'},
        pile.length ? `(${pile.length})` : ''))];
  });
}

/** The cards around the table: the deck, each pile's top card in words,
 * and what is known of each hand. */
export function cards(game, names, ruleset) {
  const view = game.state;
  const value = v => cardValue(v, ruleset);
  return h('div', {},
    h('p', {}, t('table.deck', {n: view.deck})),
    h('p', {}, t('table.piles'), ' ', view.colors.map(c => h('span', {class: `c-${c}`, dataset: {pile: c}},
      `${colour(c, ruleset)} ${view.piles[c].length ? value(view.piles[c].at(-1)) : said(ruleset, 'empty')} `))),
    Object.entries(view.players).map(([id, seat]) => h('p', {dataset: {player: id}},
      h('strong', {}, names[id] || id), ': ',
      seat.hand.known.length ? t('table.known', {cards: seat.hand.known.map(c => `${colour(c.color, ruleset)} ${value(c.value)}`).join(', ')}) : '–')));
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

// The table in words, for a screen reader: each player's expeditions with their scores.
function describe(view, names, scores, ruleset) {
  const expedition = (id, c) => {
    const laid = view.players[id].expeditions[c];
    const wagers = laid.filter(v => v === WAGER).length;
    const numbers = laid.filter(v => v !== WAGER);
    return `${colour(c, ruleset)}: ${wagers ? `${said(ruleset, 'wagers', {n: wagers})}, ` : ''}${numbers.join(' ')} (${signed(scores[id][c])})`;
  };
  const seats = Object.keys(view.players).map(id => `${names[id] || id}: ${view.colors
    .filter(c => view.players[id].expeditions[c].length).map(c => expedition(id, c)).join('; ') || t('nothing')}`);
  return `${t('table.board')}. ${seats.join('. ')}. ${t('table.deck', {n: view.deck})}`;
}
