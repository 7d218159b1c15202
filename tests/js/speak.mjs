// The app's words in Node. i18n.js fetches /i18n/<lang>.json from the server
// that serves frontend/ and marks the page's language; here the same files
// come from disk and the page is a stand-in, so the real loadLanguage runs.
import {readFile} from 'node:fs/promises';
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {loadLanguage} from '../../frontend/js/i18n.js';

const FRONTEND = new URL('../../frontend/', import.meta.url);

globalThis.fetch = async path => {
  const text = await readFile(new URL(`.${path}`, FRONTEND), 'utf8');
  return {json: async () => JSON.parse(text)};
};
globalThis.document = {documentElement: {lang: ''}};

/** Load the app's words of `lang` ('en', 'de', 'es'), as the app does. */
export async function speak(lang) {
  await loadLanguage(lang);
  assertLoaded(lang);
}

function assertLoaded(lang) {
  if (document.documentElement.lang !== lang) throw new Error(`the ${lang} words did not load`);
}

/** Every game as GET /api/v1/rulesets answers it in `lang`, by game id: the
 * engine's own answer (api/rulesets.py), asked of the project's Python. */
export function rulesetsIn(lang) {
  const root = new URL('../../', import.meta.url);
  const python = process.env.PYTHON || fileURLToPath(new URL('.venv/bin/python', root));
  const said = execFileSync(python, ['-c', `import json; from api.rulesets import described; print(json.dumps(described(${JSON.stringify(lang)})))`],
    {cwd: fileURLToPath(root), encoding: 'utf8'});
  return Object.fromEntries(JSON.parse(said).map(ruleset => [ruleset.game, ruleset]));
}
