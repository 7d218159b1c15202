// No import circles in frontend/js (issue 28): each module's imports, static
// and dynamic (import('./x.js') with a literal path), read from its source,
// and every circle among them. A circle makes the order in which modules run
// depend on which one is loaded first.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../frontend/js');
// `from './x.js'`, `import './x.js'` and `import('./x.js')`: the app's own modules only.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function modules(folder) {
  return readdirSync(folder, {withFileTypes: true}).flatMap(entry => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? modules(path) : entry.name.endsWith('.js') ? [path] : [];
  });
}

const graph = new Map(modules(ROOT).map(path => [path,
  [...readFileSync(path, 'utf8').matchAll(IMPORT)].map(([, spec]) => resolve(dirname(path), spec))]));

// Every circle, once, as the modules on it (a depth-first walk).
function circles() {
  const found = new Set();
  const walk = (path, trail) => {
    const at = trail.indexOf(path);
    if (at >= 0) {
      const circle = trail.slice(at).map(module => relative(ROOT, module));
      const first = circle.indexOf([...circle].sort()[0]);
      found.add([...circle.slice(first), ...circle.slice(0, first)].join(' -> '));
      return;
    }
    for (const next of graph.get(path) || []) walk(next, [...trail, path]);
  };
  for (const path of graph.keys()) walk(path, []);
  return [...found];
}

test('the module graph is read (a module and its imports)', () => {
  assert.ok(graph.get(join(ROOT, 'app.js')).includes(join(ROOT, 'router.js')));
  assert.ok(graph.get(join(ROOT, 'api.js')).includes(join(ROOT, 'local.js')), 'a dynamic import counts');
});

test('no module imports itself through others', () => {
  assert.deepEqual(circles(), []);
});
