// The page of a game this device does not hold (an address of its table,
// display, score sheet or summary, never joined here): said in its heading,
// with the way home.
import {h} from '../ui.js';
import {t} from '../i18n.js';

export function notHere(main) {
  main.append(h('h1', {}, t('table.unknown')), h('p', {}, h('a', {class: 'button', href: '#/'}, t('nav.home'))));
}
