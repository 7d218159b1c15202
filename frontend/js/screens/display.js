// The table display: a landscape view for a tablet or a TV in the middle of
// the table. The board large, the scores, whose turn it is and the last turns
// in words; no composer. It follows the game live and opens from the
// spectator link (#g=…&t=<read-only token>&s=1&v=display). In landscape it
// fits its screen with nothing to scroll (see fit()).
import {h, fill} from '../ui.js';
import {t} from '../i18n.js';
import {api, ifMatch, ApiError} from '../api.js';
import {get, put} from '../db.js';
import {follow} from '../live.js';
import {applyNews} from '../news.js';
import {drawerOf} from '../draw/drawers.js';
import {rulesets} from '../rulesets.js';
import {turn as turnText} from '../words.js';
import {scoreStrip, turnLine, coloursOf} from './table/strip.js';
import {namesOf} from './table/state.js';
import {notHere} from './nothere.js';

/** Show the display of one game; returns the function that leaves it. */
export async function show(main, id) {
  const mine = await get('games', id);
  if (!mine) {
    notHere(main);
    return null;
  }
  const root = h('div', {id: 'display-screen', class: 'table-display'});
  main.append(root);
  document.body.classList.add('display');
  const screen = {
    root,
    // What the parts of the table screen read (strip.js): plain data.
    view: {id, mine, game: null, ruleset: null /* the game as its package declares it (GET /rulesets) */},
    drawer: null,
    perLine: undefined, // the fields to a line of a snake board that make it largest (fit())
    cached: false, // the game as this device last saw it, no network
    queue: Promise.resolve(),
  };
  await load(screen);
  return follows(screen);
}

// Follow the game live, the network and the window; answers the function that leaves.
function follows(screen) {
  const {view} = screen;
  // A TV left on the table should not go dark in the middle of the game.
  let lock = null;
  if (navigator.wakeLock) navigator.wakeLock.request('screen').then(l => { lock = l; }).catch(() => {});
  const stop = follow(view.id, view.mine.token, event => inTurn(screen, () => hear(screen, event.game || event.data)),
    {version: view.game.version});
  const refresh = () => inTurn(screen, () => load(screen));
  addEventListener('online', refresh);
  // A window resized (a tablet turned) is laid out again.
  const resized = () => inTurn(screen, async () => view.game && draw(screen));
  addEventListener('resize', resized);
  return () => {
    stop();
    removeEventListener('online', refresh);
    removeEventListener('resize', resized);
    document.body.classList.remove('display');
    if (lock) lock.release().catch(() => {});
  };
}

// One after another, so that news is applied to the game it follows.
function inTurn(screen, run) {
  screen.queue = screen.queue.then(run, run).catch(() => {});
  return screen.queue;
}

async function load(screen) {
  const {view} = screen;
  let data;
  try {
    // The version shown, so that an unchanged game is a 304 with no body.
    const headers = view.game && !screen.cached ? {'If-None-Match': ifMatch(view.game.version)} : {};
    const answer = await api(`/games/${view.id}`, {token: view.mine.token, headers});
    data = answer.status === 304 ? view.game : answer.data;
    screen.cached = false;
  } catch (error) {
    if (error instanceof ApiError || !view.mine.seen) throw error;
    data = view.mine.seen.data;
    screen.cached = true;
  }
  await take(screen, data);
}

// News of the game (live.js): applied when it makes the version after the
// one shown, ignored when shown already, else the whole game is fetched.
// A whole game (polling) is taken as it is. News comes from the server:
// a game shown as last seen offline is back online with it.
function hear(screen, news) {
  const {view} = screen;
  if (view.game && news && news.version <= view.game.version) return null;
  const game = news && news.record ? news : applyNews(view.game, news);
  if (!game) return load(screen);
  screen.cached = false;
  return take(screen, game);
}

async function take(screen, data) {
  const {view} = screen;
  if (view.game && view.game.version === data.version) return;
  view.game = data;
  if (!screen.cached) await put('games', {...view.mine, seen: {data}});
  view.ruleset ??= (await rulesets())[data.record.game];
  screen.drawer ??= await drawerOf(view.ruleset);
  draw(screen);
}

