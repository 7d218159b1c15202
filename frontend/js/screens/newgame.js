// New game: the game, the players in seating order, the options with their
// defaults (from the server), the board profile, and optionally the setup;
// started on the server, or on this phone (local.js), where no server is.
import {h, fill} from '../ui.js';
import {t} from '../i18n.js';
import {api, problemText} from '../api.js';
import {createLocal, server} from '../local.js';
import {all, put} from '../db.js';
import {go} from '../go.js';
import {firstGame, rulesets} from '../rulesets.js';
import {SEAT_COLOURS, seatColour, part, playerId, tile, valueWords} from '../words.js';
import {drawerOf} from '../draw/drawers.js';

// The form as entered, kept for this tab: it survives a detour (entering a
// board) and a reload, and is let go once the game starts.
const KEPT = 'brehon.new-game';

/** Draw the new-game screen; `boardId`: the board profile just saved for it. */
export async function show(main, boardId) {
  const rules = await rulesets();
  const boards = await all('boards');
  // Each game's drawer draws its board for laying out tiles (setupField).
  const drawers = Object.fromEntries(await Promise.all(Object.values(rules).map(async ruleset =>
    [ruleset.game, await drawerOf(ruleset)])));
  const state = keptState(rules, boards, boardId);
  let started = false; // a game started from the form: nothing more to keep
  const keep = () => { if (!started) sessionStorage.setItem(KEPT, JSON.stringify(state)); };
  const form = h('form', {id: 'new-game', onsubmit: submit, oninput: keep, onchange: keep, onclick: keep});
  addEventListener('pagehide', keep);
  const problem = h('p', {class: 'problem', role: 'alert'});
  const status = h('p', {role: 'status'});
  main.append(h('h1', {}, t('new.title')), form, status, problem);
  // A static host (no Brehon server answers) starts games on this phone only.
  let serverless = false;
  draw();
  server().then(here => {
    serverless = here === 'none';
    if (serverless && form.isConnected) draw();
  });

  // Kept when the screen is left, whatever changed last (a tile laid from its sheet).
  return () => { keep(); removeEventListener('pagehide', keep); };

  function draw() {
    const ruleset = rules[state.game];
    keep();
    fill(form,
      gameField(rules, state, draw),
      playersField(state, ruleset, draw),
      ruleset.options.length ? h('fieldset', {}, h('legend', {}, t('new.options')),
        ruleset.options.map(option => optionField(option, state.options[state.game] ??= {}))) : null,
      ruleset.needs_board ? boardField(state, boards, draw) : null,
      setupField(state, boards, ruleset, drawers[state.game], draw),
      h('div', {class: 'row'},
        serverless ? null : h('button', {type: 'submit', class: 'primary', id: 'start'}, t('new.start')),
        h('button', {type: 'submit', id: 'play-here', class: serverless ? 'primary' : null, value: 'local'}, t('new.play_here'))),
      h('p', {class: 'hint'}, t(serverless ? 'home.no_server' : 'new.play_here_hint')));
  }

  async function submit(event) {
    event.preventDefault();
    problem.textContent = '';
    form.querySelectorAll('#seats input').forEach(clearProblem);
    const options = readOptions(form);
    if (!options) return; // a value that is no value: said at its field
    if (!startingPartsEntered(form, state, rules[state.game].setup)) return;
    const taken = [];
    const players = state.players.map(player => {
      const id = playerId(player.name, taken);
      taken.push(id);
      return {id, name: player.name.trim()};
    });
    const record = {format: 'brehon/1', game: state.game, options, players,
      board: null, setup: readSetup(state, boards, players, rules[state.game], drawers[state.game]), turns: []};
    const board = form.querySelector('#board');
    // On this phone the board goes as its profile: no server holds it by id.
    const here = event.submitter && event.submitter.value === 'local';
    if (board) record.board = !board.value ? null : here ? boards.find(b => b.id === board.value).board : {id: board.value};
    try {
      if (here) status.textContent = t('local.starting'); // the first time, the referee takes some seconds to start
      const {data} = here ? {data: await createLocal(record)} : await api('/games', {method: 'POST', body: record});
      started = true;
      sessionStorage.removeItem(KEPT);
      await put('games', {id: data.id, token: data.token, spectator_token: data.spectator_token,
        game: state.game, names: players.map(p => p.name), colours: state.players.map(p => p.colour),
        joined: Date.now()});
      go('game', data.id);
    } catch (error) {
      status.textContent = '';
      // A refused option or player name is said at its field, anything else below the form.
      const v = error.violations && error.violations[0];
      const field = fieldAt(form, v && v.details && v.details.pointer);
      if (field) optionProblem(field, problemText(error));
      else problem.textContent = problemText(error);
    }
  }
}

