// Which module draws a game: the one its package names (GET /rulesets'
// `drawer`), loaded when a game of that kind is shown.

/** The drawing module of a game (`ruleset` its GET /rulesets entry):
 * {board(game, names, options), cards(game, names, ruleset)}. */
export const drawerOf = ruleset => import(`./${ruleset.drawer}.js`);
