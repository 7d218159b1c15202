// "Share with the table": a game of this phone handed to the server. Apart
// from local.js because it waits for the outbox, whose sends go through
// api.js and so through local.js.
import {get, put, changeIf, remove} from './db.js';
import {remote, idempotencyKey} from './remote.js';
import {t} from './i18n.js';
import {oneWriter} from './writelock.js';
import {flush, pending} from './outbox.js';
import {mine, problem, unchanged} from './local.js';

/** Send a game of this phone to the server (POST /games replays and checks
 * its turns) and keep the server's game in its place; answers its id. The
 * key is kept until the game changes, so a share whose answer was lost
 * gets the same game again. The turns logged before it go with it: it
 * waits for the outbox. The local copy goes only while it is still the
 * record the server took (moved); a turn confirmed while the record was on
 * its way is shared again with it (the first server game is left to nobody). */
export async function share(id) {
  for (;;) {
    await sent(id);
    const stored = await mine(id);
    const version = stored.entries.length;
    const key = stored.shareKey || idempotencyKey();
    if (!(await changeIf('local', id, unchanged(version), {...stored, shareKey: key}))) continue;
    const {data} = await remote('/games', {method: 'POST', body: stored.record, headers: {'Idempotency-Key': key}});
    if (await moved(id, version, data)) return data.id;
  }
}

// The server's game in the place of the phone's, if the phone's is still at
// ``version`` with no turn of it in the outbox: the phone's copy is deleted
// in the transaction that checks it. In this order a stop half-way leaves
// both games on the phone, never neither.
function moved(id, version, data) {
  return oneWriter(async () => {
    if ((await pending(id)).length) return false;
    const {seen, ...kept} = await get('games', id); // the game as last drawn is the server's to tell now
    await put('games', {...kept, id: data.id, token: data.token, spectator_token: data.spectator_token});
    if (!(await changeIf('local', id, unchanged(version), null))) {
      await remove('games', data.id);
      return false;
    }
    await remove('games', id);
    return true;
  });
}

// The game's turns in the outbox all answered; a problem where some wait
// for the person (turned down) or for the referee: they would be left behind.
async function sent(id) {
  await flush();
  if ((await pending(id)).length) throw problem(409, t('local.share_waits'), 'Conflict');
}

