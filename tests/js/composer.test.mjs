// The composer's narrowing (frontend/js/composer.js): one question at a time
// about the open decision's legal actions, and offline from the schemas.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {
  ABSENT, END, flatten, narrow, nextQuestion, pairQuestion, PAIRS_MOST, claimable, withValue, grownPool, forced, chainStep,
  schemaQuestion, nothingOpen,
} from '../../frontend/js/composer.js';

// Real decisions as the engine lists them (written by make_decisions.py).
const DECISIONS = JSON.parse(readFileSync(new URL('./decisions.json', import.meta.url)));

// The answer an action gives to a question about `key`, as the table taps it.
const answerOf = (action, key) => {
  const found = flatten(action).find(([path]) => path === key);
  return found ? found[1] : ABSENT;
};

// Compose `action` as a player would: answer each question the composer
// asks with the action's own value. The questions asked, and the action the
// composer settles on (a question per field of the action at most, and one
// about a field the action lacks).
function compose(actions, action) {
  const picks = [];
  const asked = [];
  while (asked.length <= flatten(action).length + 1) {
    const q = nextQuestion(narrow(actions, picks));
    if (q.answer) return {asked, settled: q.answer};
    const value = answerOf(action, q.key);
    asked.push({key: q.key, values: q.values, value});
    picks.push({key: q.key, value});
  }
  assert.fail(`no action settled after ${JSON.stringify(asked.map(q => q.key))}`);
}

// A decision that lists only some of its answers is composed from its choices (below).
for (const [name, decision] of Object.entries(DECISIONS).filter(([, d]) => d.listed)) {
  test(`every legal action of a ${name} decision is reached by its own answers, and only it`, () => {
    assert.ok(decision.actions.length > 1, 'a decision with a choice');
    for (const action of decision.actions) {
      const {asked, settled} = compose(decision.actions, action);
      assert.deepEqual(settled, action);
      for (const q of asked) {
        // Each question offers the action's answer, and is a real choice.
        assert.ok(q.values.some(v => JSON.stringify(v) === JSON.stringify(q.value)), `${q.key} offers ${q.value}`);
        assert.ok(q.values.length > 1, `${q.key} is asked with one answer`);
        assert.equal(new Set(q.values.map(v => JSON.stringify(v))).size, q.values.length, `${q.key} repeats an answer`);
      }
      // Never the same field twice.
      assert.equal(new Set(asked.map(q => q.key)).size, asked.length);
    }
  });
}

test('a Keltis turn asks the kind of action, then the card, then the figure', () => {
  const actions = DECISIONS.keltis.actions;
  const first = nextQuestion(actions);
  assert.equal(first.key, 'type');
  assert.deepEqual(first.values, ['play', 'discard']);
  const plays = narrow(actions, [{key: 'type', value: 'play'}]);
  assert.ok(plays.length > 0 && plays.length < actions.length);
  assert.ok(plays.every(a => a.type === 'play'));
  assert.equal(nextQuestion(plays).key, 'card.color');
  const red = narrow(plays, [{key: 'card.color', value: 'red'}]);
  assert.ok(red.every(a => a.card.color === 'red'));
  assert.equal(nextQuestion(red).key, 'card.value');
});

const ACTIONS = [
  {type: 'play', card: {color: 'red', value: 3}, figure: 0},
  {type: 'play', card: {color: 'red', value: 3}, priestess: 2},
  {type: 'play', card: {color: 'red', value: 4}, figure: 0},
  {type: 'discard', card: {color: 'red', value: 3}},
];

test('flatten names nested fields and list items by path, in the order written', () => {
  assert.deepEqual(flatten(ACTIONS[0]), [['type', 'play'], ['card.color', 'red'], ['card.value', 3], ['figure', 0]]);
  assert.deepEqual(flatten({type: 'take', parts: ['n', 'e']}), [['type', 'take'], ['parts.0', 'n'], ['parts.1', 'e']]);
});

