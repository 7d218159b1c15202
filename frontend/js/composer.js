// The turn composer's one idea: the server lists the complete legal actions
// of the open decision; the app asks about one field at a time, keeping only
// the actions that agree with the answers so far. No rule is computed here.

/** Sentinel for a field an action does not have. */
export const ABSENT = '\u2205';

/** An action as ordered [path, value] pairs: nested objects and lists
 * become "card.color", "parts.0", so each is asked on its own. */
export function flatten(action, prefix = '') {
  const pairs = [];
  for (const [key, value] of Object.entries(action)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') pairs.push(...flatten(value, path));
    else pairs.push([path, value]);
  }
  return pairs;
}

function valueAt(action, path) {
  let here = action;
  for (const step of path.split('.')) {
    if (here === null || typeof here !== 'object' || !(step in here)) return ABSENT;
    here = here[step];
  }
  return here;
}

export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The candidates that agree with every pick [{key, value}]. */
export function narrow(candidates, picks) {
  return candidates.filter(action => picks.every(pick => same(valueAt(action, pick.key), pick.value)));
}

/** The next question about candidates: the first field, in the order the
 * actions list them, on which they differ; null when one action is left.
 * Returns {key, values, answer} where answer is the action when settled. */
export function nextQuestion(candidates) {
  if (!candidates.length) return null;
  const keys = [];
  for (const action of candidates) {
    for (const [key] of flatten(action)) if (!keys.includes(key)) keys.push(key);
  }
  for (const key of keys) {
    const values = [];
    for (const action of candidates) {
      const value = valueAt(action, key);
      if (!values.some(seen => same(seen, value))) values.push(value);
    }
    if (values.length > 1) return {key, values, answer: null};
  }
  return {key: null, values: [], answer: candidates[0]};
}

export const COLOUR = /(^|\.)(color|druid)$/;
export const COUNT = /(^|\.)(value|cards)$/;
// A grid larger than this would push its own answers off a small phone's
// screen (44 px targets): the colour and the value are then asked apart.
export const PAIRS_MOST = 30;

/** A card (or a druid and its cards) in one tap: when the open question
 * `q` asks a colour and the field the actions list after it is a value or a
 * count, the legal (colour, value) pairs, so one answer settles both:
 * {keys: [colour key, value key], pairs}. Null otherwise, or when some
 * action lacks either field, or the pairs are too many to show at once. */
export function pairQuestion(candidates, q) {
  if (!q || !q.key || !COLOUR.test(q.key)) return null;
  const keys = [...new Set(candidates.flatMap(action => flatten(action).map(([key]) => key)))];
  const then = keys[keys.indexOf(q.key) + 1];
  if (!then || !COUNT.test(then)) return null;
  const pairs = [];
  for (const action of candidates) {
    const pair = [valueAt(action, q.key), valueAt(action, then)];
    if (pair.includes(ABSENT)) return null;
    if (!pairs.some(seen => same(seen, pair))) pairs.push(pair);
  }
  return pairs.length <= PAIRS_MOST ? {keys: [q.key, then], pairs} : null;
}

/** For dispute mode: the values a table might claim for a field, beyond
 * the legal ones, so a refusal can be shown, all in order. Only plain
 * domains: colours, card values and counts. */
export function claimable(key, legalValues, colours) {
  const extra = [];
  if (/(^|\.)(color|druid)$/.test(key)) extra.push(...colours);
  else if (/(^|\.)value$/.test(key)) for (let v = 0; v <= 10; v++) extra.push(v);
  else if (/^(cards|experience|priestess)$/.test(key)) for (let v = 0; v <= 6; v++) extra.push(v);
  const values = [...legalValues];
  for (const value of extra) if (!values.some(seen => same(seen, value))) values.push(value);
  // In the domain's order (a value outside it, a wager or "none", first), as a person counts.
  const rank = value => extra.findIndex(seen => same(seen, value));
  return values.sort((a, b) => rank(a) - rank(b));
}

/** Set a flattened path in a copy of an action (dispute mode builds an
 * action the server did not offer, to hear its verdict). */
export function withValue(action, path, value) {
  const copy = structuredClone(action);
  const steps = path.split('.');
  let here = copy;
  for (const step of steps.slice(0, -1)) here = here[step];
  here[steps.at(-1)] = value;
  return copy;
}

/** The candidates of a decision too many to list (decision.listed false)
 * whose action the engine grows step by step, from the `check` that opened
 * it: the listed actions of other types, and those the engine grew for the
 * picks so far (`check.grown`, keyed by the picks' JSON, read at each call:
 * what check ?building=true answered for the action they began), or before
 * any, its first steps (`decision.next`). */
