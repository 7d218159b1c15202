// The table display: a landscape view for a tablet or a TV in the middle of
// the table. The board large, the scores, whose turn it is and the last turn
// in words; no composer. It follows the game live and opens from the
// spectator link (#g=…&t=<read-only token>&s=1&v=display).
import {h, fill} from '../ui.js';
import {t} from '../i18n.js';
import {api, ApiError} from '../api.js';
import {get, put} from '../db.js';
import {follow} from '../live.js';
import {drawerOf} from '../draw/drawers.js';
import {seatColours, turn as turnText} from '../words.js';
import {scoreStrip, turnLine} from './table/strip.js';

/** Show the display of one game; returns the function that leaves it. */
export async function show(main, id) {
  const mine = await get('games', id);
  if (!mine) {
    main.append(h('h1', {}, t('table.unknown')), h('p', {}, h('a', {href: '#/'}, t('nav.home'))));
    return null;
  }
  const root = h('div', {id: 'display-screen', class: 'table-display'});
  main.append(root);
  main.classList.add('wide');
  // The parts of the table screen read these (strip.js).
  const view = {
    id, mine, game: null,
    names: () => Object.fromEntries(view.game.record.players.map(p => [p.id, p.name])),
    colours: () => seatColours(view.game.record.players, mine.colours),
  };
  let drawer = null;
  let etag = null;

  async function load() {
    let data;
    try {
      ({data, etag} = await api(`/games/${id}`, {token: mine.token}));
      await put('games', {...mine, seen: {data, etag}});
    } catch (error) {
      // No network: the game as this device last saw it.
      if (error instanceof ApiError || !mine.seen) throw error;
      ({data, etag} = mine.seen);
    }
    if (view.game && view.game.version === data.version) return;
    view.game = data;
    drawer ??= await drawerOf(data.record.game);
    draw();
  }

  function draw() {
    root.dataset.drawn = Number(root.dataset.drawn || 0) + 1;
    const game = view.game;
    const current = game.decision && game.decision.player;
    const last = game.record.turns.at(-1);
    fill(root,
      h('section', {class: 'display-board', 'aria-label': t('table.board')},
        drawer.board(game, view.names(), {colours: view.colours()})),
      h('section', {class: 'display-side', 'aria-labelledby': 'display-title'},
        h('h1', {id: 'display-title'}, t(`game.${game.record.game}`)),
        scoreStrip(view, current),
        turnLine(view, current),
        h('h2', {}, t('display.last')),
        h('p', {id: 'last-turn', class: 'last-turn', 'aria-live': 'polite'},
          last ? turnText(game.record.game, last, view.names()) : t('table.log_empty')),
        h('p', {class: 'row'}, h('a', {class: 'button quiet', href: `#/game/${id}`}, t('display.leave')))));
  }

  await load();
  // A TV left on the table should not go dark in the middle of the game.
  let lock = null;
  if (navigator.wakeLock) navigator.wakeLock.request('screen').then(l => { lock = l; }).catch(() => {});
  const refresh = () => load().catch(() => {});
  const stop = follow(id, mine.token, refresh, {version: view.game.version, etag});
  addEventListener('online', refresh);
  return () => {
    stop();
    removeEventListener('online', refresh);
    main.classList.remove('wide');
    if (lock) lock.release().catch(() => {});
  };
}