test('narrowing keeps the actions that agree with every pick', () => {
  assert.deepEqual(narrow(ACTIONS, [{key: 'type', value: 'play'}, {key: 'card.value', value: 3}]), ACTIONS.slice(0, 2));
  assert.deepEqual(narrow(ACTIONS, [{key: 'card.color', value: 'blue'}]), []);
  assert.deepEqual(narrow(ACTIONS, []), ACTIONS);
});

test('a field left out is its own answer, apart from null', () => {
  const clovers = [{type: 'clover', path: null}, {type: 'clover', path: 'red', figure: 'small'}, {type: 'clover', path: 'red'}];
  assert.deepEqual(narrow(clovers, [{key: 'path', value: null}]), [clovers[0]]);
  assert.deepEqual(narrow(clovers, [{key: 'figure', value: ABSENT}]), [clovers[0], clovers[2]]);
  const reds = narrow(clovers, [{key: 'path', value: 'red'}]);
  assert.deepEqual(nextQuestion(reds), {key: 'figure', values: ['small', ABSENT], answer: null});
});

test('a field all candidates agree on is not asked', () => {
  const plays = narrow(ACTIONS, [{key: 'type', value: 'play'}]);
  assert.deepEqual(nextQuestion(ACTIONS), {key: 'type', values: ['play', 'discard'], answer: null});
  assert.deepEqual(nextQuestion(plays), {key: 'card.value', values: [3, 4], answer: null});
  assert.deepEqual(nextQuestion([ACTIONS[3]]), {key: null, values: [], answer: ACTIONS[3]});
  assert.equal(nextQuestion([]), null);
});

