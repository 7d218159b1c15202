// Board profiles: enter a physical board field by field, check it with the
// server, save and share it by id; import and export as JSON.
import {h, fill, download} from '../ui.js';
import {t} from '../i18n.js';
import {api} from '../api.js';
import {all, put} from '../db.js';
import {go} from '../app.js';
import {COLOURS, colour} from '../words.js';

const BOARD_GAMES = ['keltis-orakel', 'celtica'];
const FIELD_KINDS = ['start', 'small', 'large', 'center'];
const LOCATION_KINDS = ['start', 'village', 'castle', 'monastery', 'ruin', 'cult', 'goal'];
const WITH_PARTS = ['village', 'castle', 'monastery', 'ruin', 'goal'];

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
      fill(status, h('p', {class: 'problem'}, error.message || t('error.network')));
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
    const form = h('form', {id: 'board-form', onsubmit: save});
    fill(editorBox, h('h2', {}, t('boards.editing', {game: t(`game.${game}`)})), form);
    drawForm();

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
        const v = error.violations && error.violations[0];
        fill(status, h('p', {class: 'problem', role: 'alert'}, v ? `${v.message} (${v.rule})` : error.message || t('error.network')));
      }
    }
  }
}

async function remember(data) {
  await put('boards', {id: data.id, game: data.game, name: data.board.name || '', board: data.board});
}