function draw(screen) {
  const {root, view, drawer} = screen;
  // The landscape layout fits the screen (the stylesheet sets --fit there);
  // upright, the page scrolls and a snake board keeps a phone's lines.
  const fitting = Boolean(getComputedStyle(root).getPropertyValue('--fit'));
  if (!fitting) screen.perLine = undefined;
  const game = view.game;
  root.dataset.version = game.version;
  const current = game.decision && game.decision.player;
  // The board's picture beside the scores; the lines that go with it (its
  // legend, the deck) in the column of words.
  const facts = drawer.board(game, namesOf(game), {ruleset: view.ruleset, colours: coloursOf(view), perLine: screen.perLine});
  const picture = facts.querySelector('svg.board');
  picture.remove();
  facts.className = 'display-facts';
  fill(root,
    h('section', {class: 'display-board', 'aria-label': t('table.board')},
      picture,
      // What else the game's drawer shows the table (Celtica: the amulets, which decide its ranks).
      drawer.besideBoard ? drawer.besideBoard(game, namesOf(game), view.ruleset) : null),
    h('section', {class: 'display-side', 'aria-labelledby': 'display-title'},
      h('h1', {id: 'display-title'}, t(`game.${game.record.game}`)),
      scoreStrip(view, current),
      turnLine(view, current),
      facts,
      h('h2', {}, t('display.last')),
      lastTurns(game, view.ruleset),
      h('p', {class: 'row leave'}, h('a', {class: 'button quiet', href: `#/game/${view.id}`}, t('display.leave')))));
  if (fitting) fit(screen);
  root.dataset.drawn = Number(root.dataset.drawn || 0) + 1;
}

// The last round in words: what everyone did since the newest turn's player last played.
function lastTurns(game, ruleset) {
  const last = game.record.turns.slice(-game.record.players.length).reverse();
  if (!last.length) return h('p', {id: 'last-turn', 'aria-live': 'polite'}, t('table.log_empty'));
  return h('ol', {id: 'last-turns', class: 'last-turns', reversed: true, start: game.record.turns.length},
    last.map((turn, i) => h('li', {id: i ? null : 'last-turn', 'aria-live': i ? null : 'polite'},
      turnText(ruleset, turn, namesOf(game)))));
}

// In the landscape layout the screen is the limit: a snake board lies with
// the fields to a line that draw it largest in the room beside the words,
// and is drawn that large; Celtica's amulets take the room's width under
// it, in as few rows as may be; then the words fit their column (fitWords).
function fit(screen) {
  const [board, side] = screen.root.children;
  const room = roomFor(screen.root, board, side);
  const scale = ({width, height}) => Math.min(room.width / width, room.height / height);
  const drawn = () => board.querySelector('svg.board');
  const best = largest(screen, scale);
  if (best.n !== screen.perLine && scale(shape(best.svg)) > scale(shape(drawn()))) {
    screen.perLine = best.n;
    drawn().replaceWith(best.svg);
  }
  const size = shape(drawn()), by = scale(size);
  drawn().style.width = `${Math.floor(size.width * by)}px`;
  drawn().style.height = `${Math.floor(size.height * by)}px`;
  fitWords(side);
}

// The words fill their column: with room to spare (beside Keltis' upright
// board on a TV) they grow, up to half again. Where they overflow, the older
// turns go first, then the words close up a little (to 85 %), and the
// board's legend (what its marks mean, which no one can ask a TV) goes only
// when even that does not fit.
function fitWords(side) {
  const overflowing = () => side.scrollHeight > side.clientHeight;
  const sized = size => { side.style.fontSize = `${size}%`; return size; };
  if (!overflowing()) {
    let size = 100;
    while (!overflowing() && size < 150) size = sized(size + 10);
    if (overflowing()) sized(size - 10);
    return;
  }
  const turns = side.querySelector('#last-turns');
  while (turns && turns.children.length > 1 && overflowing()) turns.lastElementChild.remove();
  for (let size = 95; overflowing() && size >= 85; size -= 5) sized(size);
  const legend = side.querySelector('.display-facts .hint');
  if (legend && overflowing()) legend.remove();
}

const shape = svg => svg.viewBox.baseVal;

// The room the board has: the screen's width less the words' column, its
// height less what stands under the board (Celtica's amulets, as wide as the room).
function roomFor(root, board, side) {
  const width = root.clientWidth - parseFloat(getComputedStyle(side).minWidth) - parseFloat(getComputedStyle(root).columnGap);
  const amulets = board.querySelector('#display-amulets');
  if (amulets) amulets.style.width = `${width}px`;
  const picture = board.querySelector('svg.board');
  return {width, height: root.clientHeight - (board.getBoundingClientRect().height - picture.getBoundingClientRect().height)};
}

// The board drawn with the fields to a line that `scale` makes largest.
function largest({view, drawer}, scale) {
  const names = namesOf(view.game), colours = coloursOf(view);
  return [5, 6, 7, 8, 9, 10, 12].map(n => ({n, svg: drawer.board(view.game, names, {ruleset: view.ruleset, colours, perLine: n}).querySelector('svg.board')}))
    .reduce((a, b) => (scale(shape(b.svg)) > scale(shape(a.svg)) ? b : a));
}
