// Board profiles: enter a physical board field by field, check it with the
// server, save and share it by id; import and export as JSON.
import {h, fill, download} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText, ApiError} from '../api.js';
import {all, get, put} from '../db.js';
import {rulesets} from '../rulesets.js';
import {colour} from '../words.js';

// How long typing pauses before the profile is checked with the server.
const CHECK_DELAY_MS = 400;
// The inputs of the profile's own (not per-field) entries, by JSON key.
const TOP_INPUTS = {name: 'board-name', oracle_from: 'oracle-from', wishing_stone_table: 'wish-table',
  green_numbers: 'green-numbers', fields: 'fields', locations: 'locations'};

/** The id of the input a board check's problem names: by its pointer
 * ("/board/fields/3/color" is colour-3) or, for Celtica, its location index
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

/** A profile to fill in, shaped like the printed board and passing the
 * board checks from the start: Orakel's small and large fields in the
 * printed rhythm, the colours in turn; Celtica's villages to the goal. */
export function blank(game, pieces) {
  if (game === 'celtica') {
    return {locations: [{kind: 'start'}, ...Array.from({length: pieces.locations - 2}, () => ({kind: 'village', parts: 1})),
      {kind: 'goal', parts: 4}]};
  }
  const {small, large} = pieces.fields;
  const run = small / (large + 1); // small fields between two large ones
  const fields = [{kind: 'start', color: null, value: 0, stones: 0}];
  for (let i = 1; fields.length < small + large + 1; i++) {
    const kind = i % (run + 1) === 0 ? 'large' : 'small';
    fields.push({kind, color: pieces.colors[(i - 1) % pieces.colors.length], value: 0, stones: pieces.stones[kind]});
  }
  fields.push({kind: 'center', color: pieces.colors[fields.length % pieces.colors.length], value: 0, stones: pieces.stones.center});
  return {fields, oracle_from: fields.length - 6, wishing_stone_table: [0, -4, -2, 1, 3, 6, 8, 10, 12, 15],
    green_numbers: [5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1]};
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
      h('button', {dataset: {game}, onclick: () => editor(game, blank(game, rules[game].pieces))}, t(`game.${game}`)))),
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
      const game = data.game || (board.locations ? 'celtica' : 'keltis-orakel');
      editor(game, board);
    } catch {
      fill(status, h('p', {class: 'problem'}, t('boards.bad_file')));
    }
  }

  function editor(game, board) {
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
        h('p', {class: 'hint'}, t(game === 'celtica' ? 'boards.walk_celtica' : 'boards.walk_orakel')),
        game === 'celtica' ? locations() : fields(),
        h('div', {class: 'row'},
          h('button', {type: 'submit', class: 'primary'}, t('boards.save')),
          h('button', {type: 'button', onclick: () => download(new Blob([JSON.stringify({game, board}, null, 2)],
            {type: 'application/json'}), 'board.json')}, t('boards.export'))));
      showVerdict();
    }

    function numberInput(id, label, value, set) {
      return [h('label', {for: id}, label), h('input', {id, type: 'number', value, inputmode: 'numeric',
        oninput: e => set(e.target.value === '' ? null : Number(e.target.value))})];
    }

    function fields() {
      return [
        h('ol', {start: 0, class: 'stack', id: 'fields'}, board.fields.map((field, i) => h('li', {class: 'row'},
          h('span', {class: 'index', 'aria-hidden': 'true'}, String(i)),
          h('label', {for: `kind-${i}`, class: 'sr'}, t('boards.kind', {n: i})),
          h('select', {id: `kind-${i}`, onchange: e => {
            field.kind = e.target.value;
            field.stones = pieces.stones[field.kind];
            drawForm();
          }},
            pieces.field_kinds.map(k => h('option', {value: k, selected: k === field.kind}, t(`kind.${k}`)))),
          h('label', {for: `color-${i}`, class: 'sr'}, t('boards.color', {n: i})),
          h('select', {id: `color-${i}`, onchange: e => { field.color = e.target.value || null; }},
            h('option', {value: ''}, '–'), pieces.colors.map(c => h('option', {value: c, selected: c === field.color}, colour(c)))),
          h('label', {for: `value-${i}`, class: 'sr'}, t('boards.value', {n: i})),
          h('input', {id: `value-${i}`, type: 'number', value: field.value, style: 'width:5rem',
            oninput: e => { field.value = Number(e.target.value); }}),
          field.kind === 'large' || field.kind === 'center' ? [
            h('label', {for: `stones-${i}`, class: 'sr'}, t('boards.stones', {n: i})),
            h('input', {id: `stones-${i}`, type: 'number', value: field.stones, style: 'width:4rem',
              oninput: e => { field.stones = Number(e.target.value); }})] : null))),
        numberInput('oracle-from', t('boards.oracle_from'), board.oracle_from, v => { board.oracle_from = v; }),
        h('label', {for: 'wish-table'}, t('boards.wish_table')),
        h('input', {id: 'wish-table', value: board.wishing_stone_table.join(', '),
          oninput: e => { board.wishing_stone_table = e.target.value.split(',').map(Number); }}),
        h('label', {for: 'green-numbers'}, t('boards.green_numbers')),
        h('input', {id: 'green-numbers', value: board.green_numbers.join(', '),
          oninput: e => { board.green_numbers = e.target.value.split(',').map(Number); }})];
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
      try {
        const {data} = await api('/boards', {method: 'POST', body: {game, board}});
        await remember({...data, board});
        await listSaved();
        fill(status, h('p', {class: 'good'}, t('boards.saved_as', {id: data.id})),
          data.warnings.length ? h('ul', {}, data.warnings.map(w => h('li', {}, w.message))) : null);
      } catch (error) {
        fill(status, h('p', {class: 'problem', role: 'alert'}, problemText(error)));
        if (error instanceof ApiError && error.violations.length) {
          verdict = {violations: error.violations, warnings: []};
          showVerdict({focus: true});
        }
      }
    }
  }
}

async function remember(data) {
  // The board token comes only with the answer that first stored the board: keep it (it deletes the board).
  const token = data.token || (await get('boards', data.id))?.token;
  await put('boards', {id: data.id, game: data.game, name: data.board.name || '', board: data.board, token});
}
