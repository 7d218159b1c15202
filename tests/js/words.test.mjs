// Game things in words (frontend/js/words.js, over i18n.js's t): turns for
// the log, answers and questions of the composer, plural forms by language.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {rulesetsIn, speak} from './speak.mjs';
import {t, has, language} from '../../frontend/js/i18n.js';
import {ABSENT} from '../../frontend/js/composer.js';
import * as words from '../../frontend/js/words.js';

const NAMES = {anna: 'Anna', ben: 'Ben'};

await speak('en');
// Each game's pieces and words, as the app has them from GET /rulesets.
const EN = rulesetsIn('en'), DE = rulesetsIn('de'), ES = rulesetsIn('es');

test('a Keltis turn reads as the log shows it', () => {
  const turn = {player: 'anna', actions: [
    {type: 'play', card: {color: 'red', value: 3}, figure: 'large', bonus: 'blue'},
    {type: 'reveal', path: 'red', row: 1, tile: 'wish'},
    {type: 'draw', from: 'deck'}]};
  assert.equal(words.turn(EN.keltis, turn, NAMES),
    'Anna: played ● red 3, large figure enters ● red, bonus step on ◆ blue, ● red 1: wishing stone, drew from the deck');
  assert.equal(words.turn(EN.keltis, {player: 'ben', actions: [{type: 'discard', card: {color: 'green', value: 0}},
    {type: 'draw', from: 'yellow'}]}, NAMES), 'Ben: discarded ■ green 0, drew from the ▲ yellow pile');
});

test('a turn names a player with no name by id, and a turn of no actions as nothing', () => {
  assert.equal(words.turn(EN.celtica, {player: 'cleo', actions: []}, NAMES), 'cleo: nothing');
});

test('the same action reads by its game: an Orakel figure moves from a field, a reveal names the field', () => {
  const play = {type: 'play', card: {color: 'purple', value: 9}, figure: 0};
  assert.equal(words.action(EN['keltis-orakel'], play), 'played ★ purple 9, figure from field 0');
  assert.equal(words.action(EN['keltis-orakel'], {type: 'reveal', field: 12, tile: 'goblin'}), 'field 12: goblin');
  assert.equal(words.action(EN.celtica, {type: 'reveal', parts: ['n', null]}), 'refilled the display: north, not recorded');
  assert.equal(words.action(EN['keltis-orakel'], {type: 'spiral', to: null}), 'stayed on the spiral');
  assert.equal(words.action(EN['keltis-orakel'], {type: 'mystery'}), 'mystery');
});

test('counts take the plural form of the language', () => {
  const move = n => words.action(EN.celtica, {type: 'move', druid: 'brown', cards: n});
  assert.equal(move(1), 'moved the ■ brown druid with 1 card');
  assert.equal(move(2), 'moved the ■ brown druid with 2 cards');
  assert.equal(move(0), 'moved the ■ brown druid with 0 cards');
  assert.equal(words.action(EN.celtica, {type: 'move', druid: 'red', cards: 1, experience: 2}),
    'moved the ● red druid with 1 card and 2 experience');
  assert.equal(words.action(EN['keltis-orakel'], {type: 'play', card: {color: 'red', value: 1}, priestess: 1}),
    'played ● red 1, priestess 1 field');
  assert.equal(words.answer(EN['keltis-orakel'], 'priestess', 3), 'priestess 3 fields');
  assert.equal(t('table.deck', {n: 1}), t('table.deck.one', {n: 1}));
  assert.notEqual(t('table.deck', {n: 1}), t('table.deck', {n: 2}));
});

test('in German the words and the plural forms are German', async () => {
  await speak('de');
  try {
    assert.equal(language(), 'de');
    const move = n => words.action(DE.celtica, {type: 'move', druid: 'brown', cards: n});
    assert.equal(move(1), 'zog den Druiden ■ braun mit 1 Karte');
    assert.equal(move(3), 'zog den Druiden ■ braun mit 3 Karten');
    assert.equal(words.turn(DE.keltis, {player: 'anna', actions: [{type: 'draw', from: 'deck'}]}, NAMES), 'Anna: zog vom Nachziehstapel');
  } finally {
    await speak('en'); // the tests after this one read English
  }
});