export function grownPool(check) {
  const {decision} = check;
  const type = decision.next.length ? decision.next[0].type : null;
  const others = (decision.actions || []).filter(action => action.type !== type);
  return picks => [...others, ...((check.grown || {})[JSON.stringify(picks)] || decision.next)];
}

/** The action to take for the player: the open decision has exactly one
 * legal answer and the turn cannot end without it. Never in dispute mode,
 * where the point is to claim something else, nor where the decision lists
 * only some of its answers. */
export function forced(check, dispute) {
  const decision = check.decision || {};
  const actions = decision.actions || [];
  return !dispute && !check.complete && decision.listed !== false && actions.length === 1 ? actions[0] : null;
}

/** Whether the answer just given may log the turn: nothing the person
 * could still answer is open. The turn may end here and its decision offers
 * nothing more (no actions, no free reveals, none left unlisted); and the
 * answer was picked from every legal one (`whole`: listed or described), so
 * no field of it was filled in for the person from an example. */
export function nothingOpen(check, whole) {
  const decision = check.decision || {};
  return whole && check.complete && decision.listed !== false
    && !(decision.actions || []).length && !(decision.optional || []).length;
}

/** The likely rest of a Keltis clover chain: the figure that just arrived
 * steps on along its path. The clover action for that, when it is legal. */
export function chainStep(decision, actions) {
  if (!decision || decision.name !== 'clover') return null;
  let path = null;
  for (const action of [...actions].reverse()) {
    if (action.type === 'clover') path = action.path;
    else if (action.type === 'play') path = action.bonus || action.card.color;
    else continue;
    break;
  }
  return (decision.actions || []).find(action => action.type === 'clover' && action.path === path && !('figure' in action)) || null;
}

// -- offline: composing from the game's action schema ------------------------
// With no server to list the legal actions, the composer asks field by field
// what the schema of GET /api/v1/rulesets allows; the turn is checked when it
// reaches the server. (No JSON Schema library: only enum, const, integer
// ranges, objects and arrays of enums occur, and only their values are read.)

/** Sentinel for "no more items" in a list (Celtica's parts). */
export const END = '\u220e';
// A list without maxItems is asked up to this many items.
const LIST_CAP = 9;

function values(schema) {
  if (schema.enum) return schema.enum;
  const range = [];
  for (let v = schema.minimum ?? 0; v <= (schema.maximum ?? 10); v++) range.push(v);
  return Array.isArray(schema.type) && schema.type.includes('null') ? [...range, null] : range;
}

const objectOf = schema => (schema.oneOf ? schema.oneOf.find(s => s.type === 'object') : schema.type === 'object' ? schema : null);

/** The next question about an action built from picks [{key, value}]:
 * {key, values} to ask, or {answer} once every field is settled. */
export function schemaQuestion(schemas, picks) {
  const picked = Object.fromEntries(picks.map(pick => [pick.key, pick.value]));
  if (!('type' in picked)) return {key: 'type', values: Object.keys(schemas), answer: null};
  const schema = schemas[picked.type];
  const action = {type: picked.type};
  const ask = walk(schema, '', picked, action);
  return ask || {key: null, values: [], answer: action};
}

// Fill `into` with what `picked` says of the fields of an object schema; the
// first field not yet answered is the question.
function walk(schema, prefix, picked, into) {
  for (const [name, field] of Object.entries(schema.properties)) {
    if (name === 'type' && !prefix) continue;
    const key = prefix ? `${prefix}.${name}` : name;
    const optional = !(schema.required || []).includes(name) || Boolean(field.oneOf);
    const object = objectOf(field);
    if (object) {
      const first = `${key}.${Object.keys(object.properties)[0]}`;
      if (optional && picked[first] === ABSENT) continue;
      into[name] = {};
      const ask = walk(object, key, picked, into[name]);
      if (ask && ask.key === first && optional && !ask.values.includes(ABSENT)) ask.values = [ABSENT, ...ask.values];
      if (ask) return ask;
    } else if (field.type === 'array') {
      into[name] = [];
      for (let i = 0; i < (field.maxItems ?? LIST_CAP); i++) {
        const item = `${key}.${i}`;
        if (!(item in picked)) return {key: item, values: [END, ...values(field.items)], answer: null};
        if (picked[item] === END) break;
        into[name].push(picked[item]);
      }
    } else {
      if (!(key in picked)) {
        const offered = values(field).filter(v => !(optional && v === null));
        return {key, values: optional ? [ABSENT, ...offered] : offered, answer: null};
      }
      if (picked[key] !== ABSENT) into[name] = picked[key];
    }
  }
  return null;
}
