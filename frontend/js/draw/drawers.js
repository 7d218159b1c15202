// Which module draws which game (loaded when a game of that kind is shown).
const DRAWERS = {
  keltis: () => import('./keltis.js'),
  'keltis-orakel': () => import('./orakel.js'),
  celtica: () => import('./celtica.js'),
};

/** The drawing module of a game kind: {board(game, names, options), cards(game, names)}. */
export const drawerOf = game => DRAWERS[game]();
