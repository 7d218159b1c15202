// The turns queued on this phone with no network, above the composer.
import {h} from '../../ui.js';
import {t} from '../../i18n.js';
import * as words from '../../words.js';
import {namesOf} from './state.js';

/** The queued turns above the composer, each marked as not yet sent; one
 * tap away, so that the question stays in view after a long evening. */
export function queuedPart(table) {
  if (!table.waiting.length) return null;
  return h('details', {class: 'queued'},
    h('summary', {id: 'queued-title'}, t('queue.title', {n: table.waiting.length})),
    h('ol', {id: 'queued', 'aria-labelledby': 'queued-title'}, table.waiting.map(item => h('li', {},
      words.turn(table.ruleset, item.turn, namesOf(table.game)),
      h('span', {class: 'hint'}, ` (${t('queue.not_sent')})`)))));
}