// Everything entered lives here, so a redraw (another game, player or
// seat) keeps it; each player carries his starting parts along (where a
// game's setup asks for them), and each game keeps its options as entered
// and the tiles laid out by place (see layoutOf). Starting parts are
// entered, never assumed: Celtica's rules need them (its §3), and a part
// filled in for the table would start the game from parts nobody drew.
// What was entered before a detour or a reload comes back (KEPT); a board
// just saved for the form (`boardId`) is chosen, with its game.
function keptState(rules, boards, boardId) {
  const state = {game: firstGame(rules), players: [seat(0), seat(1)], display: [], options: {}, layouts: {},
    ...JSON.parse(sessionStorage.getItem(KEPT) || '{}')};
  if (!rules[state.game]) state.game = firstGame(rules);
  const saved = boardId && boards.find(board => board.id === boardId);
  if (saved) [state.game, state.board] = [saved.game, saved.id];
  return state;
}

// The games to pick from, and the link to the quick tally of the one picked.
function gameField(rules, state, draw) {
  return h('fieldset', {}, h('legend', {}, t('new.game')),
    h('div', {class: 'row', role: 'radiogroup'}, Object.keys(rules).map(g =>
      h('button', {type: 'button', 'aria-pressed': String(g === state.game), dataset: {game: g},
        onclick: () => { state.game = g; draw(); }}, t(`game.${g}`)))),
    h('a', {id: 'to-tally', href: `#/tally/${encodeURIComponent(state.game)}`}, t('new.tally')));
}

// A new player's seat: no name yet, the next colour, starting parts still to enter.
const seat = index => ({name: '', colour: SEAT_COLOURS[index % SEAT_COLOURS.length], start: []});

// The players in seating order: names, colours, moved by dragging or ↑, removed, added.
function playersField(state, ruleset, draw) {
  return h('fieldset', {}, h('legend', {}, t('new.players')),
    h('p', {class: 'hint'}, t('new.players_hint', {min: ruleset.players.min, max: ruleset.players.max})),
    h('p', {class: 'hint'}, t('new.drag_hint')),
    h('ol', {class: 'stack', id: 'seats'}, state.players.map((player, i) => h('li', {class: 'row seat'},
      h('span', {class: 'grip', 'aria-hidden': 'true', title: t('new.drag'),
        onpointerdown: event => dragToSeat(event, i, to => {
          state.players.splice(to, 0, state.players.splice(i, 1)[0]);
          draw();
        })}, '≡'),
      h('label', {for: `player-${i}`, class: 'sr'}, t('new.name', {n: i + 1})),
      h('input', {id: `player-${i}`, value: player.name, maxlength: 40, required: true,
        placeholder: t('new.name', {n: i + 1}), oninput: e => {
          player.name = e.target.value;
          // The name where the setup says it (a game's starting parts).
          for (const named of document.querySelectorAll(`[data-seat-name="${i}"]`)) named.textContent = player.name || t('new.name', {n: i + 1});
        }}),
      h('label', {for: `colour-${i}`, class: 'sr'}, t('new.colour', {n: i + 1})),
      h('select', {id: `colour-${i}`, onchange: e => { player.colour = e.target.value; }},
        SEAT_COLOURS.map(c => h('option', {value: c, selected: c === player.colour}, seatColour(c)))),
      h('button', {type: 'button', class: 'quiet', disabled: i === 0, 'aria-label': t('new.up', {n: i + 1}),
        onclick: () => { state.players.splice(i - 1, 0, state.players.splice(i, 1)[0]); draw(); }}, '↑'),
      h('button', {type: 'button', class: 'quiet', disabled: state.players.length <= ruleset.players.min,
        'aria-label': t('new.remove', {n: i + 1}),
        onclick: () => { state.players.splice(i, 1); draw(); }}, '×')))),
    h('button', {type: 'button', disabled: state.players.length >= ruleset.players.max,
      onclick: () => { state.players.push(seat(state.players.length)); draw(); }},
    t('new.add')));
}

