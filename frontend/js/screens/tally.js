// Quick tally: only what the final scoring needs, the totals following each
// tap, and the score sheet below. The fields asked of each player and the
// options asked are the ones the game's package declares (GET /rulesets
// `tally`). The phone's referee scores it once it is ready, with no server
// (offline, or a `brehon static` site); until then the server does, and
// where no server answers, the referee as soon as it is ready.
import {h, fill} from '../ui.js';
import {t, language} from '../i18n.js';
import {api, ApiError, problemText} from '../api.js';
import {all, getPref, setPref} from '../db.js';
import {firstGame, rulesets} from '../rulesets.js';
import {refereeReady, startReferee, whenReady, tally as refereeTally} from '../referee.js';
import {sheetTable} from './sheet.js';
import {playerId, symbol} from '../words.js';

/** Draw the quick tally: of `game` (#/tally/<game>, as the new-game screen
 * links it), else of the game last tallied on this phone. */
export async function show(main, game) {
  const rules = await rulesets();
  const boards = await all('boards');
  const opened = [game, await getPref('tally-game')].find(g => g in rules);
  const state = {game: opened || firstGame(rules), count: 2};
  setPref('tally-game', state.game);
  const totals = h('ol', {id: 'tally-totals', class: 'tally-totals', 'aria-live': 'polite'});
  const result = h('div', {id: 'tally-result', 'aria-live': 'polite'});
  const score = oneAtATime(async () => {
    const asked = entered(form, rules[state.game], boards);
    return {...asked, sheet: await scored(asked.body, () => fill(totals, h('li', {}, t('local.starting'))))};
  }, shown, error => {
    fill(totals, h('li', {class: 'problem', role: 'alert'}, problemText(error)));
    fill(result);
  });
  const form = h('form', {id: 'tally',
    onsubmit: event => { event.preventDefault(); score().then(() => result.scrollIntoView()); },
    // The number of players draws the form again, empty: nothing to score yet.
    oninput: event => { if (event.target.id !== 'tally-count') score(); }});
  main.append(h('h1', {}, t('tally.title')), form, result);
  draw();

  function draw() {
    const ruleset = rules[state.game];
    state.count = Math.min(state.count, ruleset.players.max);
    const chosen = Object.fromEntries(asks(ruleset).map(option => [option.name, option.default]));
    fill(form,
      h('div', {class: 'row', role: 'group', 'aria-label': t('new.game')}, Object.keys(rules).map(g => h('button', {type: 'button',
        'aria-pressed': String(g === state.game), dataset: {game: g}, onclick: () => pick(g)}, t(`game.${g}`)))),
      h('div', {class: 'row tally-setup'},
        h('label', {for: 'tally-count'}, t('tally.players')),
        h('select', {id: 'tally-count', onchange: e => { state.count = Number(e.target.value); draw(); }},
          seatCounts(ruleset.players).map(n => h('option', {value: n, selected: n === state.count}, String(n)))),
        ruleset.needs_board ? [h('label', {for: 'tally-board'}, t('new.board_pick')),
          h('select', {id: 'tally-board'}, boards.filter(b => b.game === state.game).map(b => h('option', {value: b.id}, b.name || b.id)))] : null),
      asks(ruleset).map(option => optionToggle(option, form)),
      h('p', {class: 'hint'}, ruleset.tally.hint),
      Array.from({length: state.count}, (_, i) => h('fieldset', {class: 'tally-seat', dataset: {seat: i}},
        h('legend', {}, t('new.name', {n: i + 1})),
        field(`name-${i}`, t('tally.name'), 'text', ''),
        ruleset.tally.fields.map(asked => declaredField(asked, i, ruleset, chosen)))),
      h('div', {class: 'tally-bar'}, totals, h('button', {type: 'submit', class: 'primary'}, t('tally.score'))));
    fill(totals);
    fill(result);
  }

  function pick(g) {
    state.game = g;
    setPref('tally-game', g);
    draw();
  }

  // Each player's total in the bar, each row's points at its row (where the
  // sheet has a column of its item), the score sheet below.
  function shown({body, names, sheet}) {
    if (body.game !== state.game || body.players.length !== state.count) return;  // the form was drawn anew meanwhile
    const ruleset = rules[body.game];
    fill(totals, body.players.map(({id}, i) => {
      const player = sheet.players.find(p => p.id === id);
      form.querySelectorAll(`[data-seat="${i}"] [data-item]`).forEach(row => {
        row.querySelector('.points').textContent = player ? String(player.breakdown[row.dataset.item] ?? '') : '';
      });
      return h('li', {dataset: {seat: i}}, h('span', {class: 'name'}, names[id]), ' ',
        h('span', {class: 'total', 'aria-label': `${t('score.total')} ${player?.total}`}, String(player?.total)));
    }));
    fill(result, h('h2', {}, t('sheet.title')), sheetTable(sheet, names, ruleset));
  }
}

// The tally's sheet: the referee's once it is ready, else the server's; where
// no server answers (offline, or a static site) the referee's once it is
// ready (`waiting` says so meanwhile). A refusal throws, as the server's 422.
async function scored(body, waiting) {
  if (!refereeReady()) {
    try {
      return (await api('/tally', {method: 'POST', body})).data;
    } catch (error) {
      if (error instanceof ApiError && error.violations.length) throw error;  // the rules' word
      startReferee();
      waiting();
      if (!(await whenReady())) throw error;
    }
  }
  const sheet = await refereeTally(body, language());
  if (sheet.status === 'rejected') throw new ApiError(422, sheet);
  return sheet;
}

