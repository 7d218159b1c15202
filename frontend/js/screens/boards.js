// Board profiles: enter a physical board field by field, check it with the
// server, save and share it by id; import and export as JSON.
import {h, fill, download} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText} from '../api.js';
import {all, put} from '../db.js';
import {go} from '../router.js';
import {COLOURS, colour} from '../words.js';

const BOARD_GAMES = ['keltis-orakel', 'celtica'];
const FIELD_KINDS = ['start', 'small', 'large', 'center'];
const LOCATION_KINDS = ['start', 'village', 'castle', 'monastery', 'ruin', 'cult', 'goal'];
const WITH_PARTS = ['village', 'castle', 'monastery', 'ruin', 'goal'];
// How long typing pauses before the profile is checked with the server.
const CHECK_DELAY_MS = 400;
// The inputs of the profile's own (not per-field) entries, by JSON key.
const TOP_INPUTS = {name: 'board-name', oracle_from: 'oracle-from', wishing_stone_table: 'wish-table',
  green_numbers: 'green-numbers', fields: 'fields', locations: 'locations'};

/** The id of the input a board check's pointer names ("/board/fields/3/color"
 * is colour-3), or of the field's kind when it has no input of its own. */
export function inputFor(pointer) {
  const [, , key, index, member] = (pointer || '').split('/');
  if ((key === 'fields' || key === 'locations') && index !== undefined) {
    const wanted = `${member || 'kind'}-${index}`;
    return document.getElementById(wanted) ? wanted : `kind-${index}`;
  }
  return TOP_INPUTS[key] || null;
}

/** An empty profile to fill in, shaped like the printed board. */
export function blank(game) {
  if (game === 'celtica') {
    return {name: '', locations: [{kind: 'start'}, ...Array.from({length: 17}, () => ({kind: 'village', parts: 1})), {kind: 'goal', parts: 4}]};
  }
  const fields = [{kind: 'start', color: null, value: 0}];
  for (let i = 1; i < 35; i++) fields.push({kind: 'small', color: COLOURS[game][(i - 1) % 5], value: 0});
  fields.push({kind: 'center', color: 'green', value: 15, stones: 1});
  return {name: '', fields, oracle_from: 30, wishing_stone_table: [0, -4, -2, 1, 3, 6, 8, 10, 12, 15],
    green_numbers: [5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1]};
}

/** Draw the boards screen. */
export async function show(main) {
  const saved = await all('boards');
  const status = h('div', {id: 'board-status', role: 'status', 'aria-live': 'polite'});
  const editorBox = h('div', {id: 'editor'});
  const shared = h('input', {id: 'board-id', autocomplete: 'off'});
  const file = h('input', {id: 'board-file', type: 'file', accept: 'application/json,.json', onchange: importFile});
  main.append(
    h('h1', {}, t('boards.title')),
    h('h2', {}, t('boards.saved')),
    saved.length ? h('ul', {id: 'saved-boards'}, saved.map(b => h('li', {class: 'row'},
      h('span', {}, `${b.name || b.id} (${t(`game.${b.game}`)}) · ${t('boards.id', {id: b.id})}`),
      h('button', {class: 'quiet', onclick: () => editor(b.game, b.board)}, t('boards.edit')),
      h('button', {class: 'quiet', onclick: () => download(new Blob([JSON.stringify({game: b.game, board: b.board}, null, 2)],
        {type: 'application/json'}), `board-${b.id}.json`)}, t('boards.export')))))
      : h('p', {class: 'hint'}, t('boards.none')),
    h('h2', {}, t('boards.new')),
    h('div', {class: 'row'}, BOARD_GAMES.map(game => h('button', {dataset: {game}, onclick: () => editor(game, blank(game))}, t(`game.${game}`)))),
    h('form', {class: 'row', onsubmit: openShared},
      h('label', {for: 'board-id'}, t('boards.open_id')), shared, h('button', {type: 'submit'}, t('boards.open'))),
    h('label', {for: 'board-file'}, t('boards.import')), file,
    status, editorBox);

  async function openShared(event) {
    event.preventDefault();
    try {
      const {data} = await api(`/boards/${encodeURIComponent(shared.value.trim())}`);
      await remember(data);
      go('boards');
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

    // The problem at the input its pointer names, and the warnings above the form.
    function showVerdict() {
      for (const input of form.querySelectorAll('[aria-invalid]')) {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
      for (const old of form.querySelectorAll('.field-problem')) old.remove();
      if (!verdict) return;
      const v = verdict.violations[0];
      const inputId = v && inputFor(v.details && v.details.pointer);
      const input = inputId && document.getElementById(inputId);
      const text = v ? `${v.message} (${v.rule})` : '';
      if (input) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', `${inputId}-problem`);
        input.after(h('p', {class: 'problem field-problem', id: `${inputId}-problem`}, text));
      }
      fill(checked,
        v ? h('p', {class: 'problem'}, t('boards.check_bad', {problem: text}))
          : h('p', {class: 'good'}, t('boards.check_ok')),
        verdict.warnings.length ? h('ul', {class: 'warnings'}, verdict.warnings.map(w => h('li', {}, t('boards.warning', {text: w.message})))) : null);
    }

    function drawForm() {
      fill(form,
        h('label', {for: 'board-name'}, t('boards.name')),
        h('input', {id: 'board-name', value: board.name || '', maxlength: 80, oninput: e => { board.name = e.target.value; }}),
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
          h('select', {id: `kind-${i}`, onchange: e => { field.kind = e.target.value; drawForm(); }},
            FIELD_KINDS.map(k => h('option', {value: k, selected: k === field.kind}, t(`kind.${k}`)))),
          h('label', {for: `color-${i}`, class: 'sr'}, t('boards.color', {n: i})),
          h('select', {id: `color-${i}`, onchange: e => { field.color = e.target.value || null; }},
            h('option', {value: ''}, '–'), COLOURS[game].map(c => h('option', {value: c, selected: c === field.color}, colour(c)))),
          h('label', {for: `value-${i}`, class: 'sr'}, t('boards.value', {n: i})),
          h('input', {id: `value-${i}`, type: 'number', value: field.value, style: 'width:5rem',
            oninput: e => { field.value = Number(e.target.value); }}),
          field.kind === 'large' || field.kind === 'center' ? [
            h('label', {for: `stones-${i}`, class: 'sr'}, t('boards.stones', {n: i})),
            h('input', {id: `stones-${i}`, type: 'number', value: field.stones ?? (field.kind === 'large' ? 2 : 1), style: 'width:4rem',
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
          if (WITH_PARTS.includes(location.kind)) location.parts ??= 1;
          else delete location.parts;
          drawForm();
        }}, LOCATION_KINDS.map(k => h('option', {value: k, selected: k === location.kind}, t(`kind.${k}`)))),
        WITH_PARTS.includes(location.kind) ? [h('label', {for: `parts-${i}`, class: 'sr'}, t('boards.parts', {n: i})),
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
        const warnings = (data.warnings || []).map(w => w.message || w.code || String(w));
        fill(status, h('p', {class: 'good'}, t('boards.saved_as', {id: data.id})),
          warnings.length ? h('ul', {}, warnings.map(w => h('li', {}, w))) : null);
      } catch (error) {
        fill(status, h('p', {class: 'problem', role: 'alert'}, problemText(error)));
      }
    }
  }
}

async function remember(data) {
  await put('boards', {id: data.id, game: data.game, name: data.board.name || '', board: data.board});
}
