// The turn composer of the table: one question at a time about the open
// decision's legal actions (see ../../composer.js), "back", "Log turn",
// dispute mode ("Can I do this?") and the composing of a correction. The
// turn is state (table.composing, changed through ./state.js); `view` is the
// screen's: its message box, draw, say, load and correct (see table.js).
import {h} from '../../ui.js';
import {t, language} from '../../i18n.js';
import {api, ApiError, problemText} from '../../api.js';
import {enqueue} from '../../outbox.js';
import {updateBadge} from '../../badge.js';
import {narrow, nextQuestion, pairQuestion, claimable, withValue, forced, chainStep, same, grownPool,
  nothingOpen} from '../../composer.js';
import * as words from '../../words.js';
import {alternatives} from '../../alternatives.js';
import {turnLoggedAfter} from '../../history.js';
import {refereeReady, check} from '../../referee.js';
import {queuedPart} from './queued.js';
import {meanwhile} from './meanwhile.js';
import {namesOf, newTurn, correctionTurn, verdictOf, judge, answer, closeQuestion, addAction, stepBack, reveal,
  followChain, correctedBy, setLogging, toggleDispute, setLogged, setCorrecting, grew} from './state.js';

/** A fresh composer for the next turn of the game as it stands (offline
 * with no referee, composed from the action schemas, unchecked); `dispute`
 * false ends dispute mode. */
export function resetComposer(table, {dispute = true} = {}) {
  newTurn(table, {unchecked: table.offline && !refereeReady(), dispute});
}

// Taken for the player: the next step of a clover chain the player asked
// to follow to its end ({chained: true}), or the one legal answer.
function pendingForced(composing) {
  if (composing.mode !== 'turn' || composing.dispute) return null;
  const check = composing.checks.at(-1);
  const step = composing.chain && ((check.decision && check.decision.actions) || []).find(a => same(a, composing.chain));
  if (step) return {action: step, chained: true};
  const only = composing.manual !== composing.actions.length && forced(check, composing.dispute);
  return only ? {action: only, chained: false} : null;
}

/** Take what the rules leave no choice about; shown as taken, undone by "back".
 * (`tapped`: this follows a tap, which logs the turn if it is then done;
 * `whole`: that tap's answer was picked from every legal one.) */
export async function takeForced(table, view, {tapped = false, whole = true} = {}) {
  const taken = pendingForced(table.composing);
  if (taken) await append(table, view, taken.action, {auto: true, chained: taken.chained, tapped, whole});
}

// The turn is complete and nothing the person could answer is open: a tap
// that leaves it so logs it at once (the logged turn can be undone from the
// composer), instead of asking for one more tap on "Log turn" (`whole`: the
// tapped answer was picked from every legal one). Not in dispute mode, a
// correction, or a turn composed with no referee offline.
function done(composing, whole) {
  return composing.mode === 'turn' && !composing.dispute && composing.at === null && !composing.unchecked
    && !composing.picks.length && nothingOpen(composing.checks.at(-1), whole);
}

// Who answers the composer: the referee on this phone once it is ready (no
// request: the next question at the speed of a tap, and offline too), else
// the server's check route as before. Both answer the same JSON. The server
// stays the authority: a turn is logged only when POST /turns takes it.
// `building`: the turn's last action is still being built (its decision's `next`).
async function checkTurn(table, turn, at = null, building = false) {
  if (refereeReady()) {
    try {
      return await check(table.game.record, turn, language(), {at, building});
    } catch {
      // The referee stopped answering: the server still does.
    }
  }
  const query = String(new URLSearchParams([...(at === null ? [] : [['at', at]]), ...(building ? [['building', 'true']] : [])]));
  const {data} = await api(`/games/${table.id}/check${query ? `?${query}` : ''}`,
    {method: 'POST', token: table.token, body: turn});
  return data;
}

/** Start composing the replacement of turn k: the composer asks as it would
 * have before that turn (the check route replays the first k turns). */
export async function startCorrection(table, view, k) {
  try {
    await openCorrection(table, k);
    view.draw();
    await takeForced(table, view);
    focusComposer();
  } catch (error) {
    view.say(offline(error), 'alert');
  }
}