// Drag to set the seating, by touch or mouse: the row follows the pointer
// and drops among the others where it is let go. (The ↑ buttons do the
// same from the keyboard and for screen readers.)
function dragToSeat(down, from, drop) {
  if (down.button !== 0) return;
  down.preventDefault();
  const grip = down.currentTarget;
  const item = grip.closest('li');
  const others = [...item.parentElement.children].filter(li => li !== item);
  grip.setPointerCapture(down.pointerId);
  item.classList.add('dragging');
  const move = event => { item.style.transform = `translateY(${event.clientY - down.clientY}px)`; };
  const end = event => {
    grip.removeEventListener('pointermove', move);
    grip.removeEventListener('pointerup', end);
    grip.removeEventListener('pointercancel', end);
    item.classList.remove('dragging');
    item.style.transform = '';
    // Its new seat: after every other row whose middle it passed.
    const passed = others.filter(li => {
      const box = li.getBoundingClientRect();
      return box.top + box.height / 2 < event.clientY;
    }).length;
    drop(event.type === 'pointerup' ? passed : from);
  };
  grip.addEventListener('pointermove', move);
  grip.addEventListener('pointerup', end);
  grip.addEventListener('pointercancel', end);
}

// An option's field in words (its label, its explanation and default in the
// user's language, from the rulesets answer), showing what was entered (in
// `entered`, by name: a box's tick, otherwise the text) or else the default.
function optionField(option, entered) {
  const id = `opt-${option.name}`;
  const keep = value => { entered[option.name] = value; };
  const hint = h('p', {class: 'hint', id: `${id}-hint`}, `${option.doc} ${t('new.default', {value: valueWords(option, option.default)})}`);
  const described = {'aria-describedby': `${id}-hint`};
  if (option.type === 'boolean') {
    const input = h('input', {id, type: 'checkbox', checked: entered[option.name] ?? option.default,
      dataset: {option: option.name, kind: 'boolean'}, ...described, onchange: e => keep(e.target.checked)});
    return h('div', {class: 'option'}, h('label', {for: id, class: 'row check'}, input, option.label), hint);
  }
  const text = entered[option.name] ?? JSON.stringify(option.default);
  const input = option.choices
    ? h('select', {id, dataset: {option: option.name, kind: 'json'}, ...described, onchange: e => keep(e.target.value)},
      option.choices.map((choice, k) => h('option', {value: JSON.stringify(choice),
        selected: JSON.stringify(choice) === text}, option.choice_labels[k])))
    : h('input', {id, value: option.type === 'array' ? JSON.parse(text).join(', ') : text,
      inputmode: option.type === 'integer' ? 'numeric' : 'text',
      dataset: {option: option.name, kind: option.type}, ...described, oninput: e => keep(e.target.value)});
  return h('div', {class: 'option'}, h('label', {for: id}, option.label), input, hint);
}

// The options as entered, or null when one is no value of its type (then
// its message is at its field, which has the focus).
function readOptions(form) {
  const options = {};
  for (const input of form.querySelectorAll('[data-option]')) {
    clearProblem(input);
    const value = optionValue(input);
    if (value === undefined) {
      optionProblem(input, t(`new.bad_${input.dataset.kind}`));
      return null;
    }
    options[input.dataset.option] = value;
  }
  return options;
}

function optionValue(input) {
  const text = input.value.trim();
  switch (input.dataset.kind) {
    case 'boolean': return input.checked;
    case 'integer': return /^-?\d+$/.test(text) ? Number(text) : undefined;
    case 'array': {
      const numbers = text.split(',').map(item => item.trim());
      return numbers.every(item => /^-?\d+$/.test(item)) ? numbers.map(Number) : undefined;
    }
    default: return JSON.parse(input.value); // a select's own choice
  }
}

