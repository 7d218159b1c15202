// Quick tally: only what the final scoring needs, then the score sheet.
import {h, fill} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText} from '../api.js';
import {all} from '../db.js';
import {rulesets} from '../rulesets.js';
import {part} from '../words.js';
import {sheetTable} from './sheet.js';
import {playerId} from '../words.js';

/** Draw the quick tally. */
export async function show(main) {
  const rules = await rulesets();
  const boards = await all('boards');
  const state = {game: 'keltis', count: 2};
  const form = h('form', {id: 'tally', onsubmit: submit});
  const result = h('div', {id: 'tally-result', 'aria-live': 'polite'});
  main.append(h('h1', {}, t('tally.title')), form, result);
  draw();

  function draw() {
    state.count = Math.min(state.count, rules[state.game].players.max);
    fill(form,
      h('div', {class: 'row', role: 'group', 'aria-label': t('new.game')}, Object.keys(rules).map(g => h('button', {type: 'button',
        'aria-pressed': String(g === state.game), dataset: {game: g}, onclick: () => { state.game = g; draw(); }}, t(`game.${g}`)))),
      h('label', {for: 'tally-count'}, t('tally.players')),
      h('select', {id: 'tally-count', onchange: e => { state.count = Number(e.target.value); draw(); }},
        seatCounts(rules[state.game].players).map(n => h('option', {value: n, selected: n === state.count}, String(n)))),
      state.game === 'keltis' ? null : [h('label', {for: 'tally-board'}, t('new.board_pick')),
        h('select', {id: 'tally-board'}, boards.filter(b => b.game === state.game).map(b => h('option', {value: b.id}, b.name || b.id)))],
      Array.from({length: state.count}, (_, i) => h('fieldset', {dataset: {seat: i}},
        h('legend', {}, t('new.name', {n: i + 1})),
        field(`name-${i}`, t('tally.name'), 'text', ''),
        perGame(state.game, i, rules.celtica.pieces.parts))),
      h('button', {type: 'submit', class: 'primary'}, t('tally.score')));
  }

  async function submit(event) {
    event.preventDefault();
    const taken = [];
    const names = {};
    const players = [...form.querySelectorAll('[data-seat]')].map(seat => {
      const i = seat.dataset.seat;
      const name = form.querySelector(`#name-${i}`).value || t('new.name', {n: Number(i) + 1});
      const id = playerId(name, taken);
      taken.push(id);
      names[id] = name;
      return {id, ...read(state.game, i, rules.celtica.pieces.parts)};
    });
    const body = {game: state.game, options: {}, board: null, players};
    if (state.game !== 'keltis') {
      const chosen = boards.find(b => b.id === form.querySelector('#tally-board').value);
      body.board = chosen ? chosen.board : null;
    }
    try {
      const {data} = await api('/tally', {method: 'POST', body});
      fill(result, h('h2', {}, t('sheet.title')), sheetTable(data, names));
    } catch (error) {
      fill(result, h('p', {class: 'problem', role: 'alert'}, problemText(error)));
    }
  }

  function read(game, i, parts) {
    const number = id => Number(form.querySelector(`#${id}`).value || 0);
    if (game === 'keltis') {
      const figures = [];
      for (let k = 0; k < 5; k++) {
        const row = number(`fig-${i}-${k}`);
        if (row) figures.push({row, large: k === 0});
      }
      return {figures, stones_held: number(`stones-${i}`), track: number(`track-${i}`)};
    }
    if (game === 'keltis-orakel') {
      return {fields: [0, 1, 2].map(k => number(`fig-${i}-${k}`)), stones_held: number(`stones-${i}`),
        mirrors: number(`mirrors-${i}`), track: number(`track-${i}`)};
    }
    return {parts: Object.fromEntries(parts.map(p => [p, number(`part-${i}-${p}`)]))};
  }
}

// The seat counts a game allows: min to max.
function seatCounts({min, max}) {
  return Array.from({length: max - min + 1}, (_, k) => min + k);
}

function field(id, label, type, value) {
  return h('div', {}, h('label', {for: id}, label), h('input', {id, type, value, inputmode: type === 'number' ? 'numeric' : undefined}));
}

function perGame(game, i, parts) {
  if (game === 'keltis') {
    return [h('p', {class: 'hint'}, t('tally.keltis_figures')),
      h('div', {class: 'row'}, [0, 1, 2, 3, 4].map(k => field(`fig-${i}-${k}`, k === 0 ? t('figure.large') : `${t('figure.small')} ${k}`, 'number', 0))),
      field(`stones-${i}`, t('tally.stones'), 'number', 0), field(`track-${i}`, t('tally.track'), 'number', 0)];
  }
  if (game === 'keltis-orakel') {
    return [h('p', {class: 'hint'}, t('tally.orakel_fields')),
      h('div', {class: 'row'}, [0, 1, 2].map(k => field(`fig-${i}-${k}`, t('tally.figure', {n: k + 1}), 'number', 0))),
      field(`stones-${i}`, t('tally.stones'), 'number', 0), field(`mirrors-${i}`, t('tally.mirrors'), 'number', 0),
      field(`track-${i}`, t('tally.track'), 'number', 0)];
  }
  return [h('p', {class: 'hint'}, t('tally.celtica_parts')),
    h('div', {class: 'row'}, parts.map(p => field(`part-${i}-${p}`, part(p), 'number', 0)))];
}