async function openCorrection(table, k) {
  const turn = table.game.record.turns[k];
  correctionTurn(table, k, await checkTurn(table, {player: turn.player, actions: []}, k));
}

/** Bring the composer's heading into view and give it the focus. */
export function focusComposer() {
  const heading = document.getElementById('composer-title');
  heading.scrollIntoView({block: 'start'});
  heading.focus({preventScroll: true});
}

/** Put a turn that was not logged back into the composer, action by action,
 * as far as it still holds on the game as it now stands; the first action
 * that no longer holds is shown with its refusal. As the next turn when it
 * is still that player's turn; as the replacement of the turn that beat it
 * when another phone logged that player's turn first (from `version`, the
 * version it was composed on). Answers where it went ({at: null or k}), or
 * null when it could not go back (the message then says what was not logged). */
export async function putBack(table, view, turn, {version = null} = {}) {
  resetComposer(table);
  if (table.composing.player !== turn.player) {
    const k = version === null ? null : turnLoggedAfter(table.game, version);
    if (k === null || table.game.record.turns[k].player !== turn.player) return null;
    try {
      await openCorrection(table, k);
    } catch (error) {
      return null;
    }
  }
  for (const action of turn.actions) {
    if (!(await append(table, view, action, {follow: false}))) break;
  }
  await takeForced(table, view);
  return {at: table.composing.at};
}

const offline = error => (error instanceof ApiError ? problemText(error) : t('error.offline_compose'));

/** This phone's turns of this game on their way: the outbox's, and the one
 * being sent until the server's answer is shown (a refused one stays here
 * until it is back in the composer). */
export function outgoing(table) {
  const sending = table.sending;
  return sending && !table.waiting.some(item => item.key === sending.key) ? [sending, ...table.waiting] : table.waiting;
}

/** The panel of this phone's turns on their way, in place of the composer,
 * with the turn message at its top: the one being sent, the ones waiting. */
export function waitingPanel(table, view) {
  const sending = table.sending;
  return h('section', {class: 'panel', id: 'waiting', 'aria-labelledby': 'waiting-title'},
    h('h2', {id: 'waiting-title', tabindex: -1}, sending ? t('composer.sending') : t('composer.waiting')),
    view.message.element,
    h('ul', {}, outgoing(table).map(item => h('li', {id: sending && item.key === sending.key ? 'sending' : null},
      words.turn(table.ruleset, item.turn, namesOf(table.game)),
      item.unchecked ? h('span', {class: 'unchecked'}, ` (${t('composer.unchecked')})`) : null))));
}

/** The composer panel, with the turn message at its top. */
export function composerPanel(table, view) {
  const composing = table.composing;
  const names = namesOf(table.game);
  const check = composing.checks.at(-1);
  const decision = check.decision || {actions: [], optional: []};
  const correcting = composing.at !== null;
  const title = composing.dispute ? t('dispute.title') : correcting ? t('correct.title', {n: composing.at + 1}) : t('composer.title', {player: names[composing.player] || composing.player});
  // A turn on its way to the outbox shows no answers to tap meanwhile.
  const question = composing.logging ? null : questionPart(table, view, decision);
  // data-actions: how many actions the turn holds so far (for a test that taps a recorded turn).
  return h('section', {class: `panel${correcting ? ' correcting' : ''}`, id: 'composer', 'aria-labelledby': 'composer-title',
    dataset: {actions: composing.actions.length}},
    h('h2', {id: 'composer-title', tabindex: -1}, title),
    view.message.element,
    correcting ? h('p', {class: 'hint'}, t('correct.hint', {
      player: names[composing.player] || composing.player,
      turn: words.turn(table.ruleset, table.game.record.turns[composing.at], names)})) : null,
    table.queueing ? queuedPart(table) : null,
    soFar(table, Boolean(question)),
    composing.logging ? null : undoPart(table, view),
    composing.verdict && verdictPart(table, composing.verdict),
    question,
    composing.logging ? null : controls(table, view, check, decision));
}

// While a question is open, the latest actions of a long turn (a clover
// chain) and a count of the earlier ones, so the question stays in view;
// the whole turn once it is ready to log.
const LATEST = 3;

