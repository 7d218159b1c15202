// The score sheet: the breakdown like the paper pad, ranks and winners;
// exports as PDF, CSV and the game record; share.
import {h, download} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText} from '../api.js';
import {get} from '../db.js';

/** The breakdown table of a score sheet; used by the tally too. */
export function sheetTable(sheet, names = {}) {
  const keys = Object.keys(sheet.players[0]?.breakdown || {});
  const winners = new Set(sheet.winners || []);
  const caption = sheet.status === 'finished'
    ? t('sheet.finished', {reason: sheet.end_reason ? t(`end.${sheet.end_reason}`) : '–'}) : t('sheet.in_progress');
  return h('div', {}, h('p', {id: 'sheet-caption'}, caption),
    h('div', {class: 'scroll', tabindex: 0, role: 'region', 'aria-labelledby': 'sheet-caption'}, h('table', {id: 'sheet', 'aria-labelledby': 'sheet-caption'},
    h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, t('table.player')),
      keys.map(key => h('th', {scope: 'col', class: 'num'}, t(`score.${key}`))),
      h('th', {scope: 'col', class: 'num'}, t('score.total')), h('th', {scope: 'col', class: 'num'}, t('score.rank')))),
    h('tbody', {}, sheet.players.map(p => h('tr', {dataset: {player: p.id}},
      h('th', {scope: 'row'}, names[p.id] || p.id, winners.has(p.id) ? ` ★ ${t('sheet.winner')}` : ''),
      keys.map(key => h('td', {class: 'num'}, Array.isArray(p.breakdown[key]) ? p.breakdown[key].join(', ') || '–' : String(p.breakdown[key]))),
      h('td', {class: 'num'}, h('strong', {}, String(p.total))),
      h('td', {class: 'num'}, String(p.rank))))))));
}

/** Draw the score sheet of a game. */
export async function show(main, id) {
  const mine = await get('games', id);
  const {data: game} = await api(`/games/${id}`, {token: mine.token});
  const names = Object.fromEntries(game.record.players.map(p => [p.id, p.name]));
  const problem = h('p', {role: 'status'});
  const fetchFile = async (path, accept, name) => {
    try {
      const {data} = await api(path, {token: mine.token, accept});
      download(data instanceof Blob ? data : new Blob([JSON.stringify(data, null, 2)], {type: accept}), name);
    } catch (error) {
      problem.textContent = problemText(error);
    }
  };
  main.append(
    h('h1', {}, t('sheet.title')),
    sheetTable(game.scoresheet, names),
    h('h2', {}, t('sheet.export')),
    h('div', {class: 'row'},
      h('button', {onclick: () => fetchFile(`/games/${id}/scoresheet?format=pdf`, 'application/pdf', `brehon-${id}.pdf`)}, 'PDF'),
      h('button', {onclick: () => fetchFile(`/games/${id}/scoresheet?format=csv`, 'text/csv', `brehon-${id}.csv`)}, 'CSV'),
      h('button', {onclick: () => fetchFile(`/games/${id}/record`, 'application/json', `brehon-${id}.json`)}, t('sheet.record')),
      navigator.share ? h('button', {onclick: () => navigator.share({title: 'Brehon', text: sheetText(game.scoresheet, names)}).catch(() => {})}, t('join.share')) : null),
    problem,
    h('p', {class: 'row'}, h('a', {class: 'button', href: `#/game/${id}`}, t('nav.table')),
      game.scoresheet.status === 'finished' ? h('a', {class: 'button', href: `#/summary/${id}`}, t('nav.summary')) : null));
}

function sheetText(sheet, names) {
  return sheet.players.map(p => `${p.rank}. ${names[p.id] || p.id} ${p.total}`).join('\n');
}
