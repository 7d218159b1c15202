// Inviting the table: the join links (players, spectators) as QR codes and
// links to copy or share; a game that lives on this phone is first shared
// with a server, and then invited to as any other.
import {h, fill} from '../../ui.js';
import {t} from '../../i18n.js';
import {api, problemText} from '../../api.js';
import {server} from '../../local.js';
import {share} from '../../share.js';
import {go} from '../../go.js';
import {coloursOf} from './strip.js';

/** The button that sends a game of this phone to the server (POST /games
 * replays and checks its turns); the server's game then takes its place,
 * with its invite open. Where no Brehon server answers, `box` says so. */
export function shareButton(table, box) {
  const say = text => fill(box, h('p', {class: 'problem', role: 'alert', id: 'share-problem'}, text));
  return h('button', {id: 'share', onclick: async event => {
    event.target.disabled = true;
    fill(box, h('p', {role: 'status'}, t('local.sharing')));
    const here = await server();
    try {
      if (here !== 'yes') say(t(here === 'none' ? 'local.needs_server' : 'error.network'));
      else go('game', await share(table.id), 'invite');
    } catch (error) {
      say(problemText(error));
    } finally {
      event.target.disabled = false;
    }
  }}, t('table.share'));
}

/** Fill the invite panel of the table. The links use an address the phones
 * can reach (GET /api/v1/server), never a loopback one; where the server
 * listens only on this computer, the panel says so and how to open it. */
export async function showInvite(table, box) {
  let server;
  try {
    ({data: server} = await api('/server'));
  } catch (error) {
    fill(box, h('p', {class: 'problem', role: 'alert'}, problemText(error)));
    return;
  }
  if (server.loopback_only) {
    fill(box, h('h2', {}, t('table.invite')), h('p', {id: 'loopback', class: 'panel'}, t('join.loopback')));
    return;
  }
  const base = server.addresses[0];
  // The seat colours travel with the link: the record has no place for them.
  const seats = coloursOf(table);
  const colours = table.game.record.players.map(p => seats[p.id]).join(',');
  const link = (token, spectator) => `${base}#g=${encodeURIComponent(table.id)}&t=${encodeURIComponent(token)}`
    + `${spectator ? '&s=1' : ''}&c=${colours}`;
  const links = [[t('join.table'), link(table.token, false), 'qr-table']];
  if (table.mine.spectator_token) {
    links.push([t('join.spectator'), link(table.mine.spectator_token, true), 'qr-view'],
      [t('join.display'), `${link(table.mine.spectator_token, true)}&v=display`, 'qr-display']);
  }
  // The codes first, then the panel whole: a code arriving later would push
  // the buttons and their message out of view just as they are tapped.
  const codes = await Promise.all(links.map(([, url]) => qrCode(url)));
  fill(box, h('h2', {}, t('table.invite')), links.map(([label, url, qrId], i) => h('div', {class: 'panel'},
    h('h3', {}, label),
    h('div', {class: 'qr', id: qrId}, codes[i]),
    h('label', {for: `${qrId}-link`}, t('join.link')),
    h('input', {id: `${qrId}-link`, readonly: true, value: url, onfocus: e => e.target.select()}),
    h('div', {class: 'row'},
      h('button', {onclick: () => copyLink(document.getElementById(`${qrId}-link`), document.getElementById(`${qrId}-copied`))},
        t('join.copy')),
      navigator.share ? h('button', {onclick: () => navigator.share({title: 'Brehon', url}).catch(() => {})}, t('join.share')) : null),
    // Beside the button: the table's message box is out of view down here.
    h('p', {id: `${qrId}-copied`, class: 'copied', role: 'status'}))));
}

/** The QR code of a link as an SVG element, or null (the link alone is enough to join). */
async function qrCode(url) {
  try {
    const res = await fetch('/api/v1/qr', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({text: url})});
    const doc = new DOMParser().parseFromString(await res.text(), 'image/svg+xml').documentElement;
    doc.setAttribute('role', 'img');
    doc.setAttribute('aria-label', t('join.qr'));
    return document.importNode(doc, true);
  } catch {
    return null;
  }
}

/** Copy the link of ``input`` and say so in ``status``. Over plain HTTP (a
 * server on the LAN) the browser has no clipboard API, but still copies a
 * selection on a tap (execCommand, the one way left there); where even that
 * fails, the link stays selected for the phone's own Copy. */
async function copyLink(input, status) {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(input.value);
      status.textContent = t('join.copied');
      return;
    } catch {
      // Refused (no permission): the selection below may still copy.
    }
  }
  input.focus();
  input.select();
  status.textContent = document.execCommand('copy') ? t('join.copied') : t('join.copy_by_hand');
}
