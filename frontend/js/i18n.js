// Every text of the app, in English, German and Spanish. The dictionaries
// live in /i18n/<lang>.json; the API's rule messages follow the same choice
// through Accept-Language.
import {getPref, setPref} from './db.js';

export const LANGUAGES = {en: 'English', de: 'Deutsch', es: 'Español'};
let current = 'en';
let words = {};
let fallback = {};

/** The language: the one chosen on this device, else the browser's. */
export async function initLanguage() {
  const chosen = await getPref('lang');
  const browser = (navigator.languages || [navigator.language || 'en'])
    .map(tag => tag.slice(0, 2).toLowerCase()).find(tag => tag in LANGUAGES);
  await loadLanguage(chosen || browser || 'en');
}

/** Switch the language (and remember the choice when asked to). */
export async function loadLanguage(lang, remember = false) {
  if (!(lang in LANGUAGES)) lang = 'en';
  if (!Object.keys(fallback).length) fallback = await fetchWords('en');
  words = lang === 'en' ? fallback : await fetchWords(lang);
  current = lang;
  document.documentElement.lang = lang;
  if (remember) await setPref('lang', lang);
}

async function fetchWords(lang) {
  const res = await fetch(`/i18n/${lang}.json`);
  return res.json();
}

export function language() {
  return current;
}

/** The text for a key, with {name} placeholders filled in. A count {n}
 * picks the key's plural form (key.one, key.other…) by the language's
 * plural rules, where the key has them. A word that agrees with its noun
 * (an `agreeing` value) is written in the form the text asks for:
 * {colour!f} in Spanish "pila {colour!f}" writes "● roja", as the engine's
 * rule messages do (scoring/messages.py). */
export function t(key, values = {}) {
  if ('n' in values && has(`${key}.other`)) {
    const form = `${key}.${new Intl.PluralRules(current).select(Number(values.n))}`;
    key = has(form) ? form : `${key}.other`;
  }
  return filledIn(words[key] ?? fallback[key] ?? key, values);
}

/** Words a game declares (GET /rulesets, in the app's language): a text,
 * or a count's forms ({one, other}) chosen by {n} as t chooses them. */
export function say(text, values = {}) {
  if (typeof text === 'object') text = text[new Intl.PluralRules(current).select(Number(values.n))] ?? text.other;
  return filledIn(text, values);
}

function filledIn(template, values) {
  return template.replace(/\{(\w+)(?:!(\w+))?\}/g, (whole, name, form) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return form && value && typeof value.form === 'function' ? value.form(form) : String(value);
  });
}

/** A word that agrees with the noun a text puts it with: written as
 * `word` where the text says {name}, and as its form `forms[form]` where
 * the text says {name!form} (the word itself where the language has no
 * such form). The forms are the language's own: Spanish `f` for a
 * feminine noun ("pila ● roja"), German `er` and `en` for the endings
 * ("● roter Stapel", "vom ● roten Stapel"). `before` goes in front of every
 * form (a colour's symbol). */
export function agreeing(word, forms = {}, before = '') {
  return {
    toString: () => before + word,
    form: form => before + (forms[form] ?? word),
  };
}

/** Texts the app learns from the server where its own files have none (a
 * game's title, from its package through GET /rulesets), in every language. */
export function learn(texts) {
  for (const [key, text] of Object.entries(texts)) if (!has(key)) fallback[key] = text;
}

/** Whether a key has a text (for optional, game-specific wording). */
export function has(key) {
  return key in words || key in fallback;
}