// The field a refusal's pointer names: an option (/options/<name>) or a player's name (/players/<i>/name).
function fieldAt(form, pointer) {
  const [, part, key, leaf] = (pointer || '').split('/');
  if (part === 'options') return form.querySelector(`[data-option="${key}"]`);
  return part === 'players' && leaf === 'name' ? form.querySelector(`#player-${key}`) : null;
}

function clearProblem(input) {
  input.removeAttribute('aria-invalid');
  input.parentElement.querySelector('.field-problem')?.remove();
}

function optionProblem(input, text) {
  const id = `${input.id}-problem`;
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', `${id} ${input.id}-hint`);
  input.after(h('p', {class: 'problem field-problem', id, role: 'alert'}, text));
  input.focus();
}

function boardField(state, boards, redraw) {
  const mine = boards.filter(board => board.game === state.game);
  if (!mine.some(board => board.id === state.board)) state.board = mine.length ? mine[0].id : null;
  return h('fieldset', {}, h('legend', {}, t('new.board')),
    mine.length
      ? [h('label', {for: 'board'}, t('new.board_pick')),
        h('select', {id: 'board', required: true, onchange: e => { state.board = e.target.value; redraw(); }},
          mine.map(board => h('option', {value: board.id, selected: board.id === state.board}, board.name || board.id)))]
      : h('p', {class: 'hint'}, t('new.board_none')),
    // Straight to the game's board walk, which comes back here with the board chosen.
    h('p', {}, h('a', {id: 'board-make', href: `#/boards/${encodeURIComponent(state.game)}`}, t('new.board_make'))));
}

// Optional setup, as the game's package declares it (GET /rulesets
// `setup`): the tiles the table laid out, or nothing (reveals fill them
// in); or each player's starting parts (required by Celtica's rules) and,
// optionally, the display's spaces; or, for a game that lays nothing out,
// only the declared words on how the table sets up.
function setupField(state, boards, ruleset, drawer, redraw) {
  if (ruleset.setup.parts) return partsField(state, ruleset, redraw);
  if (!ruleset.setup.tiles) return h('p', {class: 'hint', id: 'setup-hint'}, ruleset.setup.hint);
  const pieces = ruleset.pieces;
  const places = tilePlaces(state, boards, ruleset, drawer);
  if (!places.length) return null;
  const layout = layoutOf(state);
  const boardBox = h('div', {id: 'tile-board'});
  const count = h('p', {id: 'tiles-laid', role: 'status'});
  const profile = chosenBoard(state, boards, ruleset);
  drawLayout();
  return h('details', {open: layout.open, ontoggle: e => { layout.open = e.target.open; }},
    h('summary', {}, t('new.setup_tiles')),
    h('p', {class: 'hint'}, ruleset.setup.hint),
    h('p', {class: 'hint'}, t('new.setup_hint')),
    boardBox, count,
    h('label', {for: 'tiles-complete', class: 'row check'},
      h('input', {id: 'tiles-complete', type: 'checkbox', checked: layout.complete,
        onchange: e => { layout.complete = e.target.checked; }}),
      t('new.tiles_complete')));

  // The board with the tiles laid so far; the place just chosen keeps the focus.
  function drawLayout(focus = null) {
    fill(boardBox, drawer.setupBoard(ruleset, profile, layout.tiles, lay));
    const laid = laidOn(places, layout).length;
    count.textContent = t('new.tiles_laid', {n: laid, total: Object.values(pieces.stock).reduce((a, b) => a + b, 0)});
    if (focus) boardBox.querySelector(`[data-place="${focus}"]`)?.focus();
  }

  async function lay({key, label, row = null}) {
    const elsewhere = laidOn(places, layout).filter(([place]) => place !== key);
    // Keltis: only 20 stones of rows 1-8 hold a tile (rules §1); the end stones all do.
    const below = place => places.find(p => p.key === place).row < pieces.rows;
    const full = row !== null && row < pieces.rows && elsewhere.filter(([place]) => below(place)).length >= pieces.dark_stones;
    const chosen = await askTile(label, ruleset, elsewhere.map(([, x]) => x), layout.tiles[key] || '', id => drawer.tileMark(id, ruleset),
      full ? t('new.dark_full', {n: pieces.dark_stones}) : null);
    if (chosen === null) return drawLayout(key); // cancelled
    if (chosen) layout.tiles[key] = chosen;
    else delete layout.tiles[key];
    drawLayout(key);
  }
}

