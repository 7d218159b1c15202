"""A game that lives on the phone never loses a turn it confirmed: two tabs
writing at once get one 201 and one 412, as the server answers them; and a
share started while a turn is on its way sends every confirmed turn, and the
phone's copy goes only once the server holds that record."""

from __future__ import annotations

import json

import pytest
from browser_helpers import DATA, api

#: Pyodide starts in seconds, not milliseconds: wait for it as long as it may take on a busy CI.
START = 120_000
READY = "async () => (await import('/js/referee.js')).whenReady()"
#: Keltis, Anna and Ben, and the first turns of a worked example.
EXAMPLE = json.loads((DATA / "keltis" / "example1.json").read_text())["record"]
TURNS = EXAMPLE["turns"][:3]

# A game on this phone with no turns yet, kept as the new-game screen keeps it.
NEW_LOCAL_GAME = """async record => {
  const {createLocal} = await import('/js/local.js');
  const {put} = await import('/js/db.js');
  const {id} = await createLocal(record);
  await put('games', {id, joined: Date.now()});
  return id;
}"""

# The phone's game as it stands, or null: its record's turns and its idempotency keys.
STORED = """async id => {
  const stored = await (await import('/js/db.js')).get('local', id);
  return stored ? {turns: stored.record.turns, keys: Object.keys(stored.keys)} : null;
}"""


def ready_page(context):
    page = context.new_page()
    page.goto("/")
    page.wait_for_selector("nav.menu")
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    return page


#: Each test runs with Web Locks, and as on a page served over plain HTTP,
#: where browsers offer none (the version is then re-checked in IndexedDB).
WITH_AND_WITHOUT_LOCKS = pytest.mark.parametrize("locks", [True, False], ids=["web-locks", "plain-http"])


def without_locks(context, locks: bool) -> None:
    if not locks:
        context.add_init_script("Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined})")


@WITH_AND_WITHOUT_LOCKS
def test_two_tabs_writing_on_one_version_get_one_201_and_one_412_and_keep_the_confirmed_turn(context, locks):
    without_locks(context, locks)
    tabs = [ready_page(context), ready_page(context)]
    assert tabs[0].evaluate("Boolean(navigator.locks)") is locks
    game_id = tabs[0].evaluate(NEW_LOCAL_GAME, {**EXAMPLE, "turns": []})
    # Each tab holds its turn, composed on version 0, until both are told to go at once.
    for tab, turn, key in zip(tabs, (TURNS[0], {"player": "anna", "actions": TURNS[2]["actions"]}), ("tab-0", "tab-1")):
        tab.evaluate("""async ([id, turn, key]) => {
          const {api} = await import('/js/api.js');
          const go = new Promise(resolve => { new BroadcastChannel('go').onmessage = resolve; });
          window.answered = go.then(() => api(`/games/${id}/turns`, {method: 'POST', body: turn,
                                                 headers: {'If-Match': '"0"', 'Idempotency-Key': key}}))
            .then(({status, data}) => ({status, version: data.version, turn}), error => ({status: error.status}));
        }""", [game_id, turn, key])
    tabs[0].evaluate("new BroadcastChannel('go').postMessage('go')")
    answers = [tab.evaluate("window.answered") for tab in tabs]

    assert sorted(answer["status"] for answer in answers) == [201, 412]
    confirmed = next(answer for answer in answers if answer["status"] == 201)
    assert confirmed["version"] == 1
    stored = tabs[1].evaluate(STORED, game_id)
    assert stored["turns"] == [confirmed["turn"]]
    assert stored["keys"] == [f"tab-{answers.index(confirmed)}"]


@WITH_AND_WITHOUT_LOCKS
def test_a_share_started_while_turns_are_on_their_way_sends_every_confirmed_turn(context, base_url, locks):
    without_locks(context, locks)
    page = ready_page(context)
    game_id = page.evaluate(NEW_LOCAL_GAME, {**EXAMPLE, "turns": []})
    shared = page.evaluate("""async ([id, turns]) => {
      const {enqueue} = await import('/js/outbox.js');
      const {api} = await import('/js/api.js');
      const {share} = await import('/js/share.js');
      const {get} = await import('/js/db.js');
      await enqueue(id, turns[0], 0);  // logged and confirmed
      // While the share's record is on its way to the server, the phone confirms
      // one more turn; each time the server answers, the phone's copy is still there.
      const posts = [];
      const send = window.fetch;
      window.fetch = async (url, options) => {
        if (!(url === '/api/v1/games' && options.method === 'POST')) return send(url, options);
        const sentTurns = JSON.parse(options.body).turns.length;
        if (!posts.length) await api(`/games/${id}/turns`, {method: 'POST', body: turns[2], headers: {'If-Match': '"2"'}});
        const answer = await send(url, options);
        posts.push({sentTurns, localAfter: Boolean(await get('local', id))});
        return answer;
      };
      const logging = enqueue(id, turns[1], 1);  // on its way when the share starts
      const shared = await share(id);
      await logging;
      window.fetch = send;
      const kept = await get('games', shared);
      return {id: shared, token: kept.token, posts, local: await get('local', id) || null,
              localGame: await get('games', id) || null};
    }""", [game_id, TURNS])

    # The first share took the two turns confirmed by then; the third, confirmed
    # while it was on its way, made the phone share again: all three went.
    assert shared["posts"] == [{"sentTurns": 2, "localAfter": True}, {"sentTurns": 3, "localAfter": True}]
    assert shared["local"] is None and shared["localGame"] is None
    on_server = api(base_url, "GET", f"/games/{shared['id']}", token=shared["token"])
    assert on_server["record"]["turns"] == TURNS
