// The message about the turn being composed or sent ("Turn logged", "No
// connection", "Someone else logged first"…). It is shown at the top of the
// composer, inside the viewport, and stays until a newer message replaces it
// or the player closes it. Two live regions made once and moved along with
// the composer: screen readers hear a status politely and a refusal at once.
import {h, fill} from '../../ui.js';
import {t} from '../../i18n.js';

/** A message box: {element, say(content, kind), clear()}. */
export function turnMessage() {
  const status = h('div', {id: 'turn-status', role: 'status'});
  const alert = h('div', {id: 'turn-alert', role: 'alert'});
  const element = h('div', {id: 'turn-message', class: 'message'}, status, alert);
  const clear = () => {
    fill(status);
    fill(alert);
    element.dataset.kind = '';
  };
  // kind: 'status' (news, good or neutral) or 'alert' (not logged, refused).
  const say = (content, kind = 'status') => {
    clear();
    element.dataset.kind = kind;
    fill(kind === 'alert' ? alert : status, h('div', {class: 'message-text'}, content),
      h('button', {class: 'quiet close', 'aria-label': t('close'), onclick: clear}, '×'));
  };
  clear();
  return {element, say, clear};
}
