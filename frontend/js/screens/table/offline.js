// The composer with no network: one field at a time, as the game's action
// schema (GET /api/v1/rulesets, kept by the service worker) allows. The turn
// is queued "not checked yet"; the server checks it when it arrives, and a
// refusal puts it back into the composer (see table.js).
import {h} from '../../ui.js';
import {t} from '../../i18n.js';
import {schemaQuestion, END} from '../../composer.js';
import * as words from '../../words.js';
import {back, logTurn} from './composer.js';

/** The offline composer panel, with the turn message at its top. */
export function offlineComposer(table) {
  const composing = table.composing;
  const gameKind = table.game.record.game;
  const q = table.schemas ? schemaQuestion(table.schemas, composing.picks) : null;
  const example = Object.fromEntries(composing.picks.map(p => [p.key, p.value]));
  return h('section', {class: 'panel', id: 'composer', 'aria-labelledby': 'composer-title'},
    h('h2', {id: 'composer-title', tabindex: -1}, t('composer.title')),
    table.message.element,
    h('p', {class: 'hint'}, t('composer.offline')),
    composing.actions.length ? h('ul', {class: 'chips', 'aria-label': t('composer.so_far')},
      composing.actions.map(a => h('li', {}, words.action(gameKind, a)))) : null,
    q ? [h('h3', {id: 'question', dataset: {key: q.key}}, words.question(gameKind, q.key, table.names()[composing.player], example)),
      h('div', {class: 'choices', role: 'group', 'aria-labelledby': 'question'}, q.values.map(value =>
        h('button', {dataset: {value: JSON.stringify(value)}, class: words.swatch(q.key, value), onclick: () => pick(table, q.key, value)},
          value === END ? t('composer.no_more') : words.answer(gameKind, q.key, value, table.names()))))]
      : h('p', {class: 'problem'}, t('error.offline_compose')),
    h('div', {class: 'row'},
      composing.picks.length || composing.actions.length
        ? h('button', {id: 'back', class: 'quiet', onclick: () => back(table)}, t('composer.back')) : null,
      composing.actions.length && !composing.picks.length
        ? h('button', {id: 'log-turn', class: 'primary', onclick: () => logTurn(table)}, t('composer.log_unchecked')) : null));
}

function pick(table, key, value) {
  const composing = table.composing;
  composing.picks.push({key, value});
  const q = schemaQuestion(table.schemas, composing.picks);
  if (q.answer) {
    composing.actions = [...composing.actions, q.answer];
    composing.checks.push({decision: null, complete: false, unchecked: true});
    composing.picks = [];
  }
  table.draw();
}
