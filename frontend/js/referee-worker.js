// The phone's referee: the server's own rules engine, scoring/, in CPython
// compiled to WebAssembly (Pyodide, served from this origin: frontend/vendor/
// pyodide/, put there by the install step). A worker, so that neither its
// start (seconds) nor a replay ever holds up a tap. referee.js talks to it:
// {id, name, args} in, where args is the JSON text of the arguments, and
// {id, text} (the answer's JSON text, as the server writes it) or
// {id, error} out. It says {ready: true} once, or {unavailable: reason}.

// The Python side: scoring.answers gives what the CLI and the API answer
// (for a game on the phone, its writes and their news too, and the history
// after turns queued offline), exports.spreadsheet the score sheet's CSV as the
// server writes it. The
// JSON keeps the keys in the order the server writes them (not sorted, as
// answers.dumps does for comparing): the composer asks in that order.
const GLUE = `
import json, sys
sys.path.insert(0, "/home/pyodide/referee")
from scoring import answers
from exports.spreadsheet import scoresheet_csv

CALLS = {"replay": answers.replay, "check": answers.check, "tally": answers.tally, "game_view": answers.game_view,
         "check_board": answers.check_board, "write": answers.write, "told": answers.told, "after_turns": answers.after_turns,
         "next_round": answers.next_round,
         "csv": lambda record, lang="en": scoresheet_csv(record, answers.replay(record), lang)}

def answer(name, args):
    return json.dumps(CALLS[name](*json.loads(args)), ensure_ascii=False)
`;

// CPython's own start is most of the referee's (seconds on a phone; compiling
// the WebAssembly is not: the browser keeps that). So the first start keeps
// a memory snapshot of the interpreter with the engine imported, and later
// starts resume from it, 5 to 7 times faster (Pyodide's _makeSnapshot and
// _loadSnapshot; bench/bench_referee.py). Pyodide refuses a snapshot of
// another build; the key names the engine's zip too. The service worker
// drops the cache with every new version of the app.
const SNAPSHOTS = 'brehon-referee-snapshot';
const PYODIDE = {indexURL: '/vendor/pyodide/', packages: []};
const ENGINE = {extractDir: '/home/pyodide/referee'};

let answer = null;

// What loadPyodide fetches besides pyodide.mjs (brehon/pyodide.py's FILES).
const FILES = ['pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];

async function start() {
  const [{loadPyodide, version}, engine] = await Promise.all([
    import('/vendor/pyodide/pyodide.mjs'),
    fetch('/referee/scoring.zip').then(got => {
      if (!got.ok) throw new Error(`the engine's zip: ${got.status}`);
      return got.arrayBuffer();
    }),
    ...FILES.map(fetchable),
  ]);
  // Cache Storage (and crypto.subtle) only where the page is a secure context.
  const key = self.caches && `/referee/snapshot/${version}/${await digest(engine)}`;
  const pyodide = (key && await resumed(loadPyodide, key, engine)) || await fresh(loadPyodide, key, engine);
  answer = pyodide.globals.get('answer');
}

// Pyodide waits for ever on a WebAssembly that fails to compile (it only
// logs it), so each file is asked for first, to be checked: the service
// worker answers only whole ones (sw.js), and one it cannot give makes the
// start fail at once. Then loadPyodide's own requests are answered from its
// cache.
async function fetchable(name) {
  let got;
  try {
    got = await fetch(`/vendor/pyodide/${name}`, {headers: {'Brehon-Check': 'sha256'}});
  } catch (error) {
    throw new Error(`${name}: ${error.message}`);
  }
  await got.body?.cancel();
  if (!got.ok) throw new Error(`${name}: ${got.status} ${got.statusText}`);
}

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, byte => byte.toString(16).padStart(2, '0')).join('');
}

// The interpreter as the snapshot left it, or null (none, or refused).
async function resumed(loadPyodide, key, engine) {
  try {
    const kept = await (await caches.open(SNAPSHOTS)).match(key);
    if (!kept) return null;
    const pyodide = await loadPyodide({...PYODIDE, _loadSnapshot: await kept.arrayBuffer()});
    // Files written after Pyodide's start live in JavaScript, not in the snapshot.
    pyodide.unpackArchive(engine, 'zip', ENGINE);
    if (!pyodide.globals.get('answer')) throw new Error('the snapshot holds no engine');
    return pyodide;
  } catch (error) {
    console.warn('the referee starts afresh:', error);
    return null;
  }
}

async function fresh(loadPyodide, key, engine) {
  const pyodide = await loadPyodide(key ? {...PYODIDE, _makeSnapshot: true} : PYODIDE);
  pyodide.unpackArchive(engine, 'zip', ENGINE);
  pyodide.runPython(GLUE);
  if (key) keep(key, pyodide);
  return pyodide;
}

// The snapshot is taken now, and written in the background: the referee is
// ready without waiting for the write, and answers without a snapshot.
async function keep(key, pyodide) {
  try {
    const snapshot = pyodide.makeMemorySnapshot();
    await caches.delete(SNAPSHOTS);  // one snapshot, the current engine's
    await (await caches.open(SNAPSHOTS)).put(key, new Response(snapshot));
  } catch (error) {
    console.warn('the referee keeps no snapshot:', error);
  }
}

const started = start().then(
  () => postMessage({ready: true}),
  error => postMessage({unavailable: String(error && error.message || error)}));

addEventListener('message', async ({data: {id, name, args}}) => {
  await started;
  try {
    if (!answer) throw new Error('the referee could not start');
    postMessage({id, text: answer(name, args)});
  } catch (error) {
    postMessage({id, error: String(error && error.message || error)});
  }
});
