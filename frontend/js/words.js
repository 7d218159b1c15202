// Game things in words: colours with a symbol (colour is never the only
// signal), tiles, parts, answers to composer questions, and turns for the log.
// A game's pieces, questions and their words are its package's (GET /rulesets,
// `ruleset` below: its entry), so every function that says one takes it.
import {t, has, language, say, agreeing} from './i18n.js';
import {ABSENT} from './composer.js';

// The colours a player can choose for his seat (score strip, log, tokens),
// in the order new seats take them, each with its symbol: the app's own, the
// same for every game (a game's colours are its package's).
const SEATS = {red: '●', blue: '◆', green: '■', yellow: '▲', purple: '★'};
export const SEAT_COLOURS = Object.keys(SEATS);

/** A seat's colour as symbol and name, e.g. "● red". */
export function seatColour(id) {
  return `${SEATS[id]} ${t(`colour.${id}`)}`;
}

/** The symbol of a seat's colour. */
export function seatSymbol(id) {
  return SEATS[id];
}

/** Each player's seat colour by id: as chosen on the new-game screen (kept on
 * the creating phone and passed on in the join link), else by seat. */
export function seatColours(players, chosen = []) {
  return Object.fromEntries(players.map((p, i) => [p.id, (chosen || [])[i] || SEAT_COLOURS[i % SEAT_COLOURS.length]]));
}

// Letters that are no letter plus a mark, so NFKD leaves them whole: said
// as a reader of the name would spell them in plain Latin letters.
const PLAIN = {ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ŋ: 'n', ħ: 'h', ŧ: 't'};

/** A player id from a name (CONTRACT: `^[a-z0-9][a-z0-9_-]{0,31}$`), readable
 * and unique: "Jürgen" -> "jurgen", "Søren" -> "soren", "Anna Lena" ->
 * "anna-lena"; a second "Anna" is "anna-2". */