// `ask` run once at a time: a call while it runs asks once more after it, on
// the form as it is then, so the last answer shown is always the form's.
function oneAtATime(ask, done, failed) {
  let running = null;
  let again = false;
  const run = () => {
    running = ask().then(done, failed).finally(() => {
      running = null;
      if (again) {
        again = false;
        run();
      }
    });
    return running;
  };
  return () => {
    if (!running) return run();
    again = true;
    return running;
  };
}

// The options the tally asks (GET /rulesets `tally.options`, each a boolean
// option of the game).
const asks = ruleset => (ruleset.tally.options || []).map(name => ruleset.options.find(option => option.name === name));

// An option the tally asks, as a toggle: the rows that need it show with it.
function optionToggle(option, form) {
  const show = on => form.querySelectorAll(`[data-needs="${option.name}"]`).forEach(row => { row.hidden = !on; });
  return h('label', {class: 'toggle tally-option'},
    h('input', {type: 'checkbox', id: `tally-${option.name}`, dataset: {option: option.name}, checked: option.default,
      onchange: e => show(e.target.checked)}),
    h('span', {}, option.label));
}

// The tally's input as entered: {body, names}, names by player id.
function entered(form, ruleset, boards) {
  const taken = [];
  const names = {};
  const players = [...form.querySelectorAll('.tally-seat')].map(seat => {
    const i = seat.dataset.seat;
    const name = form.querySelector(`#name-${i}`).value || t('new.name', {n: Number(i) + 1});
    const id = playerId(name, taken);
    taken.push(id);
    names[id] = name;
    return {id, ...Object.fromEntries(ruleset.tally.fields.map(asked => [asked.key, read(form, asked, i)]))};
  });
  const options = Object.fromEntries(asks(ruleset).map(option => [option.name,
    form.querySelector(`[data-option="${option.name}"]`).checked]));
  const body = {game: ruleset.game, options, board: null, players};
  if (ruleset.needs_board) {
    const chosen = boards.find(b => b.id === form.querySelector('#tally-board').value);
    body.board = chosen ? chosen.board : null;
  }
  return {body, names};
}

// A field's value as the tally takes it (its form, GET /rulesets): a
// number; a list of numbers; the figures that left the start, each with
// its size; a count of each item; or each item's row of cards (the named
// cards counted, then the numbers ticked), the rows with no card, and those
// of an option not chosen, left out.
function read(form, asked, i) {
  const number = id => Number(form.querySelector(`#${id}`).value || 0);
  const each = asked.labels ? asked.labels.map((_, k) => number(`${asked.key}-${i}-${k}`)) : [];
  switch (asked.form) {
    case 'numbers': return each;
    case 'figures': return each.flatMap((row, k) => (row ? [{row, large: asked.sizes[k] === 'large'}] : []));
    case 'counts': return Object.fromEntries(asked.items.map((item, k) => [item, each[k]]));
    case 'rows': return Object.fromEntries(asked.items.map((item, k) => [item, [
      ...Array(each[k]).fill(asked.named.value),
      ...asked.numbers.filter(n => form.querySelector(`#${asked.key}-${i}-${k}-${n}`).checked)]])
      .filter(([item, row]) => row.length && !form.querySelector(`[data-seat="${i}"] [data-item="${item}"]`).hidden));
    default: return number(`${asked.key}-${i}`);
  }
}

// A declared field of player i: one number, a row of them, one per label,
// or (form "rows") a line per item: its named cards counted, its numbers ticked.
function declaredField(asked, i, ruleset, chosen) {
  if (asked.form === 'rows') return asked.items.map((item, k) => cardRow(asked, i, k, item, ruleset, chosen));
  if (!asked.labels) return field(`${asked.key}-${i}`, asked.label, 'number', 0);
  return h('div', {class: 'row'}, asked.labels.map((label, k) => field(`${asked.key}-${i}-${k}`, label, 'number', 0)));
}

// One item's cards on two lines at 320 px and more, every target 44 px: its
// colour's symbol and name with its points, how many named cards (a tap
// counts one more, past the last copy back to none), a toggle per number.
// The row of an item that needs an option shows while it is chosen.
function cardRow(asked, i, k, item, ruleset, chosen) {
  const id = `${asked.key}-${i}-${k}`;
  const needs = asked.with_option?.[item];
  const mark = symbol(item, ruleset) ?? '';
  return h('div', {class: 'tally-row', role: 'group', 'aria-labelledby': `${id}-name`, hidden: Boolean(needs && !chosen[needs]),
    dataset: needs ? {item, needs} : {item}},
  h('span', {class: `tally-item c-${item}`, id: `${id}-name`}, h('span', {}, `${mark} ${asked.labels[k]}`),
    h('span', {class: 'points'})),
  namedCount(id, asked.named),
  asked.numbers.map(n => h('label', {class: 'toggle'},
    h('input', {type: 'checkbox', id: `${id}-${n}`, value: n}), h('span', {}, String(n)))));
}

function namedCount(id, {label, copies}) {
  const count = h('span', {class: 'count'}, '0');
  const button = h('button', {type: 'button', id, class: 'tally-named', value: '0', onclick: () => {
    const now = (Number(button.value) + 1) % (copies + 1);
    button.value = String(now);
    count.textContent = String(now);
    button.dispatchEvent(new Event('input', {bubbles: true}));  // scored as a ticked number is
  }}, h('span', {class: 'word'}, label), count);
  return button;
}

// The seat counts a game allows: min to max.
function seatCounts({min, max}) {
  return Array.from({length: max - min + 1}, (_, k) => min + k);
}

function field(id, label, type, value) {
  return h('div', {class: 'tally-field'}, h('label', {for: id}, label),
    h('input', {id, type, value, inputmode: type === 'number' ? 'numeric' : undefined}));
}
