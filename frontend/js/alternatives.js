// Dispute mode's legal alternatives as a person says them: per kind of
// action, the cards (or a druid and its cards) grouped by colour, their
// values in runs ("any red card 9 or lower"), from the legal actions the
// engine lists. Only the grouping is done here; the words are the app's
// (frontend/i18n alt.*).
import {flatten, COLOUR, COUNT} from './composer.js';

// The card an action names: its colour, the name of its count field
// ("value", "cards") and that value; null for an action with no card.
function cardOf(action) {
  const pairs = flatten(action);
  const at = pairs.findIndex(([key], i) => COLOUR.test(key) && i + 1 < pairs.length && COUNT.test(pairs[i + 1][0]));
  return at < 0 ? null : {colour: pairs[at][1], count: pairs[at + 1][0].split('.').at(-1), value: pairs[at + 1][1]};
}

// Sorted numbers as runs of consecutive ones, each said against the lowest
// and highest number listed anywhere (`domain`): `all` from the lowest to
// the highest, `up` to the highest, `down` from the lowest, else `range`
// (or `one` for a single value).
function runs(numbers, [lowest, highest]) {
  const found = [];
  for (const n of numbers) {
    const last = found.at(-1);
    if (last && n === last.high + 1) last.high = n;
    else found.push({low: n, high: n});
  }
  return found.map(run => ({...run, form: run.low === lowest && run.high === highest ? 'all'
    : run.low === run.high ? 'one' : run.high === highest ? 'up' : run.low === lowest ? 'down' : 'range'}));
}

/** The legal `actions` by kind (type), in the order listed: {type, count,
 * colours: [{colour, runs: [{low, high, form}]}] in `colours` order (a value
 * that is no number, a wager, a run of its own, form `one`), every: true
 * when each colour has every value, others: the actions with no card}. */
export function alternatives(actions, colours) {
  const domains = {};
  for (const card of actions.map(cardOf)) {
    if (card && typeof card.value === 'number') (domains[card.count] ||= new Set()).add(card.value);
  }
  const kinds = new Map();
  for (const action of actions) {
    const kind = kinds.get(action.type) || {type: action.type, count: null, cards: new Map(), others: []};
    kinds.set(action.type, kind);
    const card = cardOf(action);
    if (!card) {
      kind.others.push(action);
      continue;
    }
    kind.count = card.count;
    const values = kind.cards.get(card.colour) || new Set();
    kind.cards.set(card.colour, values.add(card.value));
  }
  return [...kinds.values()].map(({type, count, cards, others}) => {
    const domain = count ? [...domains[count] || []].sort((a, b) => a - b) : [];
    const order = colour => (colours.includes(colour) ? colours.indexOf(colour) : colours.length);
    const grouped = [...cards].sort(([a], [b]) => order(a) - order(b)).map(([colour, values]) => {
      const words = [...values].filter(value => typeof value !== 'number').map(value => ({low: value, high: value, form: 'one'}));
      const numbers = [...values].filter(value => typeof value === 'number').sort((a, b) => a - b);
      return {colour, runs: [...words, ...runs(numbers, [domain[0], domain.at(-1)])]};
    });
    const every = grouped.length === colours.length && !others.length
      && grouped.every(group => group.runs.length === 1 && group.runs[0].form === 'all');
    return {type, count, colours: grouped, every, others};
  });
}