function soFar(table, asking) {
  const composing = table.composing;
  const shown = composing.actions.map((a, i) => [a, i]);
  const earlier = asking && shown.length > LATEST + 1 ? shown.splice(0, shown.length - LATEST).length : 0;
  const taken = i => (composing.chained.includes(i) ? t('composer.chained') : composing.auto.includes(i) ? t('composer.taken') : null);
  return shown.length ? h('ul', {class: 'chips', 'aria-label': t('composer.so_far')},
    earlier ? h('li', {class: 'earlier'}, t('composer.earlier', {n: earlier})) : null,
    shown.map(([a, i]) => h('li', {class: taken(i) ? 'auto' : null}, words.action(table.ruleset, a),
      taken(i) ? h('span', {class: 'hint'}, ` (${taken(i)})`) : null))) : null;
}

// The actions the picks choose from: the decision's list, or for one too
// many to list, the steps the engine grows its action by (`grows`: asked
// on each tap). `whole`: every legal answer is among them.
function poolFor(composing, decision) {
  if (composing.mode === 'reveal') return whole(() => decision.optional || [], true);
  if (decision.listed === false && decision.next) {
    return Object.assign(whole(grownPool(composing.checks.at(-1)), true), {grows: true});
  }
  return whole(() => decision.actions || [], decision.listed !== false);
}

const whole = (pool, all) => Object.assign(pool, {whole: all});

// A tap that leaves one action begun of the type the engine grows (not a
// listed one beside it): what it may become, asked of the engine (check
// ?building=true) and kept with the check.
async function grow(table, pool, picks) {
  const composing = table.composing;
  const begun = narrow(pool(composing.picks), picks);
  if (begun.length !== 1 || !composing.checks.at(-1).decision.next.some(step => step.type === begun[0].type)) return;
  const data = await checkTurn(table, {player: composing.player, actions: [...composing.actions, begun[0]]}, composing.at, true);
  if (table.composing === composing && data.decision) grew(composing, picks, data.decision.next);
}

// Taken as given until the table says otherwise: a card is played far more
// often than discarded, so the play's first question is asked at once and
// the other answers ("Discard a card instead") stay one tap away.
const USUAL = {key: 'type', value: 'play'};

