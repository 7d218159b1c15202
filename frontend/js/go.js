// Going to a screen, for the screens: the router (router.js, which imports
// every screen) shows it when the address changes, so a screen that imports
// this does not import the router back.

/** Go to a screen: go('game', id). The same address shows its screen again. */
export function go(...parts) {
  const hash = `#/${parts.map(encodeURIComponent).join('/')}`;
  if (location.hash === hash) dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}
