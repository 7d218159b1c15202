// Home: continue a game of this device, start one, join one, quick tally, boards.
import {h} from '../ui.js';
import {t} from '../i18n.js';
import {all, remove} from '../db.js';
import {go} from '../router.js';

/** Draw the home screen. */
export async function show(main) {
  const games = (await all('games')).sort((a, b) => (b.joined || 0) - (a.joined || 0));
  const link = h('input', {id: 'join-link', type: 'url', autocomplete: 'off', placeholder: 'https://…#g=…&t=…'});
  const joinProblem = h('p', {class: 'problem', role: 'alert'});
  main.append(
    h('h1', {}, t('home.title')),
    h('nav', {class: 'menu', 'aria-label': t('home.title')},
      h('button', {class: 'primary', onclick: () => go('new')}, t('home.new')),
      h('button', {onclick: () => go('tally')}, t('home.tally')),
      h('button', {onclick: () => go('boards')}, t('home.boards'))),
    h('h2', {}, t('home.mine')),
    games.length
      ? h('ul', {class: 'stack', id: 'my-games'}, games.map(game => h('li', {class: 'row'},
        h('a', {class: 'button', href: `#/game/${encodeURIComponent(game.id)}`},
          `${game.title || t(`game.${game.game}`)}${game.names ? ': ' + game.names.join(', ') : ''}`),
        game.spectator ? h('span', {class: 'hint'}, t('home.spectating')) : null,
        h('button', {class: 'quiet', 'aria-label': t('home.forget', {id: game.id}),
          onclick: async () => { await remove('games', game.id); go(''); }}, '×'))))
      : h('p', {class: 'hint'}, t('home.none')),
    h('h2', {}, t('home.join')),
    h('form', {class: 'row', onsubmit: event => {
      event.preventDefault();
      const hash = link.value.includes('#') ? link.value.slice(link.value.indexOf('#')) : '';
      if (!/[#&]g=/.test(hash) || !/[#&]t=/.test(hash)) {
        joinProblem.textContent = t('home.join_bad');
        return;
      }
      location.hash = hash.slice(1);
    }},
    h('label', {for: 'join-link', class: 'sr'}, t('home.join_label')),
    link, h('button', {type: 'submit'}, t('home.join_go'))),
    h('p', {class: 'hint'}, t('home.join_hint')),
    joinProblem,
  );
}
