// No function in frontend/js longer than 80 lines (issue 28, STYLE.md): counted
// from the line a function opens on (`function`, a method's name, an arrow's
// `=>`) to the line of its closing brace, both included. Expression-bodied
// arrows have no brace and are not counted. The scanner below is written here
// rather than taken from a parser package because the project has no npm
// dependencies and this needs only strings, comments, templates and braces.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../frontend/js');
const LIMIT = 80;
const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'function', 'return']);
// After these a `/` starts a regular expression, not a division.
const BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'in', 'of', 'new', 'delete', 'void',
  'throw', 'else', 'do', 'yield', 'await']);

function modules(folder) {
  return readdirSync(folder, {withFileTypes: true}).flatMap(entry => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? modules(path) : entry.name.endsWith('.js') ? [path] : [];
  });
}

// The source as tokens {text, line}: words, punctuation, and each string,
// regex or template piece as one token (a template's `${…}` is tokenised).
function tokens(source) {
  const out = [];
  const templates = [];  // brace depth at which each open `${` returns to its template
  let depth = 0;
  let line = 1;
  let at = 0;
  const push = (text, startLine) => out.push({text, line: startLine});
  const template = () => {  // from inside a template to its end or the next `${`
    const start = line;
    while (at < source.length && source[at] !== '`') {
      if (source[at] === '\\') at++;
      else if (source[at] === '$' && source[at + 1] === '{') {
        at += 2;
        templates.push(depth++);
        push('`', start);
        push('{', line);
        return;
      }
      if (source[at] === '\n') line++;
      at++;
    }
    at++;
    push('`', start);
  };
  while (at < source.length) {
    const c = source[at];
    if (c === '\n') { line++; at++; continue; }
    if (/\s/.test(c)) { at++; continue; }
    if (source.startsWith('//', at)) { at = source.indexOf('\n', at); if (at < 0) break; continue; }
    if (source.startsWith('/*', at)) {
      const end = source.indexOf('*/', at) + 2;
      line += source.slice(at, end).split('\n').length - 1;
      at = end;
      continue;
    }
    if (c === '"' || c === "'") {
      let end = at + 1;
      while (source[end] !== c) end += source[end] === '\\' ? 2 : 1;
      push(c, line);
      at = end + 1;
      continue;
    }
    if (c === '`') { at++; template(); continue; }
    if (/[\w$]/.test(c)) {
      const word = /^[\w$]+/.exec(source.slice(at, at + 200))[0];
      push(word, line);
      at += word.length;
      continue;
    }
    if (c === '/') {
      const before = out.at(-1)?.text;
      const regex = before === undefined || BEFORE_REGEX.has(before) ||
        (!/^[\w$)\]}`'"]/.test(before));
      if (regex) {
        let end = at + 1;
        let inClass = false;
        while (source[end] !== '/' || inClass) {
          if (source[end] === '\\') end++;
          else if (source[end] === '[') inClass = true;
          else if (source[end] === ']') inClass = false;
          end++;
        }
        at = end + 1;
        while (/[a-z]/.test(source[at])) at++;
        push('/regex/', line);
        continue;
      }
    }
    if (source.startsWith('=>', at)) { push('=>', line); at += 2; continue; }
    if (c === '{') depth++;
    if (c === '}') {
      depth--;
      if (templates.length && templates.at(-1) === depth) {
        templates.pop();
        push('}', line);
        at++;
        template();
        continue;
      }
    }
    push(c, line);
    at++;
  }
  return out;
}

// Each function with a braced body: {name, from, to} (lines).
function functions(source) {
  const list = tokens(source);
  const closing = new Map();
  const open = [];
  list.forEach((token, index) => {
    if ('{(['.includes(token.text)) open.push(index);
    else if ('})]'.includes(token.text)) closing.set(open.pop(), index);
  });
  const found = [];
  const body = (brace, name, from) => {
    if (list[brace]?.text === '{') found.push({name, from, to: list[closing.get(brace)].line});
  };
  list.forEach((token, index) => {
    if (token.text === 'function') {
      let paren = index + 1;
      while (list[paren].text !== '(') paren++;
      const name = paren > index + 1 ? list[paren - 1].text : '(anonymous)';
      body(closing.get(paren) + 1, name, token.line);
    } else if (token.text === '=>') {
      // Named after what it is assigned to (`const b = (y) => {`), if anything.
      const params = list[index - 1].text === ')' ?
        [...closing].find(([, close]) => close === index - 1)[0] : index - 1;
      const assigned = ['=', ':'].includes(list[params - 1]?.text) ? list[params - 2].text : '';
      body(index + 1, `${assigned} (arrow)`.trim(), token.line);
    } else if (/^[\w$]+$/.test(token.text) && list[index + 1]?.text === '(' &&
        !NOT_METHODS.has(token.text) && list[index - 1]?.text !== 'function' &&
        list[index - 1]?.text !== '.') {
      body(closing.get(index + 1) + 1, token.text, token.line);
    }
  });
  return found.map(fn => ({...fn, lines: fn.to - fn.from + 1}));
}

const all = modules(ROOT).flatMap(path =>
  functions(readFileSync(path, 'utf8')).map(fn => ({...fn, file: relative(ROOT, path)})));

test('the scanner finds functions, methods and arrows with their lengths', () => {
  const sample = 'function a(x) {\n  return `${x => {\n}}`;\n}\nconst b = (y) => {\n  /}/.test(y);\n\n};\n' +
    'const o = {c(z) {\n  return "}";\n}};\n';
  assert.deepEqual(functions(sample).map(({name, lines}) => [name, lines]),
    [['a', 4], ['(arrow)', 2], ['b (arrow)', 4], ['c', 3]]);
  assert.ok(all.some(fn => fn.file === 'app.js'));
});

test(`no function in frontend/js is longer than ${LIMIT} lines`, () => {
  assert.deepEqual(all.filter(fn => fn.lines > LIMIT).map(fn => `${fn.file}:${fn.from} ${fn.name} ${fn.lines}`), []);
});