test('a log entry another phone logged names the turn by its number, in every language', async () => {
  const red7 = {player: 'anna', actions: [{type: 'play', card: {color: 'red', value: 7}}, {type: 'draw', from: 'deck'}]};
  assert.deepEqual(words.turnWords(EN.keltis, red7, NAMES), {player: 'Anna', actions: 'played ● red 7, drew from the deck'});
  const logged = {kind: 'turn', number: 11, turn: red7};
  const undone = {kind: 'correction', undo: true, by: 'Ben', number: 11};
  const replaced = {kind: 'correction', replace: 11, by: 'Ben', number: 11, turn: red7};
  const said = rulesets => [logged, undone, replaced].map(entry => words.loggedElsewhere(rulesets.keltis, entry, NAMES));
  assert.deepEqual(said(EN), ["Anna's turn 12 was logged on another phone: played ● red 7, drew from the deck.",
    'Ben undid turn 12 on another phone.',
    'Ben replaced turn 12 on another phone: Anna played ● red 7, drew from the deck.']);
  await speak('es');
  try {
    assert.deepEqual(said(ES), ['El turno 12 se anotó en otro teléfono: Anna jugó ● rojo 7, robó del mazo.',
      'Ben deshizo el turno 12 en otro teléfono.',
      'Ben sustituyó el turno 12 en otro teléfono: Anna jugó ● rojo 7, robó del mazo.']);
  } finally {
    await speak('en');
  }
});

test('a text keeps a placeholder it was not given, and an unknown key reads as itself', () => {
  assert.equal(t('say.play', {}), 'played {card}');
  assert.equal(t('no.such.text'), 'no.such.text');
  assert.equal(has('no.such.text'), false);
  assert.equal(has('say.play'), true);
});

test('answers to the composer\'s questions name colours with their symbol, and the left-out field by game', () => {
  assert.equal(words.answer(EN.keltis, 'type', 'play'), 'Play a card');
  assert.equal(words.answer(EN.keltis, 'card.color', 'yellow'), '▲ yellow');
  assert.equal(words.answer(EN.keltis, 'bonus', null), 'no bonus step');
  assert.equal(words.answer(EN.keltis, 'bonus', ABSENT), 'no bonus');
  assert.equal(words.answer(EN.keltis, 'card.value', ABSENT), 'something else');
  assert.equal(words.answer(EN.celtica, 'parts.2', ABSENT), 'no more parts');
  assert.equal(words.answer(EN.celtica, 'parts.2', 'sw'), 'south-west');
  assert.equal(words.answer(EN.keltis, 'figure', 'small'), 'small figure');
  assert.equal(words.answer(EN['keltis-orakel'], 'figure', 14), 'figure on field 14');
  assert.equal(words.answer(EN.keltis, 'from', 'deck'), 'the deck');
  assert.equal(words.answer(EN.keltis, 'from', 'red'), '● red pile');
  assert.equal(words.answer(EN.celtica, 'player', 'ben', NAMES), 'Ben');
  assert.equal(words.answer(EN.celtica, 'draw', true), 'draw a druid card');
  assert.equal(words.answer(EN.keltis, 'card.value', 7), '7');
  // The offline composer asks a Keltis reveal's row: a number, not a colour ("undefined colour.1").
  assert.equal(words.answer(EN.keltis, 'row', 1), '1');
  assert.equal(words.answer(EN['keltis-orakel'], 'row', 'red'), '● red');
});

test('a pile\'s colour agrees with the noun: a button names the pile, a sentence says where from', async () => {
  // The colours' forms are their package's (scoring/declaration.py colour), in each language's rulesets.
  const said = games => [words.answer(games.keltis, 'from', 'deck'), words.answer(games.keltis, 'from', 'red'),
    words.answer(games.keltis, 'from', 'purple'), words.action(games.keltis, {type: 'draw', from: 'yellow'}),
    words.action(games.keltis, {type: 'draw', from: 'deck'}), words.action(games['keltis-orakel'], {type: 'goblin', row: 'red'})];
  await speak('de');
  try {
    // A button is a noun phrase (no "dem" of "vom Nachziehstapel"); German declines the colour.
    assert.deepEqual(said(DE), ['Nachziehstapel', '● roter Stapel', '★ lila Stapel', 'zog vom ▲ gelben Stapel',
      'zog vom Nachziehstapel', 'Kobold: oberste Karte der ● roten Reihe abgelegt']);
    await speak('es');
    // "pila" and "fila" are feminine; "verde" has one form, and the druid is masculine.
    assert.deepEqual(said(ES), ['el mazo', 'pila ● roja', 'pila ★ morada', 'robó de la pila ▲ amarilla',
      'robó del mazo', 'duende: descartó la última de la fila ● roja']);
    assert.equal(words.answer(ES.keltis, 'from', 'green'), 'pila ■ verde');
    assert.equal(words.action(ES.celtica, {type: 'move', druid: 'red', cards: 1}), 'movió el druida ● rojo con 1 carta');
  } finally {
    await speak('en');
  }
  assert.equal(words.answer(EN.keltis, 'from', 'red'), '● red pile');
  assert.equal(t('from.pile', {colour: words.colourAgreeing('blue', EN.keltis)}), '◆ blue pile');
});

