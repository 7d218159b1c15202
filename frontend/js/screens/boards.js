// Board profiles: enter a physical board field by field, check it with the
// server, save and share it by id; import and export as JSON. The two
// editors are boards/places.js and boards/walk.js.
import {h, fill, download} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText, ApiError} from '../api.js';
import {all, get, put} from '../db.js';
import {rulesets} from '../rulesets.js';
import {go} from '../go.js';
import {drawerOf} from '../draw/drawers.js';
import {placesEditor} from './boards/places.js';
import {walkEditor} from './boards/walk.js';

/** Draw the boards screen; with `forGame`, only a new board of that game
 * entered for the new-game form, which saving goes back to. */
export async function show(main, forGame) {
  const rules = await rulesets();
  const savedBox = h('div', {id: 'saved'});
  const status = h('div', {id: 'board-status', role: 'status', 'aria-live': 'polite'});
  const editorBox = h('div', {id: 'editor'});
  const shared = h('input', {id: 'board-id', autocomplete: 'off'});
  const file = h('input', {id: 'board-file', type: 'file', accept: 'application/json,.json', onchange: importFile});
  if (rules[forGame]) {
    main.append(h('h1', {}, t('boards.title')), status, editorBox);
    return editor(forGame, rules[forGame].board_editor.blank);
  }
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
  await listSaved(savedBox, editor);

  async function openShared(event) {
    event.preventDefault();
    try {
      const {data} = await api(`/boards/${encodeURIComponent(shared.value.trim())}`);
      await remember(data);
      await listSaved(savedBox, editor);
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
    const ruleset = rules[game];
    if (ruleset.board_editor.walk === 'fields') {
      walkEditor(editorBox, ruleset, game, board, await drawerOf(ruleset), store);
    } else placesEditor(editorBox, ruleset, game, board, store);
  }

  // Store a profile on the server and on this device; answers the
  // violations of a refusal (none: stored, or refused for another reason).
  async function store(game, board) {
    try {
      const {data} = await api('/boards', {method: 'POST', body: {game, board}});
      await remember({...data, board});
      if (rules[forGame]) { // back to the game being set up, with this board chosen
        go('new', data.id);
        return null;
      }
      await listSaved(savedBox, editor);
      fill(status, h('p', {class: 'good'}, t('boards.saved_as', {id: data.id})),
        data.warnings.length ? h('ul', {}, data.warnings.map(w => h('li', {}, w.message))) : null);
      return null;
    } catch (error) {
      fill(status, h('p', {class: 'problem', role: 'alert'}, problemText(error)));
      return error instanceof ApiError && error.violations.length ? error.violations : null;
    }
  }
}

// The profiles saved on this device; drawn again after every save.
async function listSaved(savedBox, editor) {
  const saved = await all('boards');
  fill(savedBox, saved.length ? h('ul', {id: 'saved-boards'}, saved.map(b => h('li', {class: 'row'},
    h('span', {}, `${b.name || b.id} (${t(`game.${b.game}`)}) · ${t('boards.id', {id: b.id})}`),
    h('button', {class: 'quiet', onclick: () => editor(b.game, b.board)}, t('boards.edit')),
    h('button', {class: 'quiet', onclick: () => download(new Blob([JSON.stringify({game: b.game, board: b.board}, null, 2)],
      {type: 'application/json'}), `board-${b.id}.json`)}, t('boards.export')))))
    : h('p', {class: 'hint'}, t('boards.none')));
}

async function remember(data) {
  // The board token comes only with the answer that first stored the board: keep it (it deletes the board).
  const token = data.token || (await get('boards', data.id))?.token;
  await put('boards', {id: data.id, game: data.game, name: data.board.name || '', board: data.board, token});
}
