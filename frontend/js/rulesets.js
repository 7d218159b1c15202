// The games as the server describes them (GET /api/v1/rulesets): players,
// options in words, rule ids and the pieces (colours, paths, tiles, parts,
// board kinds). The app keeps no copy of these; the last answer is kept on
// this device, per language, for when the network is gone. A static build
// (brehon static) has no API: it holds the same answers as files.
import {api} from './api.js';
import {getPref, setPref} from './db.js';
import {language, learn} from './i18n.js';

let loaded = null; // {lang, byGame}

/** The rulesets by game id, in the current language. */
export async function rulesets() {
  const lang = language();
  if (loaded && loaded.lang === lang) return loaded.byGame;
  let list;
  try {
    list = await described(lang);
    await setPref(`rulesets-${lang}`, list);
  } catch (error) {
    list = await getPref(`rulesets-${lang}`);
    if (!list) throw error;
  }
  // A game the app's word files do not name is called by its package's title.
  learn(Object.fromEntries(list.map(ruleset => [`game.${ruleset.game}`, ruleset.title])));
  loaded = {lang, byGame: Object.fromEntries(list.map(ruleset => [ruleset.game, ruleset]))};
  return loaded.byGame;
}

/** The game a form opens on: the one the engine offers first. */
export function firstGame(rules) {
  return Object.values(rules).reduce((first, ruleset) => (ruleset.order < first.order ? ruleset : first)).game;
}

// The server's answer, or where no server answers, the static build's file.
async function described(lang) {
  try {
    const {data} = await api('/rulesets');
    if (Array.isArray(data)) return data;
    throw new TypeError('GET /rulesets answered no list'); // a host that answers any path with the app
  } catch (error) {
    const file = await fetch(`/rulesets/${lang}.json`).catch(() => null);
    if (file && file.ok) return file.json();
    throw error;
  }
}
