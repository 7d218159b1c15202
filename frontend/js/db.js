// This device's own data, in IndexedDB: my games (id and token), the
// outbox of turns not yet answered, saved board profiles, preferences, and
// the games that live on this phone (their record and log, see local.js).
const NAME = 'brehon';
let opening = null;

function open() {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, 2);
    request.onupgradeneeded = event => {
      const db = request.result;
      if (event.oldVersion < 1) {
        db.createObjectStore('games', {keyPath: 'id'});
        db.createObjectStore('outbox', {keyPath: 'seq', autoIncrement: true});
        db.createObjectStore('boards', {keyPath: 'id'});
        db.createObjectStore('prefs');
      }
      // Apart from 'games', which screens write back whole from what they read.
      if (event.oldVersion < 2) db.createObjectStore('local', {keyPath: 'id'});
    };
    request.onsuccess = () => {
      // A newer app in another tab opens a newer version: let it, and open again when next asked.
      request.result.onversionchange = () => {
        request.result.close();
        opening = null;
      };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
  });
  return opening;
}

async function run(store, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = work(tx.objectStore(store));
    tx.oncomplete = () => resolve(request && request.result);
    tx.onerror = () => reject(tx.error);
  });
}

export const all = store => run(store, 'readonly', s => s.getAll());
export const get = (store, key) => run(store, 'readonly', s => s.get(key));
export const put = (store, value, key) =>
  run(store, 'readwrite', s => (key === undefined ? s.put(value) : s.put(value, key)));
export const remove = (store, key) => run(store, 'readwrite', s => s.delete(key));

export const getPref = key => get('prefs', key);
export const setPref = (key, value) => put('prefs', value, key);

/** Put ``value`` under ``key`` of ``store`` (null: delete it) only if
 * ``holds(what is kept there)``, looked at in the same transaction, so that
 * no other tab's write comes between the look and the change; answers
 * whether it changed. */
export async function changeIf(store, key, holds, value) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite');
    const objects = tx.objectStore(store);
    let done = false;
    objects.get(key).onsuccess = event => {
      done = holds(event.target.result);
      if (done && value === null) objects.delete(key);
      else if (done) objects.put(value);
    };
    tx.oncomplete = () => resolve(done);
    tx.onerror = () => reject(tx.error);
  });
}
