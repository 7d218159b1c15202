// The summary after the game (worker/summary.py): the lead's history as an
// inline SVG chart, where each player's points came from, the turns that
// changed the lead, and notable facts.
import {h, svg} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText} from '../api.js';
import {get} from '../db.js';
import {rulesets} from '../rulesets.js';
import {colourName, kindName} from '../words.js';
import {notHere} from './nothere.js';

const POLL_MS = 1500;
// Lines differ in colour and in dash pattern: colour is never the only signal.
const LINE_COLOURS = ['#b03022', '#1f6391', '#1a7540', '#7a5f00', '#7d3c98'];
const DASHES = ['', '8 4', '2 4', '12 4 2 4', '1 6'];

/** Draw the summary of a game, or say that it is not ready. */
export async function show(main, id) {
  const mine = await get('games', id);
  if (!mine) {
    notHere(main);
    return;
  }
  // Offline on a phone that never asked for the rulesets, the sources go without their columns' titles.
  const games = await rulesets().catch(() => ({}));
  main.append(h('h1', {}, t('summary.title')));
  const body = h('div', {id: 'summary', 'aria-live': 'polite'});
  main.append(body, h('p', {class: 'row'}, h('a', {class: 'button', href: `#/sheet/${id}`}, t('nav.sheet')),
    h('a', {class: 'button', href: `#/game/${id}`}, t('nav.table'))));
  let timer = null;
  const poll = async () => {
    try {
      const {status, data} = await api(`/games/${id}/summary`, {token: mine.token});
      if (status === 202) {
        body.replaceChildren(h('p', {}, t('summary.running')));
        timer = setTimeout(poll, POLL_MS);
        return;
      }
      body.replaceChildren(...render(data, games[data.game]));
    } catch (error) {
      body.replaceChildren(h('p', {}, error.status === 409 ? t('summary.not_over') : problemText(error)));
    }
  };
  await poll();
  return () => clearTimeout(timer);
}

// `ruleset`: the game's GET /rulesets entry, whose pieces' names the summary says.
function render(summary, ruleset) {
  // A source that is a column of the game's score sheet is called by the column's title.
  const titles = Object.fromEntries((ruleset ? ruleset.sheet.columns : []).map(column => [column.key, column.title]));
  const names = Object.fromEntries(summary.players.map(p => [p.id, p.name || p.id]));
  const who = ids => ids.map(id => names[id] || id).join(', ');
  // The summary says what its chart measures: the scores, or the parts held.
  const measure = summary.chart;
  const points = [{turn: 0, values: summary.start[measure]},
    ...summary.history.map(entry => ({turn: entry.turn + 1, values: entry[measure]}))];
  const out = [h('h2', {}, t(measure === 'parts' ? 'summary.parts_chart' : 'summary.lead')), chart(points, summary.players, names)];
  out.push(h('h2', {}, t('summary.sources')), h('ul', {id: 'sources'}, Object.entries(summary.sources).map(([id, sources]) =>
    h('li', {}, h('strong', {}, names[id] || id), ': ', Object.entries(sources).map(([key, value]) => source(key, value, titles, ruleset)).join(' · ')))));
  // The few turns that decided it (scoring/chronicle.py chooses them), not every change of the lead.
  if (summary.decisive_turns.length) {
    out.push(h('h2', {}, t('summary.decisive')), h('ul', {id: 'decisive'}, summary.decisive_turns.map(turn =>
      h('li', {}, decisive(turn, names, who, measure)))));
  }
  const facts = summary.facts;
  const list = [];
  const chain = facts.longest_clover_chain;
  if (chain) list.push(t('fact.clover_chain', {...named(chain, names), n: chain.length}));
  const biggest = facts.biggest_turn;
  if (biggest) list.push(t(measure === 'parts' ? 'fact.biggest_turn_parts' : 'fact.biggest_turn', {...named(biggest, names), n: biggest.gain}));
  const played = Object.entries(facts.cards_played || {});
  if (played.length) {
    // A count, then what it counts: "Cards played: 31 (Red: 7, Yellow: 6, ...)"
    const cards = played.map(([c, n]) => `${capital(colourName(c, ruleset))}: ${n}`).join(', ');
    list.push(t('fact.cards_played', {n: played.reduce((sum, [, n]) => sum + n, 0), cards}));
  }
  if (facts.end) list.push(t('fact.end', {...named(facts.end, names), reason: t(`end.${facts.end.reason}`)}));
  if (list.length) out.push(h('h2', {}, t('summary.facts')), h('ul', {id: 'facts'}, list.map(text => h('li', {}, text))));
  return out;
}

