// The only code that talks to the server's API. Tokens travel in the
// Authorization header, never in a URL. api.js sends here every call that
// is not about a game on this phone; local.js, the phone's store, shares a
// game and asks whether a server answers through it too.
import {language} from './i18n.js';

export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.title)) || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }

  /** The violations of a refusal (problem+json), if any. */
  get violations() {
    return (this.body && this.body.violations) || [];
  }
}

/** A fresh Idempotency-Key: 128 random bits in base64url (22 characters).
 * Not crypto.randomUUID: browsers offer it only on secure origins, and a
 * table served over plain HTTP logs turns too. */
export function idempotencyKey() {
  const bits = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bits)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Call the server's API. Resolves {status, data, etag, response}; throws
 * ApiError for an error status and TypeError when the network is down. */
export async function remote(path, {method = 'GET', token, body, headers = {}, accept} = {}) {
  const sent = {'Accept-Language': language(), ...headers};
  if (token) sent.Authorization = `Bearer ${token}`;
  if (accept) sent.Accept = accept;
  if (body !== undefined) sent['Content-Type'] = 'application/json';
  const response = await fetch(`/api/v1${path}`, {
    method, headers: sent, cache: 'no-store',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (accept && accept !== 'application/json' && response.ok) {
    return {status: response.status, data: await response.blob(), etag: response.headers.get('ETag'), response};
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok && response.status !== 304) throw new ApiError(response.status, data);
  return {status: response.status, data, etag: response.headers.get('ETag'), response};
}