test('a question is the most specific one the game has', () => {
  assert.equal(words.question(EN.celtica, 'parts.0', 'Anna', {type: 'take'}), 'Which part does Anna take (1)?');
  assert.equal(words.question(EN.celtica, 'parts.2', 'Anna', {type: 'give'}), 'Which part does Anna give up (3)?');
  assert.equal(words.question(EN.keltis, 'tile', 'Anna', {type: 'reveal', path: 'blue', row: 4}), 'What lies on ◆ blue 4?');
  assert.equal(words.question(EN['keltis-orakel'], 'tile', 'Anna', {type: 'reveal', field: 7}), 'What lies on field 7?');
  assert.equal(words.question(EN.keltis, 'type', 'Ben'), 'What does Ben do?');
  assert.equal(words.question(EN.keltis, 'card.value', 'Ben', {type: 'play'}), 'Which value?');
  assert.equal(words.question(EN.keltis, 'oddity', 'Ben', {type: 'play'}), 'oddity?');
});

test('seats take the chosen colours, else the next in turn', () => {
  const players = ['a', 'b', 'c', 'd', 'e', 'f'].map(id => ({id}));
  assert.deepEqual(words.seatColours(players.slice(0, 3), ['purple']), {a: 'purple', b: 'blue', c: 'green'});
  assert.equal(words.seatColours(players).f, 'red'); // a sixth seat wraps round
  assert.deepEqual(words.seatColours(players.slice(0, 2), null), {a: 'red', b: 'blue'});
});

test('a choice that names a colour is filled with it; other answers are not', () => {
  assert.equal(words.swatch('card.color', 'red', EN.keltis), 'swatch swatch-red');
  assert.equal(words.swatch('from', 'blue', EN.keltis), 'swatch swatch-blue');
  assert.equal(words.swatch('from', 'deck', EN.keltis), null);
  assert.equal(words.swatch('card.value', 'red', EN.keltis), null);
  assert.equal(words.swatch('path', null, EN.keltis), null);
});

test('player ids made from names read as the names do', () => {
  const cases = {'Jürgen': 'jurgen', 'Søren': 'soren', 'Iñigo': 'inigo', 'Æsa': 'aesa', 'Straße': 'strasse',
    'Łukasz': 'lukasz', 'Zoë Ann': 'zoe-ann', 'François': 'francois', 'Ðóra': 'dora', '  Ana  ': 'ana', '★': 'p',
    'ﬁona': 'fiona', '_x': 'x'};
  for (const [name, id] of Object.entries(cases)) {
    assert.equal(words.playerId(name, []), id, name);
    assert.match(id, /^[a-z0-9][a-z0-9_-]{0,31}$/);
  }
  assert.equal(words.playerId('Jürgen', ['jurgen']), 'jurgen-2');
  assert.equal(words.playerId('Jurgen', ['jurgen', 'jurgen-2']), 'jurgen-3');
  assert.match(words.playerId('Ä'.repeat(60), []), /^a{28}$/);
});

test('a game\'s own words come from its package in the app\'s language: Lost Cities\' wager in the log, a question', async () => {
  const wager = {player: 'anna', actions: [{type: 'play', card: {color: 'red', value: 'wager'}}, {type: 'draw', from: 'deck'}]};
  assert.equal(words.turn(EN['lost-cities'], wager, NAMES), 'Anna: played ● red wager, drew from the deck');
  await speak('de');
  try {
    assert.equal(words.turn(DE['lost-cities'], wager, NAMES), 'Anna: spielte ● rot Wette, zog vom Nachziehstapel');
    assert.equal(words.question(DE.celtica, 'parts.0', 'Anna', {type: 'take'}), 'Welches Teil nimmt Anna (1)?');
    assert.equal(words.answer(DE['keltis-orakel'], 'row', ABSENT), 'verzichten');
  } finally {
    await speak('en');
  }
});
