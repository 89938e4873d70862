// The recording page (/record/{id}#token=…): the scorekeeper's phone at the table.
// It draws the table with the game system's renderer (the viewer's, one per system),
// offers what the rules allow now (GET /allowed, built into controls without knowing
// any rule: record-choices.js), explains a refused tap with the rule the dry run
// cites, and records through the outbox (record-outbox.js), which survives a lost
// network and a reload. The match is read and followed by match-client.js: other
// phones' steps, the standings and what may be recorded next arrive on the live
// stream, which stays open while this phone records. Undo,
// fixes and the history are record-fixes.js; the inputs a choice's hints ask for
// (Mr. President's cards, counts, press Ballots, seals) record-hints.js; a renderer
// may make its table tappable (bindHandTaps: President's hand).
import { NetworkDown, addressMatchId, addressToken, api, call, matchPathOf } from "/static/api.js";
import { $, h } from "/static/dom.js";
import { MatchClient } from "/static/match-client.js";
import * as generic from "/static/render-generic.js";
import { Controls } from "/static/record-choices.js";
import { Fixes } from "/static/record-fixes.js";
import { Outbox } from "/static/record-outbox.js";
import { QuickEntry } from "/static/record-quick.js";

const matchId = addressMatchId();
const matchPath = matchPathOf(matchId);
const tokenKey = `recount.write.${matchId}`;

// The link's token, else the one this phone kept; a link's token is kept once the
// match accepts it (a wrong link does not replace a token that works).
const token = addressToken() || localStorage.getItem(tokenKey) || "";
const match = new MatchClient(matchPath, { token, recorder: true });
const page = {
  summary: null,
  renderer: generic,
  acknowledged: 0, // the last version a write of this phone was acknowledged at
  offline: false, // no reply came to the last request (or the browser says so)
  refused: null, // why the match cannot be recorded from this page (see refuse())
  openAt: -1, // the version the open composer was opened at
  meanwhile: [], // what another phone recorded before this phone's refused tap, in words
};
// What the page draws is the match client's: its frames, standings and allowed actions.
const frames = () => match.frames;
const version = () => Math.max(match.version, page.acknowledged);
// Tap-to-acknowledgement times in ms (read by bench/tap_to_ack.py).
window.recountTimings = [];
window.recountPhases = [];
window.recountDropped = 0;

const controls = new Controls({
  send: (event, label) => record([event], label),
  explain: (event, label) => explain(event, label),
  note: (text) => showNote(text),
  redraw: () => drawActions(),
});

const fixes = new Fixes({
  get,
  // A fix is dry-run before it is recorded: the page says so, and is not settled meanwhile.
  check: (events, label) => {
    hideRule();
    $("ack").dataset.state = "sending";
    $("ack").textContent = `… ${label}`;
    $("actions").dataset.settled = "false";
    return call(`${matchPath}/events/check`, { token, method: "POST", body: { events, expected_version: version() } });
  },
  record: (events, label) => record(events, label),
  note: (text) => showNote(text),
  matchPath,
  frames,
  players: () => (page.summary ? page.summary.players : []),
  version,
  waiting: () => outbox.last(),
  refused: () => page.refused,
  withdraw: (item) => {
    if (!outbox.withdraw(item)) return false;
    $("ack").dataset.state = "idle";
    $("ack").textContent = `Taken back: ${item.label} (it was never sent)`;
    drawNetwork(!page.offline);
    return true;
  },
});

// An action typed in the notation's terse form (record-quick.js), recorded like a tap.
const quick = new QuickEntry({
  call: (path, options) => call(path, { ...options, token }),
  matchPath,
  record: (events, label) => record(events, label),
  rule: (what, rule) => showRule(what, rule),
  version,
}, $("quick"));

const outbox = new Outbox(matchPath, token, {
  head: version,
  changed: () => (drawQueue(), drawActions()),
  network: (up) => drawNetwork(up),
  sent: (item, reply) => {
    page.acknowledged = Math.max(page.acknowledged, reply.version);
    const ack = $("ack");
    ack.dataset.state = "ok";
    ack.dataset.version = reply.version;
    ack.textContent = `✓ Recorded: ${item.label} (step ${reply.first_step}${reply.version > reply.first_step ? `–${reply.version}` : ""})`;
    // The acknowledgement is painted first; the step and what may follow it come on
    // the live stream (read, if it is late), and are drawn when they come.
    // (A hidden page paints no frames: it measures at once.)
    const afterPaint = document.hidden ? (then) => setTimeout(then, 0) : requestAnimationFrame;
    afterPaint(() => {
      const painted = performance.now();
      window.recountTimings.push(painted - item.tapped);
      // Where the time went: the page before the request, the request, the page after.
      window.recountPhases.push({ page_before: item.sentAt - item.tapped, request: item.answeredAt - item.sentAt, page_after: painted - item.answeredAt });
    });
    match.acknowledged(reply.version); // the outbox redraws the actions next
  },
  dropped: (item, body) => {
    window.recountDropped += 1;
    refresh();
    if (item.recheck) {
      // Checked again after another phone's step and no longer allowed: that step is
      // what happened; said once, beside it, and nothing to tap again.
      $("ack").dataset.state = "superseded";
      $("ack").textContent = `Not needed: ${item.label} (another phone recorded first)`;
      hideRule();
      showChanges([...page.meanwhile, `So “${item.label}” was not recorded${body.error ? `: ${body.error}` : ""}.`]);
      return;
    }
    $("ack").dataset.state = "refused";
    $("ack").textContent = `✗ Not recorded: ${item.label}`;
    showRule(`Not recorded: ${item.label}. ${body.error || ""}`, body.rule);
  },
  conflict: async () => {
    const before = frames().length;
    await refresh();
    const changed = frames().slice(before).map((frame) => `Step ${frame.step}: ${frame.description}`);
    page.meanwhile = changed.length ? ["Recorded meanwhile on another phone:", ...changed] : [];
    showChanges(changed.length ? [...page.meanwhile, "Your waiting actions are checked again against this."] : []);
  },
});

