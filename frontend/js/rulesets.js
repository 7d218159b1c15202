// The games as the server describes them (GET /api/v1/rulesets): players,
// options in words, rule ids and the pieces (colours, paths, tiles, parts,
// board kinds). The app keeps no copy of these; the last answer is kept on
// this device, per language, for when the network is gone. A static build
// (brehon static) has no API: it holds the same answers as files.
import {api} from './api.js';
import {getPref, setPref} from './db.js';
import {LANGUAGES, language, learn} from './i18n.js';

let loaded = null; // {lang, byGame}

/** The rulesets by game id, in the current language. */
export async function rulesets() {
  const lang = language();
  if (loaded && loaded.lang === lang) return loaded.byGame;
  let list, said = lang;
  try {
    list = await described(lang);
    await setPref(`rulesets-${lang}`, list);
  } catch (error) {
    ({list, said} = await kept(lang) ?? {});
    if (!list) throw error;
  }
  // A game's title is its package's.
  learn(Object.fromEntries(list.map(ruleset => [`game.${ruleset.game}`, ruleset.title])));
  const byGame = Object.fromEntries(list.map(ruleset => [ruleset.game, ruleset]));
  // Words of another language are kept only until the network answers in this one.
  if (said === lang) loaded = {lang, byGame};
  return byGame;
}

/** The game a form opens on: the one the engine offers first. */
export function firstGame(rules) {
  return Object.values(rules).reduce((first, ruleset) => (ruleset.order < first.order ? ruleset : first)).game;
}

// The answer kept in this language; offline in a language this phone never
// asked in (chosen while offline), the one kept in another: its words are in
// that language, but the games' pieces, drawers and BoardGameGeek ids are the
// same in every one, so the table, the sheet and BG Stats' link still have them.
async function kept(lang) {
  for (const other of [lang, ...Object.keys(LANGUAGES).filter(l => l !== lang)]) {
    const list = await getPref(`rulesets-${other}`);
    if (list) return {list, said: other};
  }
  return null;
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
