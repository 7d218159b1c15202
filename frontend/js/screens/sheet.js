// The score sheet: one card per player in rank order, every total and rank
// in view at any width (no table that scrolls sideways), the breakdown like
// the paper pad; exports as PDF, CSV and the game record; share; send to
// BG Stats. A game on this phone exports its CSV and record here; the PDF
// and the summary are made by a server.
import {h, download, append} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText, isLocal} from '../api.js';
import {get, put} from '../db.js';
import {go} from '../go.js';
import {bgStatsPlay, bgStatsLink} from '../bgstats.js';
import {rulesets} from '../rulesets.js';
import {breakdownWords, rankReason} from '../words.js';
import {notHere} from './nothere.js';

/** The score sheet's cards (`ruleset` its game's GET /rulesets entry, for
 * its columns' words); used by the tally too. While the game goes on, rank
 * 1 is "leading", not "winner". */
export function sheetTable(sheet, names, ruleset) {
  const over = sheet.status === 'finished';
  const first = new Set(sheet.winners);
  // A tally has no end reason: it scores the table as it lies.
  const caption = over ? t('sheet.finished', {reason: sheet.end_reason ? t(`end.${sheet.end_reason}`) : '–'}) : t('sheet.in_progress');
  const ranked = [...sheet.players].sort((a, b) => a.rank - b.rank);
  const reason = rankReason(sheet, ruleset);
  const titles = Object.fromEntries((ruleset ? ruleset.sheet.columns : []).map(column => [column.key, column.title]));
  return h('div', {}, h('p', {id: 'sheet-caption'}, caption),
    reason ? h('p', {class: 'hint', id: 'rank-reason'}, reason) : null,
    h('ol', {id: 'sheet', class: 'sheet', 'aria-labelledby': 'sheet-caption'}, ranked.map(p => h('li', {dataset: {player: p.id}},
      h('div', {class: 'sheet-head'},
        h('span', {class: 'rank', 'aria-label': t('table.rank', {rank: p.rank})}, `${p.rank}.`),
        h('span', {class: 'name'}, names[p.id],
          first.has(p.id) ? h('span', {class: 'first'}, t(over ? 'sheet.winner' : 'sheet.leading')) : null),
        h('span', {class: 'total', 'aria-label': `${t('score.total')} ${p.total}`}, String(p.total))),
      breakdownWords(ruleset, p.breakdown)
        // Counted in words where the game says so: "1 incomplete amulet (8 parts)", not "Incomplete amulets 8".
        ? h('ul', {class: 'amulet-words'}, breakdownWords(ruleset, p.breakdown).map(line => h('li', {}, line)))
        : h('dl', {class: 'breakdown'}, Object.entries(p.breakdown).map(([key, value]) => [
          h('dt', {}, titles[key] ?? t(`score.${key}`)),
          h('dd', {}, Array.isArray(value) ? value.join(', ') || '–' : String(value))]))))));
}

/** Draw the score sheet of a game. */
export async function show(main, id) {
  const mine = await get('games', id);
  if (!mine) {
    notHere(main);
    return;
  }
  const {data: game} = await api(`/games/${id}`, {token: mine.token});
  const names = Object.fromEntries(game.record.players.map(p => [p.id, p.name]));
  // Offline on a phone that never asked for the rulesets, the sheet goes
  // without its columns' words and the BG Stats play without its options.
  const ruleset = (await rulesets().catch(() => ({})))[game.record.game];
  const over = game.scoresheet.status === 'finished';
  const local = isLocal(id);
  const problem = h('p', {role: 'status'});
  const fetchFile = async (path, accept, name) => {
    try {
      const {data} = await api(path, {token: mine.token, accept});
      download(data instanceof Blob ? data : new Blob([JSON.stringify(data, null, 2)], {type: accept}), name);
    } catch (error) {
      problem.textContent = problemText(error);
    }
  };
  append(main, [
    h('h1', {}, t('sheet.title')),
    sheetTable(game.scoresheet, names, ruleset),
    ruleset && ruleset.setup.carry && !local ? matchPart(game, mine, names, over, problem) : null,
    h('h2', {}, t('sheet.export')),
    h('div', {class: 'row'},
      local ? null : h('button', {onclick: () => fetchFile(`/games/${id}/scoresheet?format=pdf`, 'application/pdf', `brehon-${id}.pdf`)}, 'PDF'),
      h('button', {onclick: () => fetchFile(`/games/${id}/scoresheet?format=csv`, 'text/csv', `brehon-${id}.csv`)}, 'CSV'),
      h('button', {onclick: () => fetchFile(`/games/${id}/record`, 'application/json', `brehon-${id}.json`)}, t('sheet.record')),
      navigator.share ? h('button', {onclick: () => navigator.share({title: 'Brehon', text: sheetText(game.scoresheet, names)}).catch(() => {})}, t('join.share')) : null,
      over ? h('a', {class: 'button', id: 'bgstats', href: bgStatsLink(bgStatsPlay(game, {id, title: t(`game.${game.record.game}`),
        ruleset})),
        target: '_blank', rel: 'noopener'}, t('sheet.bgstats')) : null),
    over ? h('p', {class: 'hint'}, t('sheet.bgstats_hint')) : null,
    local ? h('p', {class: 'hint', id: 'pdf-note'}, t('local.pdf')) : null,
    problem,
    h('p', {class: 'row'}, h('a', {class: 'button', href: `#/game/${id}`}, t('nav.table')),
      over && !local ? h('a', {class: 'button', href: `#/summary/${id}`}, t('nav.summary')) : null)]);
}

// A game whose rounds make a match (its package declares `setup.carry`):
// each round's points and the match total so far, and once a round is
// over, "Next round", which starts the next record with each player's
// total carried in (setup.carry). The rounds before are kept on this phone.
function matchPart(game, mine, names, over, problem) {
  const totals = Object.fromEntries(game.scoresheet.players.map(p => [p.id, p.total]));
  const rounds = [...(mine.rounds || []), {id: mine.id, totals}];
  const ids = game.record.players.map(p => p.id);
  const said = (of, before) => ids.map(p => `${names[p]} ${of[p] - (before ? before[p] : 0)}`).join(' · ');
  const next = async () => {
    const record = {format: 'brehon/1', game: game.record.game, options: game.record.options,
      players: game.record.players, board: null, setup: {carry: totals}, turns: []};
    try {
      const {data} = await api('/games', {method: 'POST', body: record});
      await put('games', {id: data.id, token: data.token, spectator_token: data.spectator_token, game: mine.game,
        names: mine.names, colours: mine.colours, joined: Date.now(), rounds});
      go('game', data.id);
    } catch (error) {
      problem.textContent = problemText(error);
    }
  };
  return h('section', {id: 'match', 'aria-labelledby': 'match-title'},
    h('h2', {id: 'match-title'}, t('sheet.match')),
    h('ul', {id: 'rounds'}, rounds.map((round, k) => h('li', {}, t('sheet.round', {n: k + 1}), ': ',
      said(round.totals, k ? rounds[k - 1].totals : null)))),
    h('p', {id: 'match-total'}, h('strong', {}, t('sheet.match_total')), ': ', said(totals)),
    over ? h('button', {id: 'next-round', class: 'primary', onclick: next}, t('sheet.next_round')) : null);
}

function sheetText(sheet, names) {
  return sheet.players.map(p => `${p.rank}. ${names[p.id]} ${p.total}`).join('\n');
}
