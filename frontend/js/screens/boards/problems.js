// A board check's answer for the boards screen's two editors: its problems
// in words, the input each names, and the checks themselves.
import {t, language} from '../../i18n.js';
import {api, ApiError} from '../../api.js';
import {server} from '../../local.js';
import {checkBoard} from '../../referee.js';

// How long typing pauses before the profile is checked with the server.
export const CHECK_DELAY_MS = 400;
// The inputs of the profile's own (not per-field) entries, by JSON key.
export const TOP_INPUTS = {name: 'board-name', oracle_from: 'oracle-from', wishing_stone_table: 'wish-table',
  green_numbers: 'green-numbers'};

// What the inputs are called, by the JSON key of the profile they hold.
const LABELS = {name: 'boards.name', oracle_from: 'boards.oracle_from', wishing_stone_table: 'boards.wish_table',
  green_numbers: 'boards.green_numbers', fields: 'boards.fields', locations: 'boards.locations',
  kind: 'boards.kind', color: 'boards.color', value: 'boards.value', stones: 'boards.stones', parts: 'boards.parts'};

/** A board problem in words: the JSON pointer in its message becomes the
 * name of the input ("/board/fields/3/color" is "Colour of field 3"). */
export function inWords(v) {
  const pointer = v.details.pointer;
  if (!pointer) return v.message;
  const [, , key, index, member = 'kind'] = pointer.split('/');
  return v.message.replace(pointer, t(LABELS[index === undefined ? key : member], {n: index}));
}

/** The field a board problem names by its pointer ("/board/fields/3/color" is 3), else null. */
export function fieldOf(violation) {
  const match = /^\/board\/fields\/(\d+)(\/|$)/.exec(violation.details.pointer || '');
  return match ? Number(match[1]) : null;
}

/** The board checks of POST /boards/check; where no Brehon server answers
 * (offline, or a static host), the phone's referee's, which are the same
 * (scoring/answers.py). Null when neither can say (saving checks again). */
export async function boardCheck(game, board) {
  try {
    return (await api('/boards/check', {method: 'POST', body: {game, board}})).data;
  } catch (error) {
    if (error instanceof ApiError && (await server()) === 'yes') return null; // the server's own refusal (a body too large)
    try {
      const answer = await checkBoard({game, board}, language());
      return 'status' in answer ? null : answer;
    } catch {
      return null; // no referee on this phone
    }
  }
}