// The open question and its legal answers as large buttons.
function questionPart(table, view, decision) {
  const composing = table.composing;
  const ruleset = table.ruleset;
  const names = namesOf(table.game);
  const pool = poolFor(composing, decision);
  let candidates = narrow(pool(composing.picks), composing.picks);
  let q = nextQuestion(candidates);
  let given = [];
  let instead = null;
  if (!composing.dispute && q && q.key === USUAL.key && q.values.includes(USUAL.value)) {
    const played = narrow(candidates, [USUAL]);
    const next = nextQuestion(played);
    if (next.key) {
      given = [USUAL];
      instead = h('div', {class: 'row instead'}, q.values.filter(value => value !== USUAL.value).map(value =>
        h('button', {class: 'quiet', dataset: {value: JSON.stringify(value)}, onclick: () => pick(table, view, [{key: USUAL.key, value}], pool)},
          t('composer.instead', {action: words.answer(ruleset, q.key, value)}))));
      [candidates, q] = [played, next];
    }
  }
  const asked = key => words.question(ruleset, key, names[composing.player], candidates[0]);
  const chain = composing.dispute || composing.picks.length ? null : chainStep(decision, composing.actions);
  const chainButton = chain ? h('button', {id: 'chain', class: 'primary wide', onclick: () => {
    followChain(composing, chain);
    append(table, view, chain, {tapped: true});
  }}, t('composer.chain', {path: words.colour(chain.path, ruleset)})) : null;
  // data-given: the answers taken as given (a test reads them as answered).
  const heading = (text, dataset) => h('h3', {id: 'question', dataset: given.length ? {...dataset, given: JSON.stringify(given)} : dataset}, text);
  const pair = composing.dispute ? null : pairQuestion(candidates, q);
  if (pair) {
    const [colour, count] = pair.keys;
    const druid = count === 'cards'; // Celtica: a druid and the cards that move it
    // A row per colour; each button names its colour over its symbol and value.
    const colours = [...new Set(pair.pairs.map(([c]) => c))];
    return [chainButton, heading(words.question(ruleset, druid ? 'druid_cards' : 'card', names[composing.player], candidates[0]),
      {key: colour, pair: count}),
    h('div', {class: 'choices pairs', role: 'group', 'aria-labelledby': 'question'}, colours.map(c => h('div', {class: 'pair-row'},
      pair.pairs.filter(([of]) => of === c).map(([, n]) => h('button', {dataset: {value: JSON.stringify([c, n])},
        class: words.swatch(colour, c, ruleset), 'aria-label': druid ? t('composer.druid_cards', {druid: words.colour(c, ruleset), n}) : words.card({color: c, value: n}, table.ruleset),
        onclick: () => pick(table, view, [...given, {key: colour, value: c}, {key: count, value: n}], pool)},
      h('span', {class: 'pair-colour'}, words.colourName(c, ruleset)), ' ', h('span', {class: typeof n === 'number' ? 'pair-value' : 'pair-value pair-word'}, `${words.symbol(c, ruleset)} ${words.cardValue(n, ruleset)}`)))))), instead];
  }
  if (q && q.key) {
    const offered = composing.dispute ? claimable(q.key, q.values, table.pieces.colors || table.pieces.druids) : q.values;
    return [chainButton, heading(asked(q.key), {key: q.key}),
      h('div', {class: 'choices', role: 'group', 'aria-labelledby': 'question'}, offered.map(value =>
        h('button', {dataset: {value: JSON.stringify(value)}, class: words.swatch(q.key, value, ruleset),
          onclick: () => pick(table, view, [...given, {key: q.key, value}], pool)},
        words.answer(ruleset, q.key, value, names)))), instead];
  }
  if (q && q.answer && !pendingForced(composing)) {
    // One legal answer left that "back" returned to: the player's to confirm.
    return [h('h3', {id: 'question', dataset: {key: 'action'}}, words.question(ruleset, 'type', names[composing.player], q.answer)),
      h('div', {class: 'choices', role: 'group', 'aria-labelledby': 'question'},
        h('button', {dataset: {value: JSON.stringify(q.answer)}, onclick: () => append(table, view, q.answer, {tapped: true})},
          words.action(ruleset, q.answer)))];
  }
  return null;
}

// The turn this phone just logged, while it is the last one and nothing of
// the next is composed yet: one tap undoes it (the correction names its
// player), which is what a turn logged at once needs instead of a "sure?".
function undoPart(table, view) {
  const composing = table.composing;
  const logged = table.logged;
  const turns = table.game.record.turns;
  if (!logged || table.queueing || table.offline || composing.at !== null || composing.dispute
    || composing.actions.length || composing.picks.length || turns.length !== logged.index + 1
    || !same(turns[logged.index], logged.turn)) return null;
  return h('div', {class: 'row'}, h('button', {id: 'undo-logged', class: 'quiet', onclick: () => undoLogged(table, view)},
    t('composer.undo', {n: logged.index + 1})));
}

async function undoLogged(table, view) {
  const {turn, index} = table.logged;
  const version = table.seen.version; // what it undoes; news of another phone may come meanwhile
  try {
    await view.correct({undo: true, by: namesOf(table.game)[turn.player] || turn.player});
    setLogged(table, null);
    view.say(t('table.undo_done', {n: index + 1}));
  } catch (error) {
    if (error instanceof ApiError && error.status === 412) {
      // Another phone logged after it: not the last turn any more, so not undone (the log can correct it).
      setLogged(table, null);
      await view.load();
      view.say([...meanwhile(table, version), t('composer.undo_beaten', {n: index + 1})].map(line => h('p', {}, line)), 'alert');
    } else view.say(problemText(error), 'alert');
  }
}

