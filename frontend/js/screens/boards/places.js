// The board editor of a game whose profile lists its places in order
// (Keltis: Celtica's locations): a form, checked with the server as it is
// typed. The editor's state is plain data; its elements are found by id.
import {h, fill, download} from '../../ui.js';
import {t} from '../../i18n.js';
import {api} from '../../api.js';
import {CHECK_DELAY_MS, inputFor, inWords} from './problems.js';
import {kindName} from '../../words.js';

/** Draw the form for `board` in `box`; `store(game, board)` saves it and
 * answers the violations of a refusal (boards.js). */
export function placesEditor(box, ruleset, game, board, store) {
  const editor = {game, board: structuredClone(board), ruleset, pieces: ruleset.pieces, hint: ruleset.board_editor.hint,
    verdict: null, // the server's last answer about the board as it stands
    timer: null, store};
  // Every field's own handler updates the board first; the form then hears the change.
  const changed = () => {
    clearTimeout(editor.timer);
    editor.timer = setTimeout(() => check(editor), CHECK_DELAY_MS);
  };
  fill(box, h('h2', {}, t('boards.editing', {game: t(`game.${game}`)})),
    h('div', {id: 'board-check', role: 'status', 'aria-live': 'polite'}),
    h('form', {id: 'board-form', onsubmit: event => save(editor, event), oninput: changed, onchange: changed}));
  drawForm(editor);
  check(editor);
}

// Checks as it goes: a pause in typing asks the server's board checks.
async function check(editor) {
  const {game, board} = editor;
  const asked = JSON.stringify(board);
  try {
    const {data} = await api('/boards/check', {method: 'POST', body: {game, board}});
    if (JSON.stringify(board) !== asked) return; // changed meanwhile: a later check answers
    editor.verdict = data;
    showVerdict(editor);
  } catch {
    // Offline: saving checks again.
  }
}

// Every problem in words at the input it names (the first one focused
// when asked: after Save), and the warnings above the form.
function showVerdict({verdict}, {focus = false} = {}) {
  const form = document.getElementById('board-form');
  for (const input of form.querySelectorAll('[aria-invalid]')) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
  for (const old of form.querySelectorAll('.field-problem')) old.remove();
  if (!verdict) return;
  const placed = verdict.violations.map(v => {
    const inputId = inputFor(v.details);
    const input = inputId && document.getElementById(inputId);
    if (input) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', `${inputId}-problem`);
      input.after(h('p', {class: 'problem field-problem', id: `${inputId}-problem`}, inWords(v)));
    }
    return input;
  }).filter(Boolean);
  const [first] = verdict.violations;
  fill(document.getElementById('board-check'),
    first ? h('p', {class: 'problem'}, t('boards.check_bad', {problem: `${inWords(first)} (${first.rule})`}))
      : h('p', {class: 'good'}, t('boards.check_ok')),
    verdict.warnings.length ? h('ul', {class: 'warnings'}, verdict.warnings.map(w => h('li', {}, t('boards.warning', {text: w.message})))) : null);
  if (focus && placed.length) placed[0].focus();
}

function drawForm(editor) {
  const {game, board} = editor;
  fill(document.getElementById('board-form'),
    h('label', {for: 'board-name'}, t('boards.name')),
    h('input', {id: 'board-name', value: board.name || '', maxlength: 80, oninput: e => {
      // A profile without a name has no name key (an empty one is no name).
      if (e.target.value.trim()) board.name = e.target.value.trim();
      else delete board.name;
    }}),
    h('p', {class: 'hint'}, editor.hint),
    locations(editor),
    h('div', {class: 'row'},
      h('button', {type: 'submit', class: 'primary'}, t('boards.save')),
      h('button', {type: 'button', onclick: () => download(new Blob([JSON.stringify({game, board}, null, 2)],
        {type: 'application/json'}), 'board.json')}, t('boards.export'))));
  showVerdict(editor);
}

function locations(editor) {
  const {board, ruleset, pieces} = editor;
  return [h('ol', {start: 0, class: 'stack', id: 'locations'}, board.locations.map((location, i) => h('li', {class: 'row'},
    h('span', {class: 'index', 'aria-hidden': 'true'}, String(i)),
    h('label', {for: `kind-${i}`, class: 'sr'}, t('boards.kind', {n: i})),
    h('select', {id: `kind-${i}`, onchange: e => {
      location.kind = e.target.value;
      if (pieces.with_parts.includes(location.kind)) location.parts ??= 1;
      else delete location.parts;
      drawForm(editor);
    }}, pieces.location_kinds.map(k => h('option', {value: k, selected: k === location.kind}, kindName(k, ruleset)))),
    pieces.with_parts.includes(location.kind) ? [h('label', {for: `parts-${i}`, class: 'sr'}, t('boards.parts', {n: i})),
      h('input', {id: `parts-${i}`, type: 'number', min: 1, max: 9, value: location.parts, style: 'width:4rem',
        oninput: e => { location.parts = Number(e.target.value); }})] : null,
    h('button', {type: 'button', class: 'quiet', 'aria-label': t('boards.remove', {n: i}),
      onclick: () => { board.locations.splice(i, 1); drawForm(editor); }}, '×')))),
  h('button', {type: 'button', onclick: () => { board.locations.splice(-1, 0, {kind: 'village', parts: 1}); drawForm(editor); }},
    t('boards.add'))];
}

async function save(editor, event) {
  event.preventDefault();
  const refused = await editor.store(editor.game, editor.board);
  if (refused) {
    editor.verdict = {violations: refused, warnings: []};
    showVerdict(editor, {focus: true});
  }
}
