// The board editor of a game whose profile lists its places in order
// (Keltis: Celtica's locations): a walk along the path, one location at a
// time. Every kind is a large button, a kind with amulet symbols one button
// per count, so one tap enters a location and goes on to the next; the path
// so far is a row of buttons to go back to any location. Every change is
// checked with the board checks; a location's problems show at it and on
// the path. The walk's state is plain data; its elements are found by id.
import {h, fill, download} from '../../ui.js';
import {t} from '../../i18n.js';
import {CHECK_DELAY_MS, boardCheck, inWords} from './problems.js';
import {kindName} from '../../words.js';

// The counts of amulet symbols offered as buttons (the printed locations
// show 1 to 4); another count is typed below them.
const COUNTS = [1, 2, 3, 4];

const stepBox = () => document.getElementById('walk-step');

/** Walk `board` in `box`; `store(game, board)` saves it and answers the
 * violations of a refusal (boards.js). */
export function placesEditor(box, ruleset, game, board, store) {
  const walk = {game, board: structuredClone(board), ruleset, pieces: ruleset.pieces, store, at: 0,
    verdict: null, // the board checks' last answer about the board as it stands
    timer: null};
  fill(box, h('h2', {}, t('boards.editing', {game: t(`game.${game}`)})),
    h('p', {class: 'hint'}, ruleset.board_editor.hint),
    h('div', {id: 'board-check', role: 'status', 'aria-live': 'polite'}),
    h('section', {id: 'walk-step', 'aria-labelledby': 'walk-title'}),
    h('h3', {}, t('boards.locations')),
    h('ol', {id: 'path', start: 0, class: 'path-steps'}),
    h('label', {for: 'board-name'}, t('boards.name')),
    h('input', {id: 'board-name', class: 'wide', value: walk.board.name || '', maxlength: 80, oninput: e => {
      // A profile without a name has no name key (an empty one is no name).
      if (e.target.value.trim()) walk.board.name = e.target.value.trim();
      else delete walk.board.name;
    }}),
    h('p', {}, h('button', {type: 'button', onclick: () => download(new Blob([JSON.stringify({game, board: walk.board}, null, 2)],
      {type: 'application/json'}), 'board.json')}, t('boards.export'))),
    // Held at the foot of the screen, one row: saving is always in reach.
    h('div', {class: 'row walk-nav one-row'},
      h('button', {type: 'button', id: 'walk-back', onclick: () => go(walk, walk.at - 1)}, t('boards.back')),
      h('button', {type: 'button', class: 'primary', id: 'board-save', onclick: () => save(walk)}, t('boards.save'))));
  drawStep(walk);
  check(walk);
}

// The location a board problem is at (its index), else null.
const placeOf = v => v.details.index ?? null;

function changed(walk) {
  clearTimeout(walk.timer);
  walk.timer = setTimeout(() => check(walk), CHECK_DELAY_MS);
}

async function check(walk) {
  clearTimeout(walk.timer);
  const asked = JSON.stringify(walk.board);
  const data = await boardCheck(walk.game, walk.board);
  if (!data || JSON.stringify(walk.board) !== asked) return; // changed meanwhile: a later check answers
  walk.verdict = data;
  showVerdict(walk);
}

// The verdict at the top, on the path, and at the location being entered.
function showVerdict(walk) {
  const {verdict} = walk;
  const [first] = verdict.violations;
  fill(document.getElementById('board-check'),
    first ? h('p', {class: 'problem'}, t('boards.check_bad', {problem: `${inWords(first)} (${first.rule})`}))
      : h('p', {class: 'good'}, t('boards.check_ok')),
    verdict.warnings.length ? h('ul', {class: 'warnings'}, verdict.warnings.map(w => h('li', {}, t('boards.warning', {text: w.message})))) : null);
  fill(document.getElementById('step-problems'),
    verdict.violations.filter(v => placeOf(v) === walk.at).map(v => h('p', {class: 'problem field-problem'}, inWords(v))));
  drawPath(walk);
}

