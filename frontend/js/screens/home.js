// Home: what Brehon is, this device's games, start one, open a game record,
// join one (scan the QR code or paste the link), quick tally, boards.
import {h, fill, append} from '../ui.js';
import {t, language} from '../i18n.js';
import {ApiError, api, problemText, idempotencyKey, isLocal} from '../api.js';
import {all, put, remove} from '../db.js';
import {go} from '../go.js';
import {rulesets} from '../rulesets.js';
import {qrReader} from '../qr.js';
import {onReferee, refereeState} from '../referee.js';
import {action as saidAction} from '../words.js';

/** Draw the home screen. */
export async function show(main) {
  const games = (await all('games')).sort((a, b) => b.joined - a.joined);
  const known = Object.keys(await rulesets()).map(game => t(`game.${game}`));
  const list = new Intl.ListFormat(language(), {type: 'conjunction'});
  const link = h('input', {id: 'join-link', type: 'url', autocomplete: 'off', placeholder: 'https://…#g=…&t=…'});
  const joinProblem = h('p', {class: 'problem', role: 'alert'});
  const recordProblem = h('p', {class: 'problem', role: 'alert'});
  const scanner = h('div', {id: 'scanner'});
  const version = h('p', {class: 'hint', id: 'version'});
  const referee = h('p', {class: 'hint', id: 'referee', role: 'status'});
  const scanning = Boolean(navigator.mediaDevices && navigator.mediaDevices.getUserMedia); // a camera (on HTTPS or localhost)
  const record = h('input', {id: 'record-file', type: 'file', accept: 'application/json,.json',
    onchange: () => openRecord(record.files[0], recordProblem)});
  append(main, [
    h('h1', {}, t('home.title')),
    h('p', {id: 'about', class: 'lead'}, t('home.about', {games: list.format(known)})),
    h('nav', {class: 'menu', 'aria-label': t('home.title')},
      h('button', {class: 'primary', onclick: () => go('new')}, t('home.new')),
      h('button', {onclick: () => go('tally')}, t('home.tally')),
      h('button', {onclick: () => go('boards')}, t('home.boards'))),
    h('h2', {}, t('home.mine')),
    games.length
      ? h('ul', {class: 'stack games', id: 'my-games'}, games.map(game => h('li', {class: 'row'},
        h('a', {class: 'button game-line', href: `#/game/${encodeURIComponent(game.id)}`}, gameLine(game, list)),
        h('button', {class: 'quiet', 'aria-label': t('home.forget', {id: game.id}),
          onclick: async () => { await remove('games', game.id); go(''); }}, '×'))))
      : h('p', {class: 'hint'}, t('home.none')),
    h('h2', {}, t('home.join')),
    scanning
      ? h('p', {}, h('button', {id: 'scan', onclick: event => scan(event.target, scanner, joinProblem)}, t('home.scan'))) : null,
    scanner,
    h('form', {class: 'row', onsubmit: event => {
      event.preventDefault();
      if (!joinBy(link.value)) joinProblem.textContent = t('home.join_bad');
    }},
    h('label', {for: 'join-link', class: 'sr'}, t('home.join_label')),
    link, h('button', {type: 'submit'}, t('home.join_go'))),
    // With no camera, over plain HTTP (the usual reason) the hint says why.
    h('p', {class: 'hint', id: 'join-hint'},
      t(scanning ? 'home.join_hint' : isSecureContext ? 'home.join_paste' : 'home.join_http')),
    joinProblem,
    h('h2', {}, t('home.record')),
    h('label', {for: 'record-file'}, t('home.record_pick')), record,
    h('p', {class: 'hint'}, t('home.record_hint')),
    recordProblem,
    referee,
    version,
  ]);
  // Where turns are checked, in one line: the referee loads in the background.
  const sayReferee = state => {
    if (!referee.isConnected) return stop();
    referee.textContent = state === 'ready' || state === 'unavailable' ? t(`referee.${state}`) : t('referee.loading');
  };
  const stop = onReferee(sayReferee);
  sayReferee(refereeState().state);
  // The server's version, in one line at the foot (none offline); where
  // something other than a Brehon server answers (a static host), that
  // games are played on this phone and sharing needs a Brehon server.
  api('/server').then(({data}) => {
    version.textContent = data && data.version ? t('home.version', {version: data.version}) : t('home.no_server');
  }, error => {
    if (error.status) version.textContent = t('home.no_server');
  });
}

