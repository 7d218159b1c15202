// Every call about a game goes through api(): to the server (remote.js), or
// for a game that lives on this phone to the phone's store (local.js).
import {t} from './i18n.js';
import {ApiError, idempotencyKey, remote} from './remote.js';

export {ApiError, idempotencyKey};

/** Whether a game id names a game that lives on this phone (local.js):
 * its id is made so. */
export const isLocal = id => typeof id === 'string' && id.startsWith('local-');

/** Call the API. Resolves {status, data, etag, response}; throws ApiError
 * for an error status and TypeError when the network is down. */
export async function api(path, how = {}) {
  // A game that lives on this phone is answered by its referee (local.js),
  // loaded only when such a game is opened.
  if (isLocal(path.split('/')[2])) {
    const {method, body, headers, accept} = how;
    return (await import('./local.js')).answer(path, {method, body, headers, accept});
  }
  return remote(path, how);
}

/** The If-Match (or If-None-Match) value for a version: the one strong
 * ETag the server takes as a version, built from the number, not from an
 * ETag kept from some earlier answer. */
export function ifMatch(version) {
  return `"${version}"`;
}

/** What went wrong, in words: a refusal's first rule with its message, the
 * server's problem detail, or (no answer at all) the network. */
export function problemText(error) {
  if (!(error instanceof ApiError)) return t('error.network');
  const v = error.violations[0];
  return v ? `${v.message} (${v.rule})` : error.message;
}
