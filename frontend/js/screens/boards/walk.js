// The board editor of a game whose profile lists its fields as a walk
// (Keltis: Das Orakel): walked field by field on the drawn board from the
// start to the center (one field's few questions at a time, "Next" and
// "Back", a tap on the board goes to that field), then the board's own
// numbers and saving. Every change is checked with the server's board
// checks; a field's problems show at that field and on the board, and
// "Next" stays at a field until they are mended. The walk's state is plain
// data; its elements are found by id.
import {h, append, fill, download} from '../../ui.js';
import {t} from '../../i18n.js';
import {colour, kindName, swatch} from '../../words.js';
import {CHECK_DELAY_MS, TOP_INPUTS, inWords, fieldOf, boardCheck} from './problems.js';

const stepBox = () => document.getElementById('walk-step');

/** Walk `board` in `box` with the game's `drawer` (draw/drawers.js);
 * `store(game, board)` saves it and answers the violations of a refusal. */
export function walkEditor(box, ruleset, game, board, drawer, store) {
  board = structuredClone(board);
  const walk = {game, board, ruleset, pieces: ruleset.pieces, drawer, store,
    whole: board.fields.length, // the step after the last field: the board as a whole
    at: 0,
    verdict: null, // the server's last answer about the board as it stands
    timer: null};
  fill(box, h('h2', {}, t('boards.editing', {game: t(`game.${game}`)})),
    h('p', {class: 'hint'}, ruleset.board_editor.hint),
    h('div', {id: 'board-check', role: 'status', 'aria-live': 'polite'}),
    h('section', {id: 'walk-step', 'aria-labelledby': 'walk-title'}),
    h('div', {id: 'walk-board'}));
  drawStep(walk);
  check(walk);
  stepBox().scrollIntoView({block: 'start'}); // below the saved boards and the ways to open one
}

function changed(walk) {
  clearTimeout(walk.timer);
  walk.timer = setTimeout(() => check(walk), CHECK_DELAY_MS);
  drawBoard(walk); // what was entered shows on the board at once
}

async function check(walk) {
  clearTimeout(walk.timer);
  const asked = JSON.stringify(walk.board);
  const data = await boardCheck(walk.game, walk.board);
  if (!data || JSON.stringify(walk.board) !== asked) return; // changed meanwhile: a later check answers
  walk.verdict = data;
  showVerdict(walk);
}

// The problems the last check found at field `index` (not those of the fields as a whole).
function problemsAt({verdict}, index) {
  return verdict ? verdict.violations.filter(v => fieldOf(v) === index) : [];
}

function drawBoard(walk) {
  const {verdict, at, whole} = walk;
  const faulty = new Set(verdict ? verdict.violations.map(fieldOf).filter(index => index !== null) : []);
  fill(document.getElementById('walk-board'),
    walk.drawer.profileBoard(walk.board, {ruleset: walk.ruleset, at: at < whole ? at : null, problems: faulty, choose: index => go(walk, index)}),
    h('p', {class: 'hint'}, t('boards.walk_legend')));
}

// To a step: its questions at the top of the screen, at the same place for every field.
function go(walk, index) {
  walk.at = index;
  drawStep(walk);
  stepBox().scrollIntoView({block: 'start'});
  stepBox().querySelector('h3').focus({preventScroll: true});
}

// The verdict at the top, on the board, and at the step it concerns.
function showVerdict(walk) {
  const [first] = walk.verdict.violations;
  fill(document.getElementById('board-check'),
    first ? h('p', {class: 'problem'}, t('boards.check_bad', {problem: `${inWords(first)} (${first.rule})`}))
      : h('p', {class: 'good'}, t('boards.check_ok')));
  drawBoard(walk);
  const box = stepBox().querySelector('#step-problems');
  if (!box) return;
  if (walk.at < walk.whole) fieldVerdict(walk, box);
  else wholeVerdict(walk, box);
}