// The path as entered: a button per location, the one being entered marked, a faulty one with "!".
function drawPath(walk) {
  const faulty = new Set(walk.verdict ? walk.verdict.violations.map(placeOf) : []);
  fill(document.getElementById('path'), walk.board.locations.map((location, i) => h('li', {},
    h('button', {type: 'button', class: `quiet${i === walk.at ? ' current' : ''}${faulty.has(i) ? ' problem' : ''}`,
      'aria-current': i === walk.at ? 'step' : null, dataset: {location: i}, onclick: () => go(walk, i)},
    `${faulty.has(i) ? '! ' : ''}${i} ${kindName(location.kind, walk.ruleset)}${location.parts ? ` ${location.parts}` : ''}`))));
}

// To a location (past the last: the name and saving).
function go(walk, index) {
  walk.at = Math.max(0, Math.min(index, walk.board.locations.length));
  drawStep(walk);
  if (walk.at === walk.board.locations.length) document.getElementById('board-save').focus();
  else stepBox().querySelector('h3').focus({preventScroll: true});
  stepBox().scrollIntoView({block: 'start'});
}

function drawStep(walk) {
  const {board, at, pieces} = walk;
  const last = board.locations.length - 1;
  document.getElementById('walk-back').disabled = at === 0;
  if (at > last) {
    fill(stepBox(), h('h3', {id: 'walk-title', tabindex: -1}, t('boards.step_save')), h('div', {id: 'step-problems', role: 'alert'}));
  } else {
    const location = board.locations[at];
    // One tap: the kind (with its count of symbols), and on to the next location.
    const enter = (kind, parts) => () => {
      const entered = {...location, kind, parts};
      if (!parts) delete entered.parts; // a kind without symbols has no parts key
      board.locations[at] = entered;
      changed(walk);
      go(walk, at + 1);
    };
    const pressed = (kind, parts) => String(location.kind === kind && (location.parts ?? null) === parts);
    fill(stepBox(), h('h3', {id: 'walk-title', tabindex: -1}, t('boards.step_location', {n: at, last})),
      h('div', {id: 'step-problems', role: 'alert'}),
      h('div', {class: 'choices location-kinds'}, pieces.location_kinds.filter(k => !pieces.with_parts.includes(k)).map(kind =>
        h('button', {type: 'button', dataset: {kind}, 'aria-pressed': pressed(kind, null), onclick: enter(kind, null)}, kindName(kind, walk.ruleset)))),
      pieces.with_parts.map(kind => h('div', {class: 'row location-counts'},
        h('span', {class: 'kind-name'}, kindName(kind, walk.ruleset)),
        COUNTS.map(n => h('button', {type: 'button', dataset: {kind, parts: n}, 'aria-pressed': pressed(kind, n),
          'aria-label': t('boards.kind_parts', {kind: kindName(kind, walk.ruleset), n}), onclick: enter(kind, n)}, String(n))))),
      // Any other count (up to the checks' limit) typed; it stays at this location.
      'parts' in location ? [h('label', {for: `parts-${at}`}, t('boards.parts', {n: at})),
        h('input', {id: `parts-${at}`, type: 'number', inputmode: 'numeric', class: 'step-value', value: location.parts,
          oninput: e => { location.parts = /^\d+$/.test(e.target.value) ? Number(e.target.value) : e.target.value; changed(walk); drawPath(walk); }})] : null,
      h('div', {class: 'row'},
        h('button', {type: 'button', class: 'quiet', onclick: () => { board.locations.splice(at, 0, {kind: 'village', parts: 1}); changed(walk); drawStep(walk); }},
          t('boards.add')),
        h('button', {type: 'button', class: 'quiet', disabled: board.locations.length <= 2,
          onclick: () => { board.locations.splice(at, 1); changed(walk); go(walk, at); }}, t('boards.remove', {n: at}))));
  }
  if (walk.verdict) showVerdict(walk);
  else drawPath(walk);
}

async function save(walk) {
  clearTimeout(walk.timer);
  const refused = await walk.store(walk.game, walk.board);
  if (!refused) return;
  walk.verdict = {violations: refused, warnings: []};
  const first = refused.map(placeOf).find(index => index !== null);
  if (first !== undefined) go(walk, first);
  else showVerdict(walk);
}
