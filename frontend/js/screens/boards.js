// Board profiles: enter a physical board field by field, check it with the
// server, save and share it by id; import and export as JSON.
import {h, append, fill, download} from '../ui.js';
import {t, language} from '../i18n.js';
import {api, problemText, ApiError} from '../api.js';
import {all, get, put} from '../db.js';
import {rulesets} from '../rulesets.js';
import {colour, swatch} from '../words.js';
import {drawerOf} from '../draw/drawers.js';
import {server} from '../local.js';
import {checkBoard} from '../referee.js';

// How long typing pauses before the profile is checked with the server.
const CHECK_DELAY_MS = 400;
// The inputs of the profile's own (not per-field) entries, by JSON key.
const TOP_INPUTS = {name: 'board-name', oracle_from: 'oracle-from', wishing_stone_table: 'wish-table',
  green_numbers: 'green-numbers', locations: 'locations'};

/** The id of the Celtica editor's input a board check's problem names: by
 * its pointer ("/board/locations/3/parts" is parts-3) or its location index
 * (the amulet symbols of that location, else its kind). */
export function inputFor(details) {
  const [, , key, index, member] = (details.pointer || '').split('/');
  const at = index ?? details.index;
  if (at !== undefined && at !== null) {
    const own = member || (details.check.startsWith('parts') ? 'parts' : 'kind');
    return [`${own}-${at}`, `kind-${at}`].find(id => document.getElementById(id));
  }
  return TOP_INPUTS[key];
}

// What the inputs are called, by the JSON key of the profile they hold.
const LABELS = {name: 'boards.name', oracle_from: 'boards.oracle_from', wishing_stone_table: 'boards.wish_table',
  green_numbers: 'boards.green_numbers', fields: 'boards.fields', locations: 'boards.locations',
  kind: 'boards.kind', color: 'boards.color', value: 'boards.value', stones: 'boards.stones', parts: 'boards.parts'};

// A board problem in words: the JSON pointer in its message becomes the
// name of the input ("/board/fields/3/color" is "Colour of field 3").
function inWords(v) {
  const pointer = v.details.pointer;
  if (!pointer) return v.message;
  const [, , key, index, member = 'kind'] = pointer.split('/');
  return v.message.replace(pointer, t(LABELS[index === undefined ? key : member], {n: index}));
}