// Back, free reveal, Log turn (or the correction's), cancel, dispute.
function controls(table, view, check, decision) {
  const composing = table.composing;
  const correcting = composing.at !== null;
  const row = h('div', {class: 'row'});
  if (composing.picks.length || composing.actions.length || composing.mode === 'reveal') {
    row.append(h('button', {id: 'back', class: 'quiet', onclick: () => back(table, view)}, t('composer.back')));
  }
  if (composing.mode === 'turn' && (decision.optional || []).length && !composing.picks.length) {
    row.append(h('button', {id: 'free-reveal', class: 'quiet', onclick: () => {
      reveal(composing);
      view.draw();
    }}, t('composer.reveal')));
  }
  if (check.complete && !composing.dispute && composing.mode === 'turn' && !composing.picks.length) {
    if (correcting) {
      row.append(h('label', {for: 'correct-by'}, t('correct.by')),
        h('input', {id: 'correct-by', value: composing.by, maxlength: 80, required: true, autocomplete: 'name',
          oninput: e => correctedBy(composing, e.target.value)}));
    }
    row.append(h('button', {id: 'log-turn', class: 'primary', onclick: () => (correcting ? sendCorrection(table, view) : logTurn(table, view))},
      correcting ? t('correct.log', {n: composing.at + 1}) : t('composer.log')));
  }
  if (correcting) {
    row.append(h('button', {id: 'cancel-correction', class: 'quiet', onclick: () => {
      resetComposer(table);
      view.draw();
    }}, t('correct.cancel')));
  }
  row.append(h('button', {id: 'dispute', 'aria-pressed': String(composing.dispute), onclick: () => {
    toggleDispute(composing);
    view.draw();
  }}, t('dispute.toggle')));
  return row;
}

// One tap's answers (one field, or a colour and its value at once).
async function pick(table, view, answers, pool) {
  const composing = table.composing;
  const picks = [...composing.picks, ...answers];
  if (pool.grows) {
    try {
      await grow(table, pool, picks);
    } catch (error) {
      return view.say(offline(error), 'alert');
    }
    if (table.composing !== composing) return; // news reset the composer meanwhile
  }
  const left = narrow(pool(picks), picks);
  judge(composing, null);
  if (!left.length) {
    // Dispute mode: a claim the server did not offer; ask for its verdict.
    const [{key, value}] = answers;
    return verdict(table, view, withValue(narrow(pool(composing.picks), composing.picks)[0], key, value));
  }
  answer(composing, picks);
  const q = nextQuestion(left);
  if (q.answer) {
    closeQuestion(composing);
    await append(table, view, q.answer, {tapped: true, whole: pool.whole});
  } else view.draw();
}

// Add one action to the turn after the server checked it; false when it
// was refused (the refusal is then shown) or could not be checked. Then
// (unless `follow` is false) what the rules leave no choice about is taken,
// and a turn a tap (`tapped`) leaves done is logged.
async function append(table, view, action, {auto = false, chained = false, follow = true, tapped = false, whole = true} = {}) {
  const composing = table.composing;
  const actions = [...composing.actions, action];
  try {
    const data = await checkTurn(table, {player: composing.player, actions}, composing.at);
    // News reset the composer meanwhile, or a second tap on the last answer is already logging it.
    if (table.composing !== composing || composing.logging) return false;
    if (!data.legal) {
      judge(composing, verdictOf(data));
      view.draw();
      return false;
    }
    addAction(composing, actions, data, {auto, chained});
    if (follow && pendingForced(composing)) return takeForced(table, view, {tapped, whole}).then(() => true);
    if (tapped && done(composing, whole)) return logAtOnce(table, view);
    view.draw();
    return true;
  } catch (error) {
    view.say(offline(error), 'alert');
    return false;
  }
}

// A turn a tap left done goes to the outbox at once; false when the phone could not queue it.
async function logAtOnce(table, view) {
  const composing = table.composing;
  setLogging(composing, true); // shown without answers while it goes to the outbox
  view.draw();
  try {
    await logTurn(table, view);
  } catch (error) {
    // Not queued (the phone's storage refused it): the turn stays composed, "Log turn" to try again.
    setLogging(composing, false);
    setLogged(table, null);
    view.draw();
    view.say(t('composer.not_queued', {reason: error.message}), 'alert');
    return false;
  }
  return true;
}

async function verdict(table, view, claim) {
  const composing = table.composing;
  try {
    const data = await checkTurn(table, {player: composing.player, actions: [...composing.actions, claim]}, composing.at);
    closeQuestion(composing);
    judge(composing, verdictOf(data));
    view.draw();
  } catch (error) {
    view.say(offline(error), 'alert');
  }
}