test('dispute mode offers values beyond the legal ones, and builds the claimed action apart', () => {
  assert.deepEqual(claimable('card.value', [7, 8], ['red']), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(claimable('card.value', [0, 1, 3, 5, 6], ['red']), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(claimable('card.value', [5, 'wager'], ['red']), ['wager', 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(claimable('druid', ['blue'], ['red', 'blue']), ['red', 'blue']);
  assert.deepEqual(claimable('druid', ['red'], ['red', 'blue']), ['red', 'blue']);
  assert.deepEqual(claimable('cards', [], []), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(claimable('tile', ['wish'], ['red']), ['wish']);
  const claimed = withValue(ACTIONS[0], 'card.value', 1);
  assert.deepEqual(claimed, {type: 'play', card: {color: 'red', value: 1}, figure: 0});
  assert.equal(ACTIONS[0].card.value, 3, 'the offered action is left as it was');
});

test('a take too many to list offers only the steps the engine grew', () => {
  const next = [{type: 'take', parts: ['n']}, {type: 'take', parts: ['e']}];
  const decision = {name: 'take', listed: false, actions: [], next};
  const grown = {'[{"key":"parts.0","value":"n"}]': [{type: 'take', parts: ['n', 'n']}, {type: 'take', parts: ['n']}]};
  const check = {decision};
  const pool = grownPool(check);
  assert.deepEqual(pool([]), next); // before any part: the engine's first steps
  check.grown = grown; // the engine's answer to the tap below arrives after the pool was made
  const picked = [{key: 'parts.0', value: 'n'}];
  assert.deepEqual(nextQuestion(narrow(pool(picked), picked)), {key: 'parts.1', values: ['n', ABSENT], answer: null});
  const stop = [...picked, {key: 'parts.1', value: ABSENT}];
  assert.deepEqual(nextQuestion(narrow(pool(stop), stop)).answer, {type: 'take', parts: ['n']});
});

// The check after a refill reveal: the turn may end, nothing more to answer.
const AFTER_REVEAL = {complete: true, legal: true, decision: {name: 'done', actions: [], optional: [], can_end: true, listed: true}};

test('a refill of two parts asks both, "not seen" among the answers, and only then may the turn be logged', () => {
  const decision = DECISIONS['celtica-refill'];
  assert.equal(decision.listed, false);
  // Its listed reveals are examples: narrowing them would settle the second part as null unasked.
  const examples = narrow(decision.actions, [{key: 'parts.0', value: 'w'}]);
  assert.deepEqual(nextQuestion(examples).answer, {type: 'reveal', parts: ['w', null]});
  const pool = grownPool({decision, grown: decision.grown}); // the engine's steps for the picks below
  const picks = [];
  const asked = [];
  for (const part of ['w', 'w']) {
    const q = nextQuestion(narrow(pool(picks), picks));
    assert.equal(q.answer, null);
    assert.equal(q.values[0], null, '"not seen" is an answer to give');
    assert.ok(q.values.includes('n') && q.values.includes('w'));
    asked.push(q.key);
    picks.push({key: q.key, value: part});
  }
  assert.deepEqual(asked, ['parts.0', 'parts.1']);
  assert.deepEqual(nextQuestion(narrow(pool(picks), picks)).answer, {type: 'reveal', parts: ['w', 'w']});
  // "not seen" is given, never taken as given.
  const unseen = [{key: 'parts.0', value: null}];
  assert.equal(nextQuestion(narrow(pool(unseen), unseen)).key, 'parts.1');
});

test('the last answer logs the turn only when nothing the person could answer is open', () => {
  assert.equal(nothingOpen(AFTER_REVEAL, true), true);
  // An answer filled in from an example of a decision that lists only some.
  assert.equal(nothingOpen(AFTER_REVEAL, false), false);
  // The turn may end, but a refill (listed or not) is still to be told.
  assert.equal(nothingOpen({complete: true, decision: DECISIONS['celtica-refill']}, true), false);
  assert.equal(nothingOpen({complete: true, decision: {...DECISIONS['celtica-refill'], actions: []}}, true), false);
  assert.equal(nothingOpen({complete: true, decision: {actions: [], optional: [{type: 'reveal'}]}}, true), false);
  assert.equal(nothingOpen({...AFTER_REVEAL, complete: false}, true), false);
  // A decision listing one example of many is not forced either.
  assert.equal(forced({complete: false, decision: {listed: false, actions: [DECISIONS['celtica-refill'].actions[0]]}}, false), null);
});

test('the one legal answer is taken for the player, except in dispute mode or when the turn may end', () => {
  const only = {type: 'draw', from: 'deck'};
  const check = {complete: false, decision: {actions: [only]}};
  assert.deepEqual(forced(check, false), only);
  assert.equal(forced(check, true), null);
  assert.equal(forced({...check, complete: true}, false), null);
  assert.equal(forced({complete: false, decision: {actions: [only, {type: 'draw', from: 'red'}]}}, false), null);
  assert.equal(forced({complete: false, decision: null}, false), null);
});

test('a clover chain steps on along the path of the figure that just arrived', () => {
  const decision = {name: 'clover', actions: [
    {type: 'clover', path: 'red', figure: 'small'}, {type: 'clover', path: 'red'}, {type: 'clover', path: 'blue'}, {type: 'clover', path: null}]};
  const played = [{type: 'play', card: {color: 'red', value: 5}}];
  assert.deepEqual(chainStep(decision, played), {type: 'clover', path: 'red'});
  assert.deepEqual(chainStep(decision, [...played, {type: 'reveal', path: 'red', row: 2, tile: 'clover'}]), {type: 'clover', path: 'red'});
  assert.deepEqual(chainStep(decision, [{type: 'play', card: {color: 'red', value: 5}, bonus: 'blue'}]), {type: 'clover', path: 'blue'});
  assert.deepEqual(chainStep(decision, [...played, {type: 'clover', path: 'blue'}]), {type: 'clover', path: 'blue'});
  assert.equal(chainStep(decision, [{type: 'play', card: {color: 'green', value: 5}}]), null);
  assert.equal(chainStep({...decision, name: 'main'}, played), null);
});

// As GET /api/v1/rulesets describes Keltis's actions and Celtica's take.
const COLORS = ['red', 'yellow', 'green', 'blue', 'purple'];
const CARD = {type: 'object', properties: {color: {enum: COLORS}, value: {type: 'integer', minimum: 0, maximum: 10}},
  required: ['color', 'value'], additionalProperties: false};
const SCHEMAS = {
  play: {type: 'object', properties: {type: {const: 'play'}, card: CARD, figure: {enum: [null, 'small', 'large']},
    bonus: {enum: [null, ...COLORS]}}, required: ['type', 'card'], additionalProperties: false},
  discard: {type: 'object', properties: {type: {const: 'discard'}, card: CARD}, required: ['type', 'card'], additionalProperties: false},
  take: {type: 'object', properties: {type: {const: 'take'}, parts: {type: 'array', items: {enum: ['center', 'n', 'e']}, maxItems: 3}},
    required: ['type', 'parts'], additionalProperties: false},
};

test('offline, the schema is asked field by field, an optional field may be left out', () => {
  const picks = [];
  const ask = (key, value) => {
    const q = schemaQuestion(SCHEMAS, picks);
    assert.equal(q.key, key);
    picks.push({key, value});
    return q.values;
  };
  assert.deepEqual(ask('type', 'play'), ['play', 'discard', 'take']);
  assert.deepEqual(ask('card.color', 'blue'), COLORS);
  assert.deepEqual(ask('card.value', 7), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(ask('figure', 'large'), [ABSENT, 'small', 'large']); // null is "left out"
  assert.deepEqual(ask('bonus', ABSENT), [ABSENT, ...COLORS]);
  assert.deepEqual(schemaQuestion(SCHEMAS, picks), {key: null, values: [], answer: {type: 'play', card: {color: 'blue', value: 7}, figure: 'large'}});
});

test('offline, a list is asked item by item until "no more" or its length', () => {
  const take = [{key: 'type', value: 'take'}];
  assert.deepEqual(schemaQuestion(SCHEMAS, take), {key: 'parts.0', values: [END, 'center', 'n', 'e'], answer: null});
  const two = [...take, {key: 'parts.0', value: 'n'}, {key: 'parts.1', value: 'n'}, {key: 'parts.2', value: END}];
  assert.deepEqual(schemaQuestion(SCHEMAS, two).answer, {type: 'take', parts: ['n', 'n']});
  const full = [...take, ...['e', 'n', 'center'].map((value, i) => ({key: `parts.${i}`, value}))];
  assert.deepEqual(schemaQuestion(SCHEMAS, full).answer, {type: 'take', parts: ['e', 'n', 'center']});
});

test('a druid and its cards are one question: every legal pair, each settling one move', () => {
  const moves = DECISIONS.celtica.actions;
  const pair = pairQuestion(moves, nextQuestion(moves));
  assert.deepEqual(pair.keys, ['druid', 'cards']);
  const legal = new Set(moves.map(move => JSON.stringify([move.druid, move.cards])));
  assert.deepEqual(new Set(pair.pairs.map(p => JSON.stringify(p))), legal);
  for (const [druid, cards] of pair.pairs) {
    const picks = [{key: 'druid', value: druid}, {key: 'cards', value: cards}];
    const left = narrow(moves, picks);
    assert.ok(left.length >= 1 && left.every(move => move.druid === druid && move.cards === cards));
  }
});

test('a card is one question while its legal pairs fit a small screen, two beyond', () => {
  const plays = narrow(DECISIONS.keltis.actions, [{key: 'type', value: 'play'}]);
  const q = nextQuestion(plays);
  assert.equal(q.key, 'card.color');
  const cards = new Set(plays.map(play => JSON.stringify([play.card.color, play.card.value])));
  assert.ok(cards.size > PAIRS_MOST);
  assert.equal(pairQuestion(plays, q), null); // colour, then value
  const red = plays.filter(play => play.card.color === 'red' || play.card.color === 'blue');
  const pair = pairQuestion(red, nextQuestion(red));
  assert.deepEqual(pair.keys, ['card.color', 'card.value']);
  assert.equal(pair.pairs.length, new Set(red.map(play => JSON.stringify([play.card.color, play.card.value]))).size);
});

test('no grid where the colour is not followed by a value, or an action lacks one', () => {
  const reveals = DECISIONS['keltis-after-play'].actions;
  assert.equal(pairQuestion(reveals, nextQuestion(reveals)), null);
  const goblin = [{type: 'goblin', hand: {color: 'red', value: 3}}, {type: 'goblin', hand: {color: 'blue', value: 2}}, {type: 'goblin'}];
  assert.equal(nextQuestion(goblin).key, 'hand.color');
  assert.equal(pairQuestion(goblin, nextQuestion(goblin)), null);
});