// One line per game: the game, the players, the date, the status, the leader.
function gameLine(game, list) {
  const date = new Intl.DateTimeFormat(language(), {dateStyle: 'medium'}).format(game.joined);
  const status = !game.status ? null : game.status === 'finished'
    ? t('home.won', {players: list.format(game.leaders), n: game.leaders.length})
    : t('home.leads', {players: list.format(game.leaders), n: game.leaders.length});
  return [h('strong', {}, t(`game.${game.game}`)),
    game.names ? h('span', {}, game.names.join(', ')) : null,
    h('span', {class: 'hint'}, [date, status, game.spectator ? t('home.spectating') : null,
      isLocal(game.id) ? t('home.on_phone') : null].filter(Boolean).join(' · '))];
}

// A join link, pasted or scanned: its fragment carries the game.
function joinBy(text) {
  const hash = text.includes('#') ? text.slice(text.indexOf('#')) : '';
  if (!/[#&]g=/.test(hash) || !/[#&]t=/.test(hash)) return false;
  location.hash = hash.slice(1);
  return true;
}

// The camera reads the table's QR code (see qr.js); the first code that is
// a join link opens the game. The scan button hides while the camera runs.
async function scan(button, box, problem) {
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({video: {facingMode: 'environment'}});
  } catch {
    problem.textContent = t('home.no_camera');
    return;
  }
  const video = h('video', {playsinline: true, muted: true, 'aria-label': t('home.scan')});
  const stop = () => {
    stream.getTracks().forEach(track => track.stop());
    fill(box);
    button.hidden = false;
  };
  button.hidden = true;
  fill(box, video, h('button', {class: 'quiet', onclick: stop}, t('home.scan_stop')));
  video.srcObject = stream;
  await video.play();
  const read = await qrReader();
  const look = async () => {
    if (!video.isConnected) return stop(); // the screen was left: the camera goes off
    const found = (await read(video)).find(joinBy);
    if (found) stop();
    else requestAnimationFrame(look);
  };
  look();
}

// A game record (the .json export of any Brehon, finished or not) becomes a
// game on this server, kept on this device; with no server, on this phone.
async function openRecord(file, problem) {
  problem.textContent = '';
  let body;
  try {
    body = recordIn(JSON.parse(await file.text()));
  } catch {
    problem.textContent = t('home.record_bad');
    return;
  }
  try {
    // Where no Brehon server answers (a static host), it is played on this phone.
    const local = await import('../local.js');
    const {data} = (await local.server()) === 'none' ? {data: await local.createLocal(body)}
      : await api('/games', {method: 'POST', body, headers: {'Idempotency-Key': idempotencyKey()}});
    await put('games', {id: data.id, token: data.token, spectator_token: data.spectator_token, joined: Date.now()});
    go('game', data.id);
  } catch (error) {
    problem.textContent = refusalText(error, body, (await rulesets())[body.game]);
    problem.scrollIntoView({block: 'nearest'}); // the file picker leaves the page where it was
  }
}

// The record in a file as `brehon replay` finds it (scoring/answers.py): the
// object itself, or the record it holds under a key ({"record": ..., "sheet":
// ...}, as an example file keeps one with its expected answer).
function recordIn(data) {
  const isRecord = value => value !== null && typeof value === 'object' && value.format === 'brehon/1';
  if (isRecord(data) || data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  return Object.values(data).find(isRecord) ?? data;
}

// A refusal of a record, saying where in it: the turn (numbered from 1, with
// its player) and the action (numbered, in words of its game's `ruleset`), as the violation places them.
function refusalText(error, record, ruleset) {
  const found = error instanceof ApiError && error.violations[0];
  const turn = found && Number.isInteger(found.turn) && record.turns?.[found.turn];
  if (!turn) return problemText(error);
  const names = Object.fromEntries((record.players || []).map(p => [p.id, p.name || p.id]));
  const said = {turn: found.turn + 1, player: names[turn.player] || turn.player || '?'};
  const action = Number.isInteger(found.action) && turn.actions?.[found.action];
  let where = t('home.refused_turn', said);
  if (action) {
    let what;
    try {
      what = saidAction(ruleset, action);
    } catch { // an action of no known shape, or of no known game: its type is all there is to say
      what = String(action.type);
    }
    where = t('home.refused_action', {...said, action: found.action + 1, what});
  }
  return `${where}: ${problemText(error)}`;
}
