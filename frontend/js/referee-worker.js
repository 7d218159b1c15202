// The phone's referee: the server's own rules engine, scoring/, in CPython
// compiled to WebAssembly (Pyodide, served from this origin: frontend/vendor/
// pyodide/, put there by the install step). A worker, so that neither its
// start (seconds) nor a replay ever holds up a tap. referee.js talks to it:
// {id, name, args} in, where args is the JSON text of the arguments, and
// {id, text} (the answer's JSON text, as the server writes it) or
// {id, error} out. It says {ready: true} once, or {unavailable: reason}.

// The Python side: scoring.answers gives what the CLI and the API answer,
// exports.spreadsheet the score sheet's CSV as the server writes it. The
// JSON keeps the keys in the order the server writes them (not sorted, as
// answers.dumps does for comparing): the composer asks in that order.
const GLUE = `
import json, sys
sys.path.insert(0, "/home/pyodide/referee")
from scoring import answers
from exports.spreadsheet import scoresheet_csv

CALLS = {"replay": answers.replay, "check": answers.check, "tally": answers.tally, "game_view": answers.game_view,
         "check_board": answers.check_board, "csv": lambda record: scoresheet_csv(record, answers.replay(record))}

def answer(name, args):
    return json.dumps(CALLS[name](*json.loads(args)), ensure_ascii=False)
`;

let answer = null;

async function start() {
  const {loadPyodide} = await import('/vendor/pyodide/pyodide.mjs');
  const [pyodide, engine] = await Promise.all([
    loadPyodide({indexURL: '/vendor/pyodide/', packages: []}),
    fetch('/referee/scoring.zip').then(got => {
      if (!got.ok) throw new Error(`the engine's zip: ${got.status}`);
      return got.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(engine, 'zip', {extractDir: '/home/pyodide/referee'});
  pyodide.runPython(GLUE);
  answer = pyodide.globals.get('answer');
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