/** The verdict on the turn (state.js verdictOf): a claim allowed, or a
 * refusal: the rule in the engine's words, its id small, and what is legal
 * instead as a person says it. */
function verdictPart(table, {legal, violations, alternatives: instead, laterTurn}) {
  if (legal) return h('p', {class: 'good', id: 'verdict'}, t('dispute.legal'));
  const v = violations[0];
  return h('div', {id: 'verdict', role: 'alert'},
    laterTurn ? h('p', {}, t('correct.breaks', {n: v.turn + 1})) : null,
    h('p', {class: 'problem'}, v.message),
    h('p', {class: 'rule-id'}, h('small', {}, t('dispute.rule', {rule: v.rule}))),
    instead.length ? h('details', {id: 'alternatives'}, h('summary', {}, t('dispute.alternatives')),
      h('ul', {}, alternatives(instead, table.pieces.colors || table.pieces.druids || []).map(kind =>
        h('li', {dataset: {type: kind.type}}, `${t(`action.${kind.type}`)}: ${said(table, kind)}`)))) : null);
}

// The alternatives of one kind of action in words: its cards by colour and
// runs of values (alt.<count>.<form>), the rest action by action.
const OTHERS_SAID = 8;

function said(table, kind) {
  const value = n => words.cardValue(n, table.ruleset);
  // n: the count a plural form follows ("up to 1 card").
  const phrase = (form, colour, run) => t(`alt.${kind.count}.${form}`,
    {colour: colour && words.colour(colour, table.ruleset), low: value(run.low), high: value(run.high), n: form === 'one' ? run.low : run.high});
  const phrases = kind.every ? [phrase('every', null, kind.colours[0].runs[0])]
    : kind.colours.flatMap(({colour, runs}) => runs.map(run => phrase(run.form, colour, run)));
  phrases.push(...kind.others.slice(0, OTHERS_SAID).map(a => words.action(table.ruleset, a)));
  if (kind.others.length > OTHERS_SAID) phrases.push(t('alt.more', {n: kind.others.length - OTHERS_SAID}));
  return new Intl.ListFormat(language(), {type: 'disjunction'}).format(phrases);
}

/** "Back" (state.js stepBack), and the composer drawn again. */
export function back(table, view) {
  stepBack(table.composing);
  view.draw();
}

/** Queue the composed turn (``unchecked`` when composed with no referee
 * offline; ``queued`` on the game as it stands with the turns queued before
 * it, whose version it follows); the outbox's events show it on its way
 * (see table.js). */
export async function logTurn(table, view) {
  const turn = {player: table.composing.player, actions: table.composing.actions};
  // Offered for undoing once logged (see undoPart): the turn and its place.
  setLogged(table, turn);
  view.message.clear(); // the panel that takes the composer's place says it is being sent
  await enqueue(table.id, turn, table.game.version, {unchecked: table.composing.unchecked, queued: table.queueing});
  updateBadge();
}

async function sendCorrection(table, view) {
  const composing = table.composing;
  const by = (composing.by || '').trim();
  if (!by) {
    view.say(t('correct.by_needed'), 'alert');
    document.getElementById('correct-by').focus();
    return;
  }
  const body = {replace: composing.at, turn: {player: composing.player, actions: composing.actions}, by};
  view.say(t('composer.sending'));
  setCorrecting(table, true); // the news of our own correction interrupts nobody
  const version = table.seen.version; // what it corrects; news of another phone may come meanwhile
  try {
    await view.correct(body);
    view.say(t('correct.done', {n: body.replace + 1}));
  } catch (error) {
    if (error instanceof ApiError && error.status === 412) {
      await view.load();
      view.say([meanwhile(table, version), t('composer.moved_on_correction', {n: body.replace + 1})]
        .flat().map(line => h('p', {}, line)), 'alert');
    } else if (error instanceof ApiError && error.violations.length) {
      // A later turn no longer holds: nothing changed; say which and why.
      judge(composing, verdictOf({violations: error.violations}, error.violations[0].turn !== null));
      view.say(t('correct.refused'), 'alert');
      view.draw();
    } else view.say(problemText(error), 'alert');
  } finally {
    setCorrecting(table, false);
  }
}