// Each player's starting parts, one tap each: a slot per part drawn, and
// one row of the parts that fills the slot chosen (at first the first
// empty one) and goes on to the next empty one. The display is optional
// and folded away: the rules let the table tell its parts as they are taken.
function partsField(state, ruleset, redraw) {
  const {parts} = ruleset.pieces;
  const slots = state.players.flatMap((player, i) => Array.from({length: ruleset.setup.parts}, (_, k) => [i, k]));
  const empty = ([i, k]) => !state.players[i].start[k];
  const [who, k] = state.slot && slots.some(([i, j]) => i === state.slot[0] && j === state.slot[1]) ? state.slot
    : slots.find(empty) ?? [null, null];
  const choose = slot => () => { state.slot = slot; redraw(); document.querySelector('#part-choices button')?.focus(); };
  const put = p => () => {
    state.players[who].start[k] = p;
    state.slot = slots.find(empty) ?? null;
    redraw();
  };
  const name = i => state.players[i].name.trim() || t('new.name', {n: i + 1});
  return h('fieldset', {}, h('legend', {}, t('new.setup')),
    h('p', {class: 'hint'}, ruleset.setup.hint),
    state.players.map((player, i) => h('div', {class: 'start-parts'},
      h('span', {class: 'seat-name', id: `seat-name-${i}`, dataset: {seatName: i}}, name(i)),
      Array.from({length: ruleset.setup.parts}, (_, j) => h('button', {type: 'button', id: `start-${i}-${j}`,
        class: 'quiet start-part', dataset: {start: `${i}:${j}`, part: player.start[j] || ''},
        'aria-pressed': String(i === who && j === k), 'aria-label': t('new.start_part', {n: i + 1, k: j + 1}),
        'aria-describedby': 'start-problem', onclick: choose([i, j])}, player.start[j] ? part(player.start[j], ruleset) : t('new.start_choose'))))),
    // Said under the slots, where the slot it names is.
    h('p', {class: 'problem', id: 'start-problem', role: 'alert'}),
    who === null ? null : [h('p', {id: 'part-for'}, ...naming(t('new.start_which', {player: '\0', k: k + 1}), who, name(who))),
      h('div', {class: 'choices', id: 'part-choices'}, parts.map(p => h('button', {type: 'button', dataset: {part: p},
        'aria-pressed': String(state.players[who].start[k] === p), onclick: put(p)}, part(p, ruleset))))],
    h('details', {open: state.display.some(Boolean)}, h('summary', {}, t('new.display')),
      h('div', {class: 'row'}, Array.from({length: ruleset.setup.display}, (_, j) => [
        h('label', {for: `display-${j}`, class: 'sr'}, t('new.display_space', {n: j + 1})),
        h('select', {id: `display-${j}`, onchange: e => { state.display[j] = e.target.value; }},
          h('option', {value: ''}, part(null, ruleset)), parts.map(p => h('option', {value: p, selected: p === state.display[j]}, part(p, ruleset))))]))));
}

// A sentence naming a player, his name in a span that typing it changes ("\0" marks the place).
function naming(sentence, seat, name) {
  const [before, after] = sentence.split('\0');
  return [before, h('span', {dataset: {seatName: seat}}, name), after];
}

// The profile of the board chosen, for a game played on one (else null).
function chosenBoard(state, boards, ruleset) {
  const chosen = ruleset.needs_board && boards.find(board => board.id === state.board);
  return chosen ? chosen.board : null;
}

// The tiles laid on the places shown, as [place, tile].
function laidOn(places, layout) {
  return places.map(({key}) => [key, layout.tiles[key]]).filter(([, x]) => x);
}

