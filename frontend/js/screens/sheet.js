// The score sheet: one card per player in rank order, every total and rank
// in view at any width (no table that scrolls sideways), the breakdown like
// the paper pad; a match's rounds (rounds.js); exports as PDF, CSV and the
// game record; share; send to BG Stats. A game on this phone exports its
// CSV and record here; the PDF and the summary are made by a server.
import {h, download, append} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText, isLocal} from '../api.js';
import {get} from '../db.js';
import {follow} from '../live.js';
import {roundsOf, totalsOf, startRound, nextOffer} from '../rounds.js';
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
  // Any phone that holds a game has asked for the rulesets (its home or table
  // screen did), and keeps them offline in some language (rulesets.js): only
  // a phone whose stored answers are gone has the sheet without its columns'
  // words and the BG Stats play without its options and BoardGameGeek id.
  const ruleset = (await rulesets().catch(() => ({})))[game.record.game];
  const over = game.scoresheet.status === 'finished';
  const local = isLocal(id);
  const problem = h('p', {role: 'status'});
  const match = Boolean(ruleset && ruleset.setup.carry);
  const rounds = match ? await roundsOf(game, mine.token).catch(() => null) : null;
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
    match ? matchPart(game, mine, names, over, rounds, problem) : null,
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
  return match && over && !game.next ? followMatch(game, mine, names, rounds, problem) : null;
}

// A game whose rounds make a match (its package declares `setup.carry`):
// each round's points and the match total so far (`rounds`: the totals
// after each round, rounds.js), and once a round is over, "Next round"
// (the next record, each player's total carried in), or, once a phone at
// the table started it, the offer to open it.
function matchPart(game, mine, names, over, rounds, problem) {
  const totals = totalsOf(game);
  const ids = game.record.players.map(p => p.id);
  const said = (of, before) => ids.map(p => `${names[p]} ${of[p] - (before ? before[p] : 0)}`).join(' · ');
  const next = !over ? null : game.next ? nextOffer(mine, game)
    : mine.spectator ? null : h('button', {id: 'next-round', class: 'primary', onclick: () => startRound(mine, game, problem)},
      t('sheet.next_round'));
  return h('section', {id: 'match', 'aria-labelledby': 'match-title'},
    h('h2', {id: 'match-title'}, t('sheet.match')),
    // The rounds before unread (no network): the match total alone.
    rounds ? h('ul', {id: 'rounds'}, roundLines(rounds, said).map(([round, points]) => h('li', {}, round, ': ', points)))
      : null,
    h('p', {id: 'match-total'}, h('strong', {}, t('sheet.match_total')), ': ', said(totals)),
    next);
}

// Each round's points. Points carried into the first round this table
// knows (a round shared from a phone, say) came from rounds it never saw:
// one line of earlier rounds, and the rounds after it unnumbered if only one.
function roundLines({totals, earlier}, said) {
  if (!earlier) return totals.map((round, k) => [t('sheet.round', {n: k + 1}), said(round, k ? totals[k - 1] : null)]);
  return [[t('sheet.earlier_rounds'), said(earlier)],
    ...totals.map((round, k) => [totals.length === 1 ? t('sheet.this_round') : t('sheet.round', {n: k + 2}),
      said(round, k ? totals[k - 1] : earlier)])];
}

// While the round's sheet is open, the next round started by another phone is offered at once.
function followMatch(game, mine, names, rounds, problem) {
  return follow(game.id, mine.token, event => {
    if (event.event !== 'next' || !event.data || game.next === event.data.next) return;
    game.next = event.data.next;
    document.getElementById('match')?.replaceWith(matchPart(game, mine, names, true, rounds, problem));
  }, {version: game.version});
}

function sheetText(sheet, names) {
  return sheet.players.map(p => `${p.rank}. ${names[p.id]} ${p.total}`).join('\n');
}
