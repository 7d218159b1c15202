// What another phone logged since a version, in words: the log's part, the
// composer's news and the stopped queue say it alike.
import * as words from '../../words.js';
import {entries} from '../../history.js';
import {namesOf} from './state.js';

/** What the log holds after `version`, in words that name each turn by
 * its number: what another phone logged meanwhile. */
export function meanwhile(table, version) {
  const game = table.seen;
  return entries(game).filter(entry => entry.index >= version)
    .map(entry => words.loggedElsewhere(table.ruleset, entry, namesOf(table.game)));
}