// Which tile lies at `where`: a sheet of every tile with how many of it are
// left (the box's count less those laid elsewhere, `laid`), "unknown", and
// Cancel. Answers the tile, '' for unknown, or null when cancelled. `full`
// says why no tile can lie there (the tiles are then not offered).
function askTile(where, ruleset, laid, current, mark, full) {
  const {pieces} = ruleset;
  return new Promise(resolve => {
    let answer = null;
    const done = value => { answer = value; dialog.close(); };
    const left = id => pieces.stock[id] - laid.filter(x => x === id).length;
    const dialog = h('dialog', {id: 'tile-sheet', class: 'sheet', 'aria-labelledby': 'tile-sheet-title',
      onclose: () => { dialog.remove(); resolve(answer); }},
      h('h2', {id: 'tile-sheet-title'}, t('new.which_tile', {where})),
      full ? h('p', {class: 'hint'}, full) : null,
      h('div', {class: 'choices tile-choices'},
        pieces.tiles.map(id => h('button', {type: 'button', dataset: {tile: id}, 'aria-pressed': String(id === current),
          disabled: Boolean(full) || left(id) <= 0, onclick: () => done(id)},
        h('span', {}, h('span', {class: 'mark', 'aria-hidden': 'true'}, mark(id)), ' ', tile(id, ruleset)),
        h('span', {class: 'left'}, t('new.tiles_left', {n: left(id), of: pieces.stock[id]}))))),
      h('div', {class: 'choices tile-choices'},
        h('button', {type: 'button', dataset: {tile: ''}, 'aria-pressed': String(!current), onclick: () => done('')},
          h('span', {}, h('span', {class: 'mark', 'aria-hidden': 'true'}, '?'), ' ', t('new.tile_unknown'))),
        h('button', {type: 'button', class: 'quiet', onclick: () => done(null)}, t('new.tile_cancel'))));
    document.body.append(dialog);
    dialog.showModal();
  });
}

// The tiles laid out for the game chosen, by place, whether they are all
// there are, and whether the list is open. Kept per game, so going to
// Celtica and back finds them again.
function layoutOf(state) {
  return state.layouts[state.game] ??= {tiles: {}, complete: false, open: false};
}

// Where a tile can lie, as the game's drawer says: Keltis, a path and row
// ("red:1"); Orakel, each small field of the chosen board ("12").
function tilePlaces(state, boards, ruleset, drawer) {
  return drawer.setupPlaces(ruleset, chosenBoard(state, boards, ruleset));
}

// The starting parts all entered (where the game asks for them); else the
// first one missing is marked, said beside the parts and given the focus.
function startingPartsEntered(form, state, setup) {
  if (!setup.parts) return true;
  const missing = [...form.querySelectorAll('[data-start]')].filter(slot => !slot.dataset.part);
  missing.forEach(slot => slot.setAttribute('aria-invalid', 'true'));
  const said = form.querySelector('#start-problem');
  if (!missing.length) {
    said.textContent = '';
    return true;
  }
  const seat = Number(missing[0].dataset.start.split(':')[0]);
  said.textContent = t('new.start_missing', {player: state.players[seat].name.trim() || t('new.name', {n: seat + 1})});
  missing[0].focus();
  return false;
}

function readSetup(state, boards, players, ruleset, drawer) {
  const {setup} = ruleset;
  if (setup.parts) {
    const parts = Object.fromEntries(players.map((player, i) => [player.id,
      Array.from({length: setup.parts}, (_, k) => state.players[i].start[k] || '')]));
    // A display with no space entered is left out: its spaces unknown.
    const display = Array.from({length: setup.display}, (_, k) => state.display[k] || null);
    return display.some(Boolean) ? {display, parts} : {parts};
  }
  if (!setup.tiles) return null; // nothing laid out: the record's setup is absent
  // Only the places shown: an Orakel tile entered for another board's field stays behind.
  const layout = layoutOf(state);
  const tiles = {};
  for (const {key} of tilePlaces(state, boards, ruleset, drawer)) {
    if (!layout.tiles[key]) continue;
    if (setup.tiles === 'stones') { // by path, then row
      const [path, row] = key.split(':');
      (tiles[path] ??= {})[row] = layout.tiles[key];
    } else tiles[key] = layout.tiles[key];
  }
  return {tiles, tiles_complete: layout.complete};
}