// --- loading ------------------------------------------------------------------------

function get(path) {
  return api(path, { token });
}

// Why the API refused to load the match, in words for the scorekeeper.
function refusal(error) {
  if (error.status === 404) return `There is no match “${matchId}”: check the link.`;
  if (error.status === 401 || error.status === 403) return `This link’s write token is not accepted for this match (${error.message}): nothing can be recorded from this page. Open the link made when the match was created.`;
  return error.message;
}

// The page cannot record (no token, a token refused, no such match): it says why, and
// offers nothing that would only be refused (typing, undo, fixes), nor follows the match.
function refuse(message, status) {
  page.refused = message;
  notice(message);
  if (status === 404) $("title").textContent = "No such match";
  else if (!page.summary) $("title").textContent = "Nothing can be recorded here";
  document.body.dataset.refused = "true";
  match.stop();
}

async function start() {
  if (!start.bound) bindControls();
  start.bound = true;
  drawQueue(); // actions kept from before a reload
  if (!token) {
    refuse("This page records with the match’s write token: open it from the link made when the match was created (…#token=…).");
    return;
  }
  try {
    page.summary = await get(matchPath);
    try {
      page.renderer = await import(`/static/render-${encodeURIComponent(page.summary.system)}.js`);
    } catch {
      page.renderer = generic;
    }
    quick.examples(page.renderer, page.summary.players);
    drawHeading();
    match.subscribe(changed);
    await refresh();
    if (page.refused) return;
    localStorage.setItem(tokenKey, token);
    outbox.pump();
  } catch (error) {
    if (error instanceof NetworkDown) notice("No network: the page will load when it is back.");
    else refuse(refusal(error), error.status);
    if (error instanceof NetworkDown) setTimeout(start, 2000);
  }
}

// What the match client heard: a new choice set closes the composer opened on the old one.
function changed(change) {
  if (change.open) return drawNetwork(true);
  if (change.lost) return;
  if (match.allowed && match.allowed.version !== page.openAt) {
    controls.open = null;
    page.openAt = match.allowed.version;
  }
  notice("");
  drawAll();
}

// Reads what the page lacks (match-client.js); a refused token or a match gone is
// final for this page, anything else is said.
async function refresh() {
  try {
    await match.catchUp();
  } catch (error) {
    if (error instanceof NetworkDown) drawNetwork(false);
    else if ([401, 403, 404].includes(error.status)) refuse(refusal(error), error.status);
    else notice(refusal(error));
  }
}

// --- recording -------------------------------------------------------------------------

function record(events, label) {
  hideRule();
  $("ack").dataset.state = "sending";
  $("ack").textContent = `… ${label}`;
  outbox.add(events, label, version());
}

// A greyed action tapped: ask the dry run why, and show the rule's sentence.
async function explain(event, label) {
  try {
    const reply = await call(`${matchPath}/events/check`, { token, method: "POST", body: { events: [event], expected_version: version() } });
    if (reply.status === 422) showRule(reply.body.error, reply.body.rule);
    else if (reply.status === 200) showNote(`The rules allow it after all: ${reply.body.events.map((e) => e.description).join("; ")}. Reloading the choices.`), refresh();
    else showNote(reply.body.error || `${reply.status}`);
  } catch {
    showNote(`“${label}” cannot be checked without the network.`);
  }
}

// --- drawing ---------------------------------------------------------------------------

function drawAll() {
  drawTable();
  drawActions();
  fixes.drawHistory(frames());
  drawStandings();
}

function drawHeading() {
  const game = page.renderer.title || page.summary.system;
  const title = page.summary.title || `${game} match`;
  document.title = `Record: ${title} · Recount`;
  $("title").textContent = title;
  $("subtitle").replaceChildren(`${game} · ${page.summary.players.join(", ")} · `, h("a", { href: `/view/${encodeURIComponent(matchId)}${location.hash}` }, "replay"));
}

