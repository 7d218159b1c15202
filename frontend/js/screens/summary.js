// The summary after the game: the lead's history as an inline SVG chart,
// where the points came from, decisive turns and notable facts.
import {h, svg} from '../ui.js';
import {t} from '../i18n.js';
import {api} from '../api.js';
import {get} from '../db.js';

const LINE_COLOURS = ['#c0392b', '#2471a3', '#1e8449', '#b7950b', '#7d3c98'];
const DASHES = ['', '6 3', '2 3', '10 4 2 4', '1 5'];

/** Draw the summary of a game, or say that it is not ready. */
export async function show(main, id) {
  const mine = await get('games', id);
  main.append(h('h1', {}, t('summary.title')));
  const body = h('div', {id: 'summary', 'aria-live': 'polite'});
  main.append(body, h('p', {}, h('a', {class: 'button', href: `#/sheet/${id}`}, t('nav.sheet'))));
  let timer = null;
  const poll = async () => {
    try {
      const {status, data} = await api(`/games/${id}/summary`, {token: mine.token});
      if (status === 202) {
        body.replaceChildren(h('p', {}, t('summary.running')));
        timer = setTimeout(poll, 1500);
        return;
      }
      body.replaceChildren(...render(data));
    } catch (error) {
      body.replaceChildren(h('p', {}, error.status === 409 ? t('summary.not_over') : error.message || t('error.network')));
    }
  };
  await poll();
  return () => clearTimeout(timer);
}

function render(summary) {
  const names = Object.fromEntries((summary.players || []).map(p => [p.id, p.name || p.id]));
  const out = [];
  const lead = summary.lead || summary.history || summary.totals;
  if (Array.isArray(lead) && lead.length) out.push(h('h2', {}, t('summary.lead')), chart(lead, names));
  if (summary.sources || summary.breakdown) {
    const sources = summary.sources || summary.breakdown;
    out.push(h('h2', {}, t('summary.sources')), h('ul', {}, Object.entries(sources).map(([id, parts]) =>
      h('li', {}, `${names[id] || id}: ${Object.entries(parts).map(([k, v]) => `${t(`score.${k}`)} ${Array.isArray(v) ? v.join(', ') : v}`).join(' · ')}`))));
  }
  const decisive = summary.decisive_turns || summary.decisive || [];
  if (decisive.length) out.push(h('h2', {}, t('summary.decisive')), h('ul', {}, decisive.map(d => h('li', {}, text(d)))));
  const facts = summary.facts || summary.notable || [];
  if (facts.length) out.push(h('h2', {}, t('summary.facts')), h('ul', {}, facts.map(f => h('li', {}, text(f)))));
  if (!out.length) out.push(h('pre', {}, JSON.stringify(summary, null, 2)));
  return out;
}

function text(item) {
  if (typeof item === 'string') return item;
  return item.text || item.message || item.description || JSON.stringify(item);
}

// Each point is one turn: {turn, totals: {player: total}} (or a plain map).
function chart(points, names) {
  const rows = points.map((p, i) => ({turn: p.turn ?? i, totals: p.totals || p.scores || p}));
  const players = Object.keys(rows[0].totals).filter(k => k !== 'turn');
  const values = rows.flatMap(r => players.map(p => Number(r.totals[p]) || 0));
  const low = Math.min(0, ...values), high = Math.max(1, ...values);
  const W = 340, H = 200, L = 34, B = 24;
  const x = i => L + (i / Math.max(1, rows.length - 1)) * (W - L - 8);
  const y = v => 8 + (1 - (v - low) / (high - low)) * (H - B - 8);
  const chartSvg = svg('svg', {class: 'chart', viewBox: `0 0 ${W} ${H + 20 * Math.ceil(players.length / 2)}`, role: 'img',
    'aria-label': t('summary.chart_label')},
  svg('line', {x1: L, y1: y(0), x2: W - 8, y2: y(0), class: 'axis'}),
  svg('line', {x1: L, y1: 8, x2: L, y2: H - B, class: 'axis'}),
  svg('text', {x: 2, y: 14}, String(high)), svg('text', {x: 2, y: H - B}, String(low)),
  svg('text', {x: W / 2, y: H - 6, 'text-anchor': 'middle'}, t('summary.turns')));
  players.forEach((p, k) => {
    chartSvg.append(svg('polyline', {fill: 'none', stroke: LINE_COLOURS[k % 5], 'stroke-width': 2.5,
      'stroke-dasharray': DASHES[k % 5], points: rows.map((r, i) => `${x(i)},${y(Number(r.totals[p]) || 0)}`).join(' ')}));
    const ly = H + 14 + 20 * Math.floor(k / 2), lx = 10 + (k % 2) * 170;
    chartSvg.append(svg('line', {x1: lx, y1: ly - 4, x2: lx + 28, y2: ly - 4, stroke: LINE_COLOURS[k % 5], 'stroke-width': 3,
      'stroke-dasharray': DASHES[k % 5]}), svg('text', {x: lx + 34, y: ly}, names[p] || p));
  });
  const table = h('details', {}, h('summary', {}, t('summary.as_table')), h('table', {},
    h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, t('summary.turn')), players.map(p => h('th', {scope: 'col', class: 'num'}, names[p] || p)))),
    h('tbody', {}, rows.map(r => h('tr', {}, h('th', {scope: 'row'}, String(r.turn)), players.map(p => h('td', {class: 'num'}, String(r.totals[p])))))))));
  return h('div', {}, chartSvg, table);
}