// A field's problems at its step, and the number they name marked too
// ("/board/fields/3/value" is value-3); kind and colour are buttons.
function fieldVerdict(walk, box) {
  const here = problemsAt(walk, walk.at);
  fill(box, here.map(v => h('p', {class: 'problem field-problem'}, inWords(v))));
  for (const input of stepBox().querySelectorAll('input')) {
    const named = here.some(v => v.details.pointer === `/board/fields/${walk.at}/${input.id.split('-')[0]}`);
    if (named) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', 'step-problems');
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }
}

// The whole board: its own problems at their inputs, a field's as a way to that field; the warnings.
function wholeVerdict(walk, box) {
  const step = stepBox();
  const {verdict} = walk;
  for (const old of step.querySelectorAll('.field-problem')) old.remove();
  for (const input of step.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  const atFields = verdict.violations.filter(v => fieldOf(v) !== null);
  for (const v of verdict.violations.filter(v => fieldOf(v) === null)) {
    const input = document.getElementById(TOP_INPUTS[(v.details.pointer || '').split('/')[2]]);
    if (input && input.closest('#walk-step')) {
      input.setAttribute('aria-invalid', 'true');
      (input.closest('.stepper') || input).after(h('p', {class: 'problem field-problem'}, inWords(v)));
    } else box.append(h('p', {class: 'problem field-problem'}, inWords(v)));
  }
  append(box, [atFields.map(v => h('p', {class: 'field-problem'}, h('button', {type: 'button', class: 'quiet',
    onclick: () => go(walk, fieldOf(v))}, t('boards.go_field', {problem: inWords(v)})))),
  verdict.warnings.length ? h('ul', {class: 'warnings field-problem'},
    verdict.warnings.map(w => h('li', {}, t('boards.warning', {text: w.message})))) : null]);
}

function drawStep(walk) {
  fill(stepBox(), ...(walk.at < walk.whole ? fieldStep(walk, walk.board.fields[walk.at], walk.at) : wholeStep(walk)));
  if (walk.verdict) showVerdict(walk);
  else drawBoard(walk);
}

function fieldStep(walk, field, i) {
  const {ruleset, pieces, whole} = walk;
  const title = i === 0 ? 'boards.step_start' : i === whole - 1 ? 'boards.step_center' : 'boards.step_field';
  const choose = (key, value, label, extra = {}) => h('button', {type: 'button', 'aria-pressed': String(field[key] === value),
    ...extra, onclick: () => {
      field[key] = value;
      if (key === 'kind') {
        // A kind's own wishing stones; none is no key, as in a printed profile's JSON.
        if (pieces.stones[value]) field.stones = pieces.stones[value];
        else delete field.stones;
      }
      changed(walk);
      drawStep(walk);
      stepBox().querySelector(`[data-${key}="${value ?? 'none'}"]`)?.focus(); // "none": no colour
    }}, label);
  const kinds = h('fieldset', {}, h('legend', {}, t('boards.kind_q')),
    h('div', {class: 'choices'}, pieces.field_kinds.map(k => choose('kind', k, kindName(k, ruleset), {dataset: {kind: k}}))));
  const colours = h('fieldset', {}, h('legend', {}, t('boards.color_q')),
    h('div', {class: 'choices'},
      i === 0 || !field.color ? choose('color', null, t('boards.no_color'), {dataset: {color: 'none'}}) : null,
      pieces.colors.map(c => choose('color', c, colour(c, ruleset), {class: swatch('color', c, ruleset), dataset: {color: c}}))));
  // Its problems first: what to mend is the first thing read at a field.
  return [
    h('h3', {id: 'walk-title', tabindex: -1}, t(title, {n: i, last: whole - 1})),
    h('div', {id: 'step-problems', role: 'alert'}),
    kinds, colours,
    stepper(walk, `value-${i}`, t('boards.value', {n: i}), field.value, v => { field.value = v; }),
    field.kind === 'large' || field.kind === 'center' || field.stones
      ? stepper(walk, `stones-${i}`, t('boards.stones', {n: i}), field.stones ?? 0, v => { field.stones = v; }) : null,
    h('p', {}, h('button', {type: 'button', id: 'walk-end', class: 'quiet', onclick: () => go(walk, whole)}, t('boards.to_end'))),
    // Held at the foot of the screen: "Next" is always in reach, whatever the field asks.
    h('div', {class: 'row walk-nav'},
      h('button', {type: 'button', id: 'walk-back', disabled: i === 0, onclick: () => go(walk, i - 1)}, t('boards.back')),
      h('button', {type: 'button', id: 'walk-next', class: 'primary', onclick: () => next(walk)}, t('boards.next')))];
}

// "Next": the field as entered is checked first; with a problem it stays, and says it there.
async function next(walk) {
  await check(walk);
  if (problemsAt(walk, walk.at).length) {
    showVerdict(walk);
    return;
  }
  go(walk, walk.at + 1);
}

function wholeStep(walk) {
  const {game, board, whole} = walk;
  const list = key => h('input', {id: TOP_INPUTS[key], class: 'wide', value: board[key].join(', '),
    oninput: e => { board[key] = e.target.value.split(',').map(Number); changed(walk); }});
  return [
    h('h3', {id: 'walk-title', tabindex: -1}, t('boards.step_whole')),
    h('label', {for: 'board-name'}, t('boards.name')),
    h('input', {id: 'board-name', class: 'wide', value: board.name || '', maxlength: 80, oninput: e => {
      // A profile without a name has no name key (an empty one is no name).
      if (e.target.value.trim()) board.name = e.target.value.trim();
      else delete board.name;
    }}),
    stepper(walk, 'oracle-from', t('boards.oracle_from'), board.oracle_from, v => { board.oracle_from = v; }),
    h('p', {class: 'hint'}, t('boards.oracle_hint')),
    h('label', {for: 'wish-table'}, t('boards.wish_table')), list('wishing_stone_table'),
    h('label', {for: 'green-numbers'}, t('boards.green_numbers')), list('green_numbers'),
    h('div', {id: 'step-problems', role: 'alert'}),
    h('div', {class: 'row walk-nav'},
      h('button', {type: 'button', id: 'walk-back', onclick: () => go(walk, whole - 1)}, t('boards.back')),
      h('button', {type: 'button', class: 'primary', id: 'board-save', onclick: () => save(walk)}, t('boards.save')),
      h('button', {type: 'button', onclick: () => download(new Blob([JSON.stringify({game, board}, null, 2)],
        {type: 'application/json'}), 'board.json')}, t('boards.export')))];
}

// A whole number with − and + beside it (a phone's number pad often has no minus sign).
function stepper(walk, id, label, value, set) {
  const input = h('input', {id, type: 'number', value: value ?? '', class: 'step-value', oninput: e => {
    const text = e.target.value.trim();
    set(/^-?\d+$/.test(text) ? Number(text) : text); // no whole number: the check says so at this field
    changed(walk);
  }});
  const by = n => () => {
    input.value = String((Number.isInteger(Number(input.value)) && input.value !== '' ? Number(input.value) : 0) + n);
    input.dispatchEvent(new Event('input'));
  };
  return [h('label', {for: id}, label), h('div', {class: 'row stepper'},
    h('button', {type: 'button', 'aria-label': t('boards.less', {what: label}), onclick: by(-1)}, '−'),
    input,
    h('button', {type: 'button', 'aria-label': t('boards.more', {what: label}), onclick: by(1)}, '+'))];
}

async function save(walk) {
  clearTimeout(walk.timer);
  const refused = await walk.store(walk.game, walk.board);
  if (!refused) return;
  walk.verdict = {violations: refused, warnings: []};
  const first = refused.map(fieldOf).find(index => index !== null);
  if (first !== undefined) go(walk, first);
  else showVerdict(walk);
}
