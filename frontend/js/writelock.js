// One writer at a time, across every tab of this browser, for the games that
// live on this phone (local.js): each tab has its own JavaScript, but they
// share one IndexedDB, so two tabs writing a turn on the same version would
// both read it, both be answered 201, and the later write would lay its log
// over the earlier's. Web Locks (a kept platform API) hands the lock to one
// tab at a time, in order; the other waits, then reads the game as the first
// left it, and a turn composed on the old version gets its 412.
//
// Browsers offer Web Locks only in a secure context (HTTPS or localhost). On
// a plain-HTTP page the calls are one at a time within the tab only; there
// local.js's write puts the game back only if its version is still the one
// it read, in the same IndexedDB transaction (db.js changeIf), else answers
// again on the game as the other tab left it.
const NAME = 'brehon-local-games';
let queue = Promise.resolve();

/** Run ``work`` (a function answering a promise) once no other writer, in
 * this tab or another, is running; answers what it answers. */
export function oneWriter(work) {
  if (navigator.locks) return navigator.locks.request(NAME, () => work());
  queue = queue.then(work, work);
  return queue;
}