export function playerId(name, taken) {
  const plain = name.toLowerCase().normalize('NFKD').replace(/\p{M}+/gu, '')
    .replace(/[øæœßđðþłıŋħŧ]/g, letter => PLAIN[letter]);
  const base = (plain.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'p').slice(0, 28);
  let id = /^[a-z0-9]/.test(base) ? base : `p${base}`;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** What decides the ranks of a score sheet where its totals do not, in
 * the words its game declares (`ruleset` its GET /rulesets entry); null
 * where the totals do. Celtica ranks by complete amulets, then by the
 * largest incomplete one, the next largest, … (its rules, §12). */
export function rankReason(sheet, ruleset) {
  const tie = ruleset && ruleset.sheet.tie_break;
  if (!tie) return null;
  const first = sheet.players.map(p => p.breakdown[tie.key]);
  if (first.every(n => n === 0)) return tie.none;
  if (new Set(first).size < first.length) return tie.equal;
  return null;
}

/** A player's breakdown in the words its game declares for its columns,
 * one line each ("1 complete amulet", "1 incomplete amulet (8 parts)");
 * null where the game declares no words (its columns are titled numbers). */
export function breakdownWords(ruleset, breakdown) {
  const said = ruleset ? ruleset.sheet.columns.filter(column => column.words) : [];
  if (!said.length) return null;
  return said.map(column => {
    const value = breakdown[column.key];
    if (column.form !== 'sizes') return say(column.words, {n: value});
    if (!value.length) return column.none;
    const sizes = new Intl.ListFormat(language(), {type: 'conjunction'}).format(value.map(n => say(column.size, {n})));
    return say(column.words, {n: value.length, sizes});
  });
}

/** An option's value in the words of GET /rulesets (`option` one of a
 * ruleset's options): its choice's label, yes or no, a list, a number. */
export function valueWords(option, value) {
  if (option.choices) return option.choice_labels[option.choices.indexOf(value)];
  if (option.type === 'boolean') return t(value ? 'yes' : 'no');
  return option.type === 'array' ? value.join(', ') : String(value);
}

/** The options a game was played with, every default filled in, in the
 * words of its ruleset, as the exports give them: "Label: choice; ...". */
export function optionsWords(ruleset, options = {}) {
  return ruleset.options.map(option => `${option.label}: ${valueWords(option, options[option.name] ?? option.default)}`)
    .join('; ');
}

// A colour of the game (its cards', paths', druids'...): {symbol, name} as
// its package names it, of whichever kind of piece it is; undefined for
// anything else.
function named(id, ruleset) {
  return Object.values(ruleset.names).map(kind => kind[id]).find(name => name && name.symbol);
}

/** The symbol that goes with a colour of the game. */
export function symbol(id, ruleset) {
  return named(id, ruleset)?.symbol;
}

/** A colour of the game by its name alone, e.g. "red". */
export function colourName(id, ruleset) {
  return named(id, ruleset).name;
}

/** A colour of the game as symbol and name, e.g. "● red". */
export function colour(id, ruleset) {
  const {symbol: mark, name} = named(id, ruleset);
  return `${mark} ${name}`;
}

/** A colour as symbol and name for a text that makes it agree with its
 * noun ({colour!f}: Spanish "pila ● roja"), in the forms its package
 * declares (scoring/declaration.py colour; i18n.js's agreeing). */
export function colourAgreeing(id, ruleset) {
  const {symbol: mark, name, forms} = named(id, ruleset);
  return agreeing(name, forms, `${mark} `);
}

/** A card as colour and value, e.g. "● red 7"; a value that is a word
 * (Lost Cities' wager) in the words its game's package declares. */
export function card(c, ruleset) {
  return `${colour(c.color, ruleset)} ${cardValue(c.value, ruleset)}`;
}

/** A card's value as shown: a number as it is, a word as its game names it. */
export function cardValue(value, ruleset) {
  return (ruleset && ruleset.names && ruleset.names.cards && ruleset.names.cards[value]) || String(value);
}

/** A tile by its package's name. */
export function tile(id, ruleset) {
  return ruleset.names.tiles[id];
}

/** An amulet part by its package's name; one not recorded, said so. */
export function part(id, ruleset) {
  return id === null || id === undefined ? t('part.unknown') : ruleset.names.parts[id];
}

/** A place on a board by the name of its kind (a location's, a field's). */
export function kindName(id, ruleset) {
  return (ruleset.names.location_kinds || ruleset.names.field_kinds)[id];
}

/** A figure by its size ("large figure"). */
export function figure(size, ruleset) {
  return ruleset.names.figures[size];
}

/** Words the game's drawer says (its package's `texts.drawer`), filled in as t fills its own. */
export function drawn(ruleset, key, values = {}) {
  return say(ruleset.texts.drawer[key], values);
}

/** The class of a choice button whose answer names a colour (a card
 * colour, a path, a druid, a pile): filled with it, its symbol and name in
 * the label, so colour is never the only signal. Null for other answers. */
export function swatch(key, value, ruleset) {
  const asked = /(^|\.)(color|druid|bonus|row|path)$/.test(key) || (key === 'from' && value !== 'deck');
  return asked && typeof value === 'string' && named(value, ruleset) ? `swatch swatch-${value}` : null;
}

/** The label of one answer to a composer question. */
export function answer(ruleset, key, value, names = {}) {
  const base = key.replace(/\.\d+$/, '');
  if (value === ABSENT) return ruleset.texts.absent[base] ?? t('absent');
  if (key === 'type') return t(`action.${value}`);
  // A row is a colour in Orakel (a goblin's row of cards), a number on a Keltis path.
  if ((/(^|\.)(color|druid|bonus|row)$/.test(key) && typeof value !== 'number') || key === 'path') {
    return value === null ? t(`null.${base}`) : colour(value, ruleset);
  }
  if (key === 'from') return value === 'deck' ? t('from.deck') : t('from.pile', {colour: colourAgreeing(value, ruleset)});
  if (key === 'tile') return tile(value, ruleset);
  // A part drawn that nobody saw is an answer the table gives (a refill), said as such.
  if (base === 'parts' && value === null) return t('null.parts');
  if (base === 'parts' || key === 'give' || key === 'take' || key === 'part') return part(value, ruleset);
  if (key === 'figure') {
    if (value === null) return t('null.figure');
    return typeof value === 'string' ? figure(value, ruleset) : t('figure.on', {field: value}); // a size, or the field it stands on
  }
  if (key === 'to') return value === null ? t('null.to') : t('field', {field: value});
  if (key === 'field') return t('field', {field: value});
  if (key === 'priestess') return t('priestess.steps', {n: value});
  if (key === 'draw') return value ? t('cult.draw') : t('cult.no');
  if (key === 'player') return names[value] || value;
  if (value === null) return t('null');
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
  return String(value);
}

/** The question asked about a field, for actions like ``example``. */
export function question(ruleset, key, player, example = {}) {
  const type = example.type;
  const base = key.split('.').filter(step => !/^\d+$/.test(step)).at(-1);
  const index = /\.(\d+)$/.exec(key);
  const where = example.path ? `${colour(example.path, ruleset)} ${example.row}` : t('field', {field: example.field});
  const values = {player, where, n: index ? Number(index[1]) + 1 : ''};
  // The game's own question for this action's key, or for the key, before the app's.
  const asked = ruleset.texts.questions[`${type}.${base}`] ?? ruleset.texts.questions[base];
  if (asked) return say(asked, values);
  return has(`q.${base}`) ? t(`q.${base}`, values) : t('q.other', {field: base});
}

/** One action in words, for the log and the composer's summary line. */
export function action(ruleset, a) {
  const hue = id => colour(id, ruleset), partName = id => part(id, ruleset), tileName = id => tile(id, ruleset);
  switch (a.type) {
    case 'play': {
      const parts = [t('say.play', {card: card(a.card, ruleset)})];
      // A figure that enters a path is named by its size; one that moves, by the field it leaves.
      if (typeof a.figure === 'string' || a.bonus) {
        if (a.figure) parts.push(t('say.enters', {figure: figure(a.figure, ruleset), path: hue(a.card.color)}));
        if (a.bonus) parts.push(t('say.bonus', {path: hue(a.bonus)}));
      } else {
        if (a.figure !== undefined && a.figure !== null) parts.push(t('say.figure_from', {field: a.figure}));
        if (a.priestess !== undefined && a.priestess !== null) parts.push(t('priestess.steps', {n: a.priestess}));
      }
      return parts.join(', ');
    }
    case 'discard': return t('say.discard', {card: card(a.card, ruleset)});
    case 'clover': return a.path ? t('say.clover', {path: hue(a.path)}) : t('say.clover_no');
    case 'reveal':
      // A tile on a stone of a path, or on a field; or the parts that refilled the display.
      if (a.path) return t('say.reveal', {where: `${hue(a.path)} ${a.row}`, tile: tileName(a.tile)});
      if (a.field !== undefined) return t('say.reveal', {where: t('field', {field: a.field}), tile: tileName(a.tile)});
      return t('say.refill', {parts: a.parts.map(partName).join(', ')});
    case 'draw': return a.from === 'deck' ? t('say.draw_deck') : t('say.draw_pile', {colour: colourAgreeing(a.from, ruleset)});
    case 'spiral': return a.to === null ? t('say.spiral_stay') : t('say.spiral', {field: a.to});
    case 'goblin':
      if (a.hand) return t('say.goblin_hand', {card: card(a.hand, ruleset)});
      if (a.row) return t('say.goblin_row', {colour: colourAgreeing(a.row, ruleset)});
      return t('say.goblin_no');
    case 'move': return t(a.experience ? 'say.move_xp' : 'say.move', {druid: hue(a.druid), n: a.cards, xp: a.experience});
    case 'take': return t('say.take', {parts: a.parts.map(partName).join(', ') || t('nothing')});
    case 'give': return t('say.give', {parts: a.parts.map(partName).join(', ') || t('nothing')});
    case 'cult': return a.draw ? t('say.cult_draw') : t('say.cult_no');
    case 'swap': return t('say.swap', {give: partName(a.give), take: partName(a.take)});
    case 'buy': return t('say.buy', {part: partName(a.part)});
    default: return a.type;
  }
}

/** A turn's actions in words: "played ● red 7, drew from the deck". */
export function turnActions(ruleset, tn) {
  return tn.actions.map(a => action(ruleset, a)).join(', ') || t('nothing');
}

/** A turn's words, for sentences that name them apart: {player: "Anna",
 * actions: "played ● red 7, drew from the deck"}. */
export function turnWords(ruleset, tn, names) {
  return {player: names[tn.player] || tn.player, actions: turnActions(ruleset, tn)};
}

/** A whole turn in words: "Anna: played ● red 7, drew from the deck". */
export function turn(ruleset, tn, names) {
  const {player, actions} = turnWords(ruleset, tn, names);
  return `${player}: ${actions}`;
}

/** A log entry another phone logged, in a sentence that names the turn by
 * its number (entry as history.entries gives it): "Anna's turn 12 was
 * logged on another phone: played ● red 7, drew from the deck." */
export function loggedElsewhere(ruleset, entry, names) {
  const n = entry.number + 1;
  if (entry.kind !== 'correction') return t('elsewhere.turn', {n, ...turnWords(ruleset, entry.turn, names)});
  if (entry.undo) return t('elsewhere.undo', {n, by: entry.by});
  return t('elsewhere.replace', {n, by: entry.by, ...turnWords(ruleset, entry.turn, names)});
}
