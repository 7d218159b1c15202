// The hash router: which screen a #/name/args address shows, and the join
// link. app.js calls route() whenever the address changes; screens go to
// another with go.js, never importing this module (which imports them).
import {h, fill} from './ui.js';
import {t} from './i18n.js';
import {put} from './db.js';
import {problemText} from './api.js';

const SCREENS = {
  '': () => import('./screens/home.js'),
  new: () => import('./screens/newgame.js'),
  game: () => import('./screens/table.js'),
  sheet: () => import('./screens/sheet.js'),
  summary: () => import('./screens/summary.js'),
  boards: () => import('./screens/boards.js'),
  tally: () => import('./screens/tally.js'),
  display: () => import('./screens/display.js'),
};

let leave = null;

/** Show the screen of the address bar. */
export async function route() {
  if (await joinFromFragment()) return;
  const main = document.getElementById('main');
  const [name = '', ...args] = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const load = SCREENS[name] || SCREENS[''];
  if (leave) leave();
  leave = null;
  const screen = await load();
  fill(main);
  try {
    leave = (await screen.show(main, ...args)) || null;
  } catch (error) {
    main.append(h('p', {class: 'problem', role: 'alert'}, t('error.load'), ' ', problemText(error)));
  }
  const heading = main.querySelector('h1');
  document.title = heading ? `${heading.textContent} · Brehon` : 'Brehon';
}

// A join link carries the game in the fragment: #g=<id>&t=<token>[&s=1][&v=display]
// [&c=<colour>,<colour>…] (the seat colours chosen on the new-game screen:
// the record has no place for them). It is stored on this device and
// removed from the address bar at once.
async function joinFromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.get('g') || !params.get('t')) return false;
  const id = params.get('g');
  const colours = params.get('c') ? params.get('c').split(',') : undefined;
  await put('games', {id, token: params.get('t'), spectator: params.get('s') === '1', colours, joined: Date.now()});
  // &v=display: the link of the table display (a tablet or TV for the room).
  const screen = params.get('v') === 'display' ? 'display' : 'game';
  history.replaceState(null, '', `#/${screen}/${encodeURIComponent(id)}`);
  await route();
  return true;
}
