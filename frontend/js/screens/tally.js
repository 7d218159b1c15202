// Quick tally: only what the final scoring needs, then the score sheet. The
// fields asked of each player are the ones the game's package declares
// (GET /rulesets `tally`).
import {h, fill} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText} from '../api.js';
import {all} from '../db.js';
import {firstGame, rulesets} from '../rulesets.js';
import {sheetTable} from './sheet.js';
import {playerId, symbol} from '../words.js';

/** Draw the quick tally. */
export async function show(main) {
  const rules = await rulesets();
  const boards = await all('boards');
  const state = {game: firstGame(rules), count: 2};
  const form = h('form', {id: 'tally', onsubmit: submit});
  const result = h('div', {id: 'tally-result', 'aria-live': 'polite'});
  main.append(h('h1', {}, t('tally.title')), form, result);
  draw();

  function draw() {
    const ruleset = rules[state.game];
    state.count = Math.min(state.count, ruleset.players.max);
    fill(form,
      h('div', {class: 'row', role: 'group', 'aria-label': t('new.game')}, Object.keys(rules).map(g => h('button', {type: 'button',
        'aria-pressed': String(g === state.game), dataset: {game: g}, onclick: () => { state.game = g; draw(); }}, t(`game.${g}`)))),
      h('label', {for: 'tally-count'}, t('tally.players')),
      h('select', {id: 'tally-count', onchange: e => { state.count = Number(e.target.value); draw(); }},
        seatCounts(ruleset.players).map(n => h('option', {value: n, selected: n === state.count}, String(n)))),
      ruleset.needs_board ? [h('label', {for: 'tally-board'}, t('new.board_pick')),
        h('select', {id: 'tally-board'}, boards.filter(b => b.game === state.game).map(b => h('option', {value: b.id}, b.name || b.id)))] : null,
      Array.from({length: state.count}, (_, i) => h('fieldset', {dataset: {seat: i}},
        h('legend', {}, t('new.name', {n: i + 1})),
        field(`name-${i}`, t('tally.name'), 'text', ''),
        h('p', {class: 'hint'}, ruleset.tally.hint),
        ruleset.tally.fields.map(asked => declaredField(asked, i, ruleset)))),
      h('button', {type: 'submit', class: 'primary'}, t('tally.score')));
  }

  async function submit(event) {
    event.preventDefault();
    const ruleset = rules[state.game];
    const taken = [];
    const names = {};
    const players = [...form.querySelectorAll('[data-seat]')].map(seat => {
      const i = seat.dataset.seat;
      const name = form.querySelector(`#name-${i}`).value || t('new.name', {n: Number(i) + 1});
      const id = playerId(name, taken);
      taken.push(id);
      names[id] = name;
      return {id, ...Object.fromEntries(ruleset.tally.fields.map(asked => [asked.key, read(asked, i)]))};
    });
    const body = {game: state.game, options: {}, board: null, players};
    if (ruleset.needs_board) {
      const chosen = boards.find(b => b.id === form.querySelector('#tally-board').value);
      body.board = chosen ? chosen.board : null;
    }
    try {
      const {data} = await api('/tally', {method: 'POST', body});
      fill(result, h('h2', {}, t('sheet.title')), sheetTable(data, names, ruleset));
    } catch (error) {
      fill(result, h('p', {class: 'problem', role: 'alert'}, problemText(error)));
    }
  }

  // A field's value as the tally takes it (its form, GET /rulesets): a
  // number; a list of numbers; the figures that left the start, each with
  // its size; a count of each item; or each item's row of cards (the named
  // cards counted, then the numbers ticked), the rows with no card left out.
  function read(asked, i) {
    const number = id => Number(form.querySelector(`#${id}`).value || 0);
    const each = asked.labels ? asked.labels.map((_, k) => number(`${asked.key}-${i}-${k}`)) : [];
    switch (asked.form) {
      case 'numbers': return each;
      case 'figures': return each.flatMap((row, k) => (row ? [{row, large: asked.sizes[k] === 'large'}] : []));
      case 'counts': return Object.fromEntries(asked.items.map((item, k) => [item, each[k]]));
      case 'rows': return Object.fromEntries(asked.items.map((item, k) => [item, [
        ...Array(each[k]).fill(asked.named.value),
        ...asked.numbers.filter(n => form.querySelector(`#${asked.key}-${i}-${k}-${n}`).checked)]]).filter(([, row]) => row.length));
      default: return number(`${asked.key}-${i}`);
    }
  }
}

// A declared field of player i: one number, a row of them, one per label,
// or (form "rows") a line per item: its named cards counted, its numbers ticked.
function declaredField(asked, i, ruleset) {
  if (asked.form === 'rows') return asked.items.map((item, k) => cardRow(asked, i, k, item, ruleset));
  if (!asked.labels) return field(`${asked.key}-${i}`, asked.label, 'number', 0);
  return h('div', {class: 'row'}, asked.labels.map((label, k) => field(`${asked.key}-${i}-${k}`, label, 'number', 0)));
}

// One item's cards: how many named cards (0 to their copies), and a
// 44 px toggle per number, the item's colour and symbol in its legend.
function cardRow(asked, i, k, item, ruleset) {
  const id = `${asked.key}-${i}-${k}`;
  return h('fieldset', {class: 'tally-row', dataset: {item}},
    h('legend', {class: `c-${item}`}, `${symbol(item, ruleset) ?? ''} ${asked.labels[k]}`),
    h('label', {for: id}, asked.named.label),
    h('select', {id}, Array.from({length: asked.named.copies + 1}, (_, n) => h('option', {value: n}, String(n)))),
    h('div', {class: 'toggles'}, asked.numbers.map(n => h('label', {class: 'toggle'},
      h('input', {type: 'checkbox', id: `${id}-${n}`, value: n}), h('span', {}, String(n))))));
}

// The seat counts a game allows: min to max.
function seatCounts({min, max}) {
  return Array.from({length: max - min + 1}, (_, k) => min + k);
}

function field(id, label, type, value) {
  return h('div', {}, h('label', {for: id}, label), h('input', {id, type, value, inputmode: type === 'number' ? 'numeric' : undefined}));
}
