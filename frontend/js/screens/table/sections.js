// The board, the cards and the log as tabs below the composer: one open at
// a time, the choice remembered on this device, so the top of the screen
// stays the scores, whose turn it is and the composer.
import {h} from '../../ui.js';
import {t} from '../../i18n.js';
import {setPref} from '../../db.js';
import {openSection} from './state.js';

export const SECTIONS = ['board', 'cards', 'log'];

/** Tabs over the parts ({board, cards, log}: draw functions), table.section open; the closed ones are drawn too, hidden, so the page holds the whole game. `draw`: the screen's. */
export function sections(table, parts, draw) {
  const names = SECTIONS.filter(name => parts[name]);
  const open = names.includes(table.section) ? table.section : names[0];
  const choose = name => {
    openSection(table, name);
    setPref('table-section', name);
    draw();
    document.getElementById(`tab-${name}`).focus();
  };
  // Arrow keys move between the tabs (the WAI-ARIA tabs pattern).
  const onkeydown = event => {
    const step = {ArrowRight: 1, ArrowLeft: -1}[event.key];
    if (!step) return;
    event.preventDefault();
    choose(names[(names.indexOf(open) + step + names.length) % names.length]);
  };
  return h('div', {class: 'sections'},
    h('div', {class: 'tabs', role: 'tablist', 'aria-label': t('table.sections'), onkeydown}, names.map(name =>
      h('button', {role: 'tab', id: `tab-${name}`, 'aria-selected': String(name === open), 'aria-controls': `section-${name}`,
        tabindex: name === open ? 0 : -1, onclick: () => choose(name)}, t(`section.${name}`)))),
    names.map(name => h('section', {role: 'tabpanel', id: `section-${name}`, 'aria-labelledby': `tab-${name}`,
      hidden: name !== open, tabindex: 0}, parts[name]())));
}
