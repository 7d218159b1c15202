// The app's words in Node. i18n.js fetches /i18n/<lang>.json from the server
// that serves frontend/ and marks the page's language; here the same files
// come from disk and the page is a stand-in, so the real loadLanguage runs.
import {readFile} from 'node:fs/promises';
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