// A decisive turn in words: who took the lead for good, or how far the
// winner pulled ahead of the runner-up.
function decisive(turn, names, who, measure) {
  const said = {turn: turn.turn + 1, player: names[turn.player] || turn.player};
  if (turn.reason === 'lead') return t('summary.decisive_lead', {...said, leaders: who(turn.leaders)});
  return t(measure === 'parts' ? 'summary.decisive_parts' : 'summary.decisive_points',
    {...said, n: turn.change, to: names[turn.winner] || turn.winner, from: names[turn.second] || turn.second});
}

const capital = word => word.charAt(0).toUpperCase() + word.slice(1);

function named(fact, names) {
  return {...fact, turn: fact.turn + 1, player: names[fact.player] || fact.player};
}

// One source of points in words: numbers as they are, nested counts by kind.
function source(key, value, titles, ruleset) {
  const title = titles[key] ?? t(`score.${key}`);
  if (typeof value !== 'object' || value === null) return `${title}: ${value}`;
  const parts = Object.entries(value).map(([kind, n]) => (typeof n === 'object'
    ? `${kindName(kind, ruleset)} +${n.gained ?? 0}/−${n.lost ?? 0}`
    : `${t(`score.${kind}`)}: ${n}`));
  return `${title}: ${parts.join(', ')}`;
}

// Each point is the value of every player after a turn (turn 0: the start).
function chart(points, players, names) {
  const ids = players.map(p => p.id);
  const all = points.flatMap(point => ids.map(id => point.values[id] ?? 0));
  const low = Math.min(0, ...all);
  const high = Math.max(1, ...all);
  const W = 340, H = 200, L = 34, B = 24, legendRows = Math.ceil(ids.length / 2);
  const x = i => L + (i / Math.max(1, points.length - 1)) * (W - L - 8);
  const y = v => 8 + (1 - (v - low) / (high - low)) * (H - B - 8);
  const drawing = svg('svg', {class: 'chart', id: 'lead-chart', viewBox: `0 0 ${W} ${H + 20 * legendRows}`, role: 'img',
    'aria-label': t('summary.chart_label')},
  svg('line', {x1: L, y1: y(0), x2: W - 8, y2: y(0), class: 'axis'}),
  svg('line', {x1: L, y1: 8, x2: L, y2: H - B, class: 'axis'}),
  svg('text', {x: 2, y: 16}, String(high)),
  svg('text', {x: 2, y: H - B}, String(low)),
  svg('text', {x: W / 2, y: H - 6, 'text-anchor': 'middle'}, t('summary.turns')));
  ids.forEach((id, k) => {
    const style = {stroke: LINE_COLOURS[k % 5], 'stroke-dasharray': DASHES[k % 5]};
    drawing.append(svg('polyline', {...style, fill: 'none', 'stroke-width': 2.5,
      points: points.map((point, i) => `${x(i)},${y(point.values[id] ?? 0)}`).join(' ')}));
    const lx = 10 + (k % 2) * 170, ly = H + 14 + 20 * Math.floor(k / 2);
    drawing.append(svg('line', {...style, x1: lx, y1: ly - 4, x2: lx + 28, y2: ly - 4, 'stroke-width': 3}),
      svg('text', {x: lx + 34, y: ly}, names[id]));
  });
  const head = h('tr', {}, h('th', {scope: 'col'}, t('summary.turn')), ids.map(id => h('th', {scope: 'col', class: 'num'}, names[id])));
  const rows = points.map(point => h('tr', {}, h('th', {scope: 'row'}, String(point.turn)),
    ids.map(id => h('td', {class: 'num'}, String(point.values[id] ?? 0)))));
  return h('div', {}, drawing, h('details', {}, h('summary', {}, t('summary.as_table')),
    h('div', {class: 'scroll', tabindex: 0, role: 'region', 'aria-label': t('summary.as_table')},
      h('table', {}, h('thead', {}, head), h('tbody', {}, rows)))));
}