/** Draw the boards screen. */
export async function show(main) {
  const rules = await rulesets();
  const savedBox = h('div', {id: 'saved'});
  const status = h('div', {id: 'board-status', role: 'status', 'aria-live': 'polite'});
  const editorBox = h('div', {id: 'editor'});
  const shared = h('input', {id: 'board-id', autocomplete: 'off'});
  const file = h('input', {id: 'board-file', type: 'file', accept: 'application/json,.json', onchange: importFile});
  main.append(
    h('h1', {}, t('boards.title')),
    h('h2', {}, t('boards.saved')),
    savedBox,
    h('h2', {}, t('boards.new')),
    h('div', {class: 'row'}, Object.keys(rules).filter(game => rules[game].needs_board).map(game =>
      h('button', {dataset: {game}, onclick: () => editor(game, rules[game].board_editor.blank)}, t(`game.${game}`)))),
    h('form', {class: 'row', onsubmit: openShared},
      h('label', {for: 'board-id'}, t('boards.open_id')), shared, h('button', {type: 'submit'}, t('boards.open'))),
    h('label', {for: 'board-file'}, t('boards.import')), file,
    status, editorBox);
  await listSaved();

  // The profiles saved on this device; drawn again after every save.
  async function listSaved() {
    const saved = await all('boards');
    fill(savedBox, saved.length ? h('ul', {id: 'saved-boards'}, saved.map(b => h('li', {class: 'row'},
      h('span', {}, `${b.name || b.id} (${t(`game.${b.game}`)}) · ${t('boards.id', {id: b.id})}`),
      h('button', {class: 'quiet', onclick: () => editor(b.game, b.board)}, t('boards.edit')),
      h('button', {class: 'quiet', onclick: () => download(new Blob([JSON.stringify({game: b.game, board: b.board}, null, 2)],
        {type: 'application/json'}), `board-${b.id}.json`)}, t('boards.export')))))
      : h('p', {class: 'hint'}, t('boards.none')));
  }

  async function openShared(event) {
    event.preventDefault();
    try {
      const {data} = await api(`/boards/${encodeURIComponent(shared.value.trim())}`);
      await remember(data);
      await listSaved();
    } catch (error) {
      fill(status, h('p', {class: 'problem'}, problemText(error)));
    }
  }

  async function importFile() {
    try {
      const data = JSON.parse(await file.files[0].text());
      const board = data.board || data;
      // A file with no game: the one whose profiles list places as it does ("fields", "locations").
      const game = data.game || Object.values(rules).find(ruleset => ruleset.board_editor && ruleset.board_editor.walk in board).game;
      editor(game, board);
    } catch {
      fill(status, h('p', {class: 'problem'}, t('boards.bad_file')));
    }
  }

  // The game's board editor (GET /rulesets `board_editor`): a walk on the
  // drawn board, field by field; or a form of the places in order.
  async function editor(game, board) {
    if (rules[game].board_editor.walk === 'fields') {
      walk(game, board, await drawerOf(rules[game]));
      return;
    }
    board = structuredClone(board);
    const pieces = rules[game].pieces;
    // Every field's own handler updates the board first; the form then hears the change.
    const form = h('form', {id: 'board-form', onsubmit: save, oninput: changed, onchange: changed});
    const checked = h('div', {id: 'board-check', role: 'status', 'aria-live': 'polite'});
    let verdict = null; // the server's last answer about the board as it stands
    let timer = null;
    fill(editorBox, h('h2', {}, t('boards.editing', {game: t(`game.${game}`)})), checked, form);
    drawForm();
    check();

    // Checks as it goes: a pause in typing asks the server's board checks.
    function changed() {
      clearTimeout(timer);
      timer = setTimeout(check, CHECK_DELAY_MS);
    }

    async function check() {
      const asked = JSON.stringify(board);
      try {
        const {data} = await api('/boards/check', {method: 'POST', body: {game, board}});
        if (JSON.stringify(board) !== asked) return; // changed meanwhile: a later check answers
        verdict = data;
        showVerdict();
      } catch {
        // Offline: saving checks again.
      }
    }

    // Every problem in words at the input it names (the first one focused
    // when asked: after Save), and the warnings above the form.
    function showVerdict({focus = false} = {}) {
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
      fill(checked,
        first ? h('p', {class: 'problem'}, t('boards.check_bad', {problem: `${inWords(first)} (${first.rule})`}))
          : h('p', {class: 'good'}, t('boards.check_ok')),
        verdict.warnings.length ? h('ul', {class: 'warnings'}, verdict.warnings.map(w => h('li', {}, t('boards.warning', {text: w.message})))) : null);
      if (focus && placed.length) placed[0].focus();
    }

    function drawForm() {
      fill(form,
        h('label', {for: 'board-name'}, t('boards.name')),
        h('input', {id: 'board-name', value: board.name || '', maxlength: 80, oninput: e => {
          // A profile without a name has no name key (an empty one is no name).
          if (e.target.value.trim()) board.name = e.target.value.trim();
          else delete board.name;
        }}),
        h('p', {class: 'hint'}, rules[game].board_editor.hint),
        locations(),
        h('div', {class: 'row'},
          h('button', {type: 'submit', class: 'primary'}, t('boards.save')),
          h('button', {type: 'button', onclick: () => download(new Blob([JSON.stringify({game, board}, null, 2)],
            {type: 'application/json'}), 'board.json')}, t('boards.export'))));
      showVerdict();
    }

    function locations() {
      return [h('ol', {start: 0, class: 'stack', id: 'locations'}, board.locations.map((location, i) => h('li', {class: 'row'},
        h('span', {class: 'index', 'aria-hidden': 'true'}, String(i)),
        h('label', {for: `kind-${i}`, class: 'sr'}, t('boards.kind', {n: i})),
        h('select', {id: `kind-${i}`, onchange: e => {
          location.kind = e.target.value;
          if (pieces.with_parts.includes(location.kind)) location.parts ??= 1;
          else delete location.parts;
          drawForm();
        }}, pieces.location_kinds.map(k => h('option', {value: k, selected: k === location.kind}, t(`kind.${k}`)))),
        pieces.with_parts.includes(location.kind) ? [h('label', {for: `parts-${i}`, class: 'sr'}, t('boards.parts', {n: i})),
          h('input', {id: `parts-${i}`, type: 'number', min: 1, max: 9, value: location.parts, style: 'width:4rem',
            oninput: e => { location.parts = Number(e.target.value); }})] : null,
        h('button', {type: 'button', class: 'quiet', 'aria-label': t('boards.remove', {n: i}),
          onclick: () => { board.locations.splice(i, 1); drawForm(); }}, '×')))),
      h('button', {type: 'button', onclick: () => { board.locations.splice(-1, 0, {kind: 'village', parts: 1}); drawForm(); }},
        t('boards.add'))];
    }

    async function save(event) {
      event.preventDefault();
      const refused = await store(game, board);
      if (refused) {
        verdict = {violations: refused, warnings: []};
        showVerdict({focus: true});
      }
    }
  }

  // Store a profile on the server and on this device; answers the
  // violations of a refusal (none: stored, or refused for another reason).
  async function store(game, board) {
    try {
      const {data} = await api('/boards', {method: 'POST', body: {game, board}});
      await remember({...data, board});
      await listSaved();
      fill(status, h('p', {class: 'good'}, t('boards.saved_as', {id: data.id})),
        data.warnings.length ? h('ul', {}, data.warnings.map(w => h('li', {}, w.message))) : null);
      return null;
    } catch (error) {
      fill(status, h('p', {class: 'problem', role: 'alert'}, problemText(error)));
      return error instanceof ApiError && error.violations.length ? error.violations : null;
    }
  }

  // Keltis: Das Orakel, walked field by field on the drawn board from the
  // start to the center (one field's few questions at a time, "Next" and
  // "Back", a tap on the board goes to that field), then the board's own
  // numbers and saving. Every change is checked with the server's board
  // checks; a field's problems show at that field and on the board, and
  // "Next" stays at a field until they are mended.
  function walk(game, board, drawer) {
    board = structuredClone(board);
    const pieces = rules[game].pieces;
    const whole = board.fields.length; // the step after the last field: the board as a whole
    let at = 0;
    let verdict = null; // the server's last answer about the board as it stands
    let timer = null;
    const checked = h('div', {id: 'board-check', role: 'status', 'aria-live': 'polite'});
    const step = h('section', {id: 'walk-step', 'aria-labelledby': 'walk-title'});
    const drawn = h('div', {id: 'walk-board'});
    fill(editorBox, h('h2', {}, t('boards.editing', {game: t(`game.${game}`)})),
      h('p', {class: 'hint'}, rules[game].board_editor.hint), checked, step, drawn);
    drawStep();
    check();
    step.scrollIntoView({block: 'start'}); // below the saved boards and the ways to open one

    function changed() {
      clearTimeout(timer);
      timer = setTimeout(check, CHECK_DELAY_MS);
      drawBoard(); // what was entered shows on the board at once
    }

    async function check() {
      clearTimeout(timer);
      const asked = JSON.stringify(board);
      const data = await boardCheck(game, board);
      if (!data || JSON.stringify(board) !== asked) return; // changed meanwhile: a later check answers
      verdict = data;
      showVerdict();
    }

    // The problems the last check found at field `index` (not those of the fields as a whole).
    function problemsAt(index) {
      return verdict ? verdict.violations.filter(v => fieldOf(v) === index) : [];
    }

    function drawBoard() {
      const faulty = new Set(verdict ? verdict.violations.map(fieldOf).filter(index => index !== null) : []);
      fill(drawn, drawer.profileBoard(board, {at: at < whole ? at : null, problems: faulty, choose: go}),
        h('p', {class: 'hint'}, t('boards.walk_legend')));
    }

    // To a step: its questions at the top of the screen, at the same place for every field.
    function go(index) {
      at = index;
      drawStep();
      step.scrollIntoView({block: 'start'});
      step.querySelector('h3').focus({preventScroll: true});
    }

    // The verdict at the top, on the board, and at the step it concerns.
    function showVerdict() {
      const [first] = verdict.violations;
      fill(checked,
        first ? h('p', {class: 'problem'}, t('boards.check_bad', {problem: `${inWords(first)} (${first.rule})`}))
          : h('p', {class: 'good'}, t('boards.check_ok')));
      drawBoard();
      const box = step.querySelector('#step-problems');
      if (!box) return;
      if (at < whole) {
        const here = problemsAt(at);
        fill(box, here.map(v => h('p', {class: 'problem field-problem'}, inWords(v))));
        // The number it names marked too ("/board/fields/3/value" is value-3); kind and colour are buttons.
        for (const input of step.querySelectorAll('input')) {
          const named = here.some(v => v.details.pointer === `/board/fields/${at}/${input.id.split('-')[0]}`);
          if (named) {
            input.setAttribute('aria-invalid', 'true');
            input.setAttribute('aria-describedby', 'step-problems');
          } else {
            input.removeAttribute('aria-invalid');
            input.removeAttribute('aria-describedby');
          }
        }
        return;
      }
      // The whole board: its own problems at their inputs, a field's as a way to that field; the warnings.
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
        onclick: () => go(fieldOf(v))}, t('boards.go_field', {problem: inWords(v)})))),
      verdict.warnings.length ? h('ul', {class: 'warnings field-problem'},
        verdict.warnings.map(w => h('li', {}, t('boards.warning', {text: w.message})))) : null]);
    }

    function drawStep() {
      fill(step, ...(at < whole ? fieldStep(board.fields[at], at) : wholeStep()));
      if (verdict) showVerdict();
      else drawBoard();
    }

    function fieldStep(field, i) {
      const title = i === 0 ? 'boards.step_start' : i === whole - 1 ? 'boards.step_center' : 'boards.step_field';
      const choose = (key, value, label, extra = {}) => h('button', {type: 'button', 'aria-pressed': String(field[key] === value),
        ...extra, onclick: () => {
          field[key] = value;
          if (key === 'kind') {
            // A kind's own wishing stones; none is no key, as in a printed profile's JSON.
            if (pieces.stones[value]) field.stones = pieces.stones[value];
            else delete field.stones;
          }
          changed();
          drawStep();
          step.querySelector(`[data-${key}="${value ?? 'none'}"]`)?.focus(); // "none": no colour
        }}, label);
      const kinds = h('fieldset', {}, h('legend', {}, t('boards.kind_q')),
        h('div', {class: 'choices'}, pieces.field_kinds.map(k => choose('kind', k, t(`kind.${k}`), {dataset: {kind: k}}))));
      const colours = h('fieldset', {}, h('legend', {}, t('boards.color_q')),
        h('div', {class: 'choices'},
          i === 0 || !field.color ? choose('color', null, t('boards.no_color'), {dataset: {color: 'none'}}) : null,
          pieces.colors.map(c => choose('color', c, colour(c), {class: swatch('color', c), dataset: {color: c}}))));
      // Its problems first: what to mend is the first thing read at a field.
      return [
        h('h3', {id: 'walk-title', tabindex: -1}, t(title, {n: i, last: whole - 1})),
        h('div', {id: 'step-problems', role: 'alert'}),
        kinds, colours,
        stepper(`value-${i}`, t('boards.value', {n: i}), field.value, v => { field.value = v; }),
        field.kind === 'large' || field.kind === 'center' || field.stones
          ? stepper(`stones-${i}`, t('boards.stones', {n: i}), field.stones ?? 0, v => { field.stones = v; }) : null,
        h('p', {}, h('button', {type: 'button', id: 'walk-end', class: 'quiet', onclick: () => go(whole)}, t('boards.to_end'))),
        // Held at the foot of the screen: "Next" is always in reach, whatever the field asks.
        h('div', {class: 'row walk-nav'},
          h('button', {type: 'button', id: 'walk-back', disabled: i === 0, onclick: () => go(i - 1)}, t('boards.back')),
          h('button', {type: 'button', id: 'walk-next', class: 'primary', onclick: next}, t('boards.next')))];
    }

    // "Next": the field as entered is checked first; with a problem it stays, and says it there.
    async function next() {
      await check();
      if (problemsAt(at).length) {
        showVerdict();
        return;
      }
      go(at + 1);
    }

    function wholeStep() {
      const list = key => h('input', {id: TOP_INPUTS[key], class: 'wide', value: board[key].join(', '),
        oninput: e => { board[key] = e.target.value.split(',').map(Number); changed(); }});
      return [
        h('h3', {id: 'walk-title', tabindex: -1}, t('boards.step_whole')),
        h('label', {for: 'board-name'}, t('boards.name')),
        h('input', {id: 'board-name', class: 'wide', value: board.name || '', maxlength: 80, oninput: e => {
          // A profile without a name has no name key (an empty one is no name).
          if (e.target.value.trim()) board.name = e.target.value.trim();
          else delete board.name;
        }}),
        stepper('oracle-from', t('boards.oracle_from'), board.oracle_from, v => { board.oracle_from = v; }),
        h('p', {class: 'hint'}, t('boards.oracle_hint')),
        h('label', {for: 'wish-table'}, t('boards.wish_table')), list('wishing_stone_table'),
        h('label', {for: 'green-numbers'}, t('boards.green_numbers')), list('green_numbers'),
        h('div', {id: 'step-problems', role: 'alert'}),
        h('div', {class: 'row walk-nav'},
          h('button', {type: 'button', id: 'walk-back', onclick: () => go(whole - 1)}, t('boards.back')),
          h('button', {type: 'button', class: 'primary', id: 'board-save', onclick: save}, t('boards.save')),
          h('button', {type: 'button', onclick: () => download(new Blob([JSON.stringify({game, board}, null, 2)],
            {type: 'application/json'}), 'board.json')}, t('boards.export')))];
    }

    // A whole number with − and + beside it (a phone's number pad often has no minus sign).
    function stepper(id, label, value, set) {
      const input = h('input', {id, type: 'number', value: value ?? '', class: 'step-value', oninput: e => {
        const text = e.target.value.trim();
        set(/^-?\d+$/.test(text) ? Number(text) : text); // no whole number: the check says so at this field
        changed();
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

    async function save() {
      clearTimeout(timer);
      const refused = await store(game, board);
      if (!refused) return;
      verdict = {violations: refused, warnings: []};
      const first = refused.map(fieldOf).find(index => index !== null);
      if (first !== undefined) go(first);
      else showVerdict();
    }
  }
}

// The board checks of POST /boards/check; where no Brehon server answers
// (offline, or a static host), the phone's referee's, which are the same
// (scoring/answers.py). Null when neither can say (saving checks again).
async function boardCheck(game, board) {
  try {
    return (await api('/boards/check', {method: 'POST', body: {game, board}})).data;
  } catch (error) {
    if (error instanceof ApiError && (await server()) === 'yes') return null; // the server's own refusal (a body too large)
    try {
      const answer = await checkBoard({game, board}, language());
      return 'status' in answer ? null : answer;
    } catch {
      return null; // no referee on this phone
    }
  }
}

// The field a board problem names by its pointer ("/board/fields/3/color" is 3), else null.
function fieldOf(violation) {
  const match = /^\/board\/fields\/(\d+)(\/|$)/.exec(violation.details.pointer || '');
  return match ? Number(match[1]) : null;
}

async function remember(data) {
  // The board token comes only with the answer that first stored the board: keep it (it deletes the board).
  const token = data.token || (await get('boards', data.id))?.token;
  await put('boards', {id: data.id, game: data.game, name: data.board.name || '', board: data.board, token});
}