function drawTable() {
  const frame = frames()[frames().length - 1];
  if (!frame) return;
  const ctx = { step: frame.step, frames: frames(), players: page.summary.players, perspective: "everyone", standings: match.standings, go: () => {} };
  let drawn;
  try {
    drawn = page.renderer.render(frame, ctx);
  } catch (error) {
    drawn = generic.render(frame);
  }
  $("board").replaceChildren(drawn);
  $("caption").replaceChildren(h("span", { class: "step-no" }, `Step ${frame.step}`), " ", h("span", { class: "description" }, frame.description));
}

// The page has the last step recorded and what may follow it.
function fresh() {
  return match.current() && match.version >= page.acknowledged;
}

function drawActions() {
  const waiting = outbox.waitingPlayers();
  const queued = outbox.items.length > 0;
  // While actions wait, only players who have none waiting are offered theirs; the
  // table's own actions wait for the head (they depend on what the players did).
  const choices = !fresh() ? [] : match.allowed.choices.filter((choice) => (queued ? choice.player && !waiting.has(choice.player) : true));
  if (!queued) controls.autoOpen(choices);
  const frame = frames()[frames().length - 1];
  const forbidden = fresh() && !queued && frame && page.renderer.forbidden ? page.renderer.forbidden(frame, choices) : [];
  $("actions").replaceChildren(...controls.draw(choices, { finished: match.finished && fresh(), waiting: queued || !fresh(), offline: page.offline, forbidden }));
  if (page.renderer.bindHandTaps) page.renderer.bindHandTaps($("board"), fresh() && !queued ? choices : [], controls);
  drawTurn(choices, queued);
  // For tests and the benchmark: the page shows what the rules allow at this version.
  $("actions").dataset.version = version();
  $("actions").dataset.settled = String(fresh() && !queued);
}

function drawTurn(choices, queued) {
  const players = [...new Set(choices.map((choice) => choice.player).filter(Boolean))];
  const turn = $("turn");
  if (match.finished && fresh()) turn.textContent = "Match over";
  else if (!choices.length) turn.textContent = queued ? (page.offline ? "Offline: waiting to send" : "Sending…") : "…";
  else if (players.length === 1) turn.textContent = `${players[0]} to act`;
  else if (players.length > 1) turn.textContent = `Waiting for ${players.join(", ")}`;
  // The table's own actions: one is named; among several (who deals, or the end of
  // the match) the first is no more likely than the others.
  else turn.textContent = choices.length > 1 ? "The table: choose what happened" : choices[0].label;
  turn.dataset.players = players.join(",");
}

function drawQueue() {
  const box = $("queue");
  box.hidden = !outbox.items.length;
  box.replaceChildren(
    h("h3", null, `${outbox.items.length} waiting to be sent`),
    h("ol", null, outbox.items.map((item) => h("li", { "data-key": item.key }, item.label, item.recheck ? h("span", { class: "muted" }, " (checking again)") : null))),
  );
}

function drawNetwork(up) {
  const changed = page.offline === up;
  page.offline = !up;
  // What the actions box says while nothing can be offered depends on it.
  if (changed && page.summary) drawActions();
  const net = $("net");
  net.dataset.state = up ? "online" : "offline";
  net.textContent = up ? "online" : `offline${outbox.items.length ? ` · ${outbox.items.length} queued` : ""}`;
}

function drawStandings() {
  const standings = match.standings;
  if (!standings) return;
  $("standings-title").textContent = standings.final ? "Final standings" : "Standings so far";
  $("standings").replaceChildren(
    h(
      "table",
      { class: "placings" },
      h(
        "tbody",
        null,
        standings.placings.map((placing) =>
          h(
            "tr",
            { "data-player": placing.player, "data-place": placing.place, "data-score": placing.score ?? "" },
            h("td", { class: "place" }, placing.place),
            h("td", null, h("strong", null, placing.player), placing.title ? h("span", { class: "title" }, ` ${placing.title}`) : null),
            h("td", { class: "score" }, placing.score ?? ""),
          ),
        ),
      ),
    ),
  );
}

function showRule(what, rule) {
  const box = $("explain");
  box.hidden = false;
  box.querySelector(".what").textContent = what;
  box.querySelector(".quote").textContent = rule ? `“${rule.quote}”` : "";
  box.querySelector(".source").textContent = rule ? rule.source : "";
  box.dataset.rule = rule ? rule.id : "";
}

function hideRule() {
  $("explain").hidden = true;
}

function showNote(text) {
  showRule(text, null);
}

function showChanges(lines) {
  const box = $("changes");
  box.hidden = !lines.length;
  box.replaceChildren(...lines.map((line) => h("p", null, line)), h("button", { type: "button", class: "secondary", onclick: () => (box.hidden = true) }, "OK"));
}

function notice(message) {
  $("notice").textContent = message;
  $("notice").hidden = !message;
}

function bindControls() {
  $("explain").querySelector(".close").onclick = hideRule;
  window.addEventListener("offline", () => drawNetwork(false));
  window.addEventListener("online", () => (drawNetwork(true), refresh()));
}

start();
