// The recording page (/record/{id}#token=…): the scorekeeper's phone at the table.
// It draws the table with the game system's renderer (the viewer's, one per system),
// offers what the rules allow now (GET /allowed, built into controls without knowing
// any rule: record-choices.js), explains a refused tap with the rule the dry run
// cites, and records through the outbox (record-outbox.js), which survives a lost
// network and a reload. The match is read and followed by match-client.js: other
// phones' steps, the standings and what may be recorded next arrive on the live
// stream, which stays open while this phone records. Undo,
// fixes and the history are record-fixes.js; what one game needs (the inputs its
// choices' hints ask for, a tappable table) is its renderer's (renderers.js). With no network the
// page goes on: it offers the kinds of choices last seen for the next seat, checked
// when back online (record-offline.js), keeps the match as last seen for a reload, and
// a service worker (/sw.js) keeps the page itself.
import { NetworkDown, addressMatchId, addressToken, api, call, keepRecordToken, keptRecordToken, matchPathOf } from "/static/api.js";
import { $, h } from "/static/dom.js";
import { MatchClient } from "/static/match-client.js";
import * as generic from "/static/render-generic.js";
import { loadRenderer } from "/static/renderers.js";
import { Controls } from "/static/record-choices.js";
import { Fixes } from "/static/record-fixes.js";
import { Kinds, LastSeen, drawOfflineOffer } from "/static/record-offline.js";
import { drawQueueOf, drawStandings, drawTurn, hideRule, notice, showChanges, showRule } from "/static/record-panels.js";
import { Outbox } from "/static/record-outbox.js";
import { QuickEntry } from "/static/record-quick.js";

const matchId = addressMatchId();
const matchPath = matchPathOf(matchId);

// The link's token, else the one this phone kept; a link's token is kept once the
// match accepts it (a wrong link does not replace a token that works).
const token = addressToken() || keptRecordToken(matchId);
const match = new MatchClient(matchPath, { token, recorder: true });
const page = {
  summary: null,
  renderer: generic,
  acknowledged: 0, // the last version a write of this phone was acknowledged at
  offline: false, // no reply came to the last request (or the browser says so)
  refused: null, // why the match cannot be recorded from this page (see refuse())
  openAt: -1, // the version the open composer was opened at
  meanwhile: [], // what another phone recorded before this phone's refused tap, in words
  seat: null, // offline: the seat whose choices are offered, when chosen by a tap
  confirming: null, // the steps of the last acknowledgement, until their words come
};
const kinds = new Kinds(matchId, []);
const lastSeen = new LastSeen(matchId);
// What the page draws is the match client's: its frames, standings and allowed actions.
const frames = () => match.frames;
const version = () => Math.max(match.version, page.acknowledged);
// Tap-to-acknowledgement times in ms (read by bench/tap_to_ack.py).
window.recountTimings = [];
window.recountPhases = [];
window.recountDropped = 0;
window.recountOfflineCost = []; // and the last-seen writes: recountKeptMs

const controls = new Controls({
  send: (event, label, choice) => record([event], label, { unchecked: Boolean(choice && choice.unchecked) }),
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
  record: (events, label) => record(events, label, { named: true }),
  note: (text) => showNote(text),
  matchPath,
  frames,
  players: () => (page.summary ? page.summary.players : []),
  heldCards: (view, player) => (page.renderer.heldCards ? page.renderer.heldCards(view, player) : []),
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
  record: (events, words) => record(events, words, { named: true }),
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
    ack.textContent = `✓ Recorded: ${item.label} ${stepsOf(reply.first_step, reply.version)}`;
    // A tap's label names the choice ("Play a 10"); the record's words ("Dana plays a
    // 10") come with its steps. A fix keeps its own ("Fix step 3").
    page.confirming = item.named ? null : { first: reply.first_step, last: reply.version };
    quick.recorded(item.label);
    confirmWords();
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
  held: (item) => {
    $("ack").dataset.state = "refused";
    $("ack").textContent = `✗ Not recorded: ${item.label} (step ${item.expected + 1})`;
    showRule(`Step ${item.expected + 1}: “${item.label}” was not recorded. ${item.refused.error} Tap what happened instead, or drop it; what was tapped after it waits.`, item.refused.rule);
    drawQueue();
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
  conflict: async (_, item) => {
    await refresh();
    // The steps after the one the waiting action followed: another phone's (the live
    // stream may have brought them before the refusal came).
    const changed = frames().slice(item.expected).map((frame) => `Step ${frame.step}: ${frame.description}`);
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
  if (error.status === 401 || error.status === 403) return `This link’s token is not accepted for this match (${error.message}): nothing can be recorded from this page. Open a link made when the match was created.`;
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
    refuse("This page records with the match’s write token, or with a player’s seat token for that player’s own actions: open it from a link made when the match was created (…#token=…).");
    return;
  }
  try {
    const summary = await get(matchPath);
    if (!page.summary) await begin(summary);
    page.summary = summary;
    await refresh();
    if (page.refused) return;
    keepRecordToken(matchId, token);
    outbox.pump();
  } catch (error) {
    if (!(error instanceof NetworkDown)) return refuse(refusal(error), error.status);
    // No network: the match as last seen, if this phone has seen it; the rest when it is back.
    const kept = page.summary ? null : lastSeen.load();
    if (kept) {
      await begin(kept.summary);
      match.restore(kept.match);
      drawNetwork(false);
      notice("No network: the match as this phone last saw it; what you tap waits here and is sent when the network is back.");
    } else if (!page.summary) notice("No network: the page will load when it is back.");
    setTimeout(start, 2000);
  }
}

// The match's summary is known: its renderer, its heading, and the match followed.
async function begin(summary) {
  page.summary = summary;
  kinds.players = summary.players;
  page.renderer = await loadRenderer(summary.system);
  controls.use(page.renderer);
  quick.examples(page.renderer, summary.players);
  drawHeading();
  match.subscribe(changed);
  if ("serviceWorker" in navigator && !page.refused) {
    document.querySelector('link[rel="manifest"]').href = `${location.pathname.replace(/\/+$/, "")}/manifest.webmanifest`;
    navigator.serviceWorker.register("/sw.js", { scope: "/record/" }).then(() => navigator.serviceWorker.ready).then(() => (document.body.dataset.offlineReady = "true"), () => {});
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
  const began = performance.now();
  if (!change.restored && match.current() && match.allowed) kinds.saw(match.allowed.choices, match.allowed.version, (frames()[match.allowed.version - 1] || {}).type);
  lastSeen.later(() => ({ summary: page.summary, match: match.snapshot() }));
  const seen = performance.now();
  notice("");
  drawAll();
  confirmWords();
  // What offline recording costs each change, beside the drawing (bench/offline_cost.py).
  window.recountOfflineCost.push({ kinds: seen - began, draw: performance.now() - seen });
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

// unchecked: composed from the kinds last seen, not from what the service listed;
// named: the label is the record's own words (a fix), kept in the acknowledgement.
function record(events, label, { unchecked = false, named = false } = {}) {
  hideRule();
  page.seat = null;
  for (const event of events) kinds.used(event, version());
  if (outbox.held()) {
    $("ack").dataset.state = "sending";
    $("ack").textContent = `… ${label} (instead of the refused action)`;
    return outbox.fix(events, label);
  }
  $("ack").dataset.state = unchecked ? "queued" : "sending";
  $("ack").textContent = unchecked ? `Queued: ${label}, checked when back online` : `… ${label}`;
  outbox.add(events, label, version(), { unchecked, named });
}

// The steps an acknowledgement covers, in words: "(step 7)", "(step 7–8)".
const stepsOf = (first, last) => `(step ${first}${last > first ? `–${last}` : ""})`;

// The acknowledgement in the record's own words, once its steps are here.
function confirmWords() {
  const steps = page.confirming;
  if (!steps || frames().length < steps.last) return;
  page.confirming = null;
  const ack = $("ack");
  if (ack.dataset.state !== "ok" || ack.dataset.version !== String(steps.last)) return;
  const words = frames().slice(steps.first - 1, steps.last).map((frame) => frame.description).join("; ");
  ack.textContent = `✓ Recorded: ${words} ${stepsOf(steps.first, steps.last)}`;
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
  drawStandings(match.standings);
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

// Offline, once nothing the service listed is left to offer: the seat chosen, else the
// one that acted next last time after the last action waiting (record-offline.js); none
// if this phone never saw that seat's choices.
function offlineSeat() {
  const known = kinds.known();
  const last = outbox.last();
  const next = last ? kinds.next(last.events[last.events.length - 1]) : null;
  return [page.seat, next].find((seat) => seat !== null && known.includes(seat)) ?? null;
}

function drawActions() {
  const waiting = outbox.waitingPlayers();
  const queued = outbox.items.length > 0;
  const held = outbox.held();
  // While actions wait, only players who have none waiting are offered theirs; the
  // table's own actions wait for the head (they depend on what the players did). A
  // refused action holding the queue is replaced by any of the head's.
  let choices = !fresh() ? [] : match.allowed.choices.filter((choice) => (queued && !held ? choice.player && !waiting.has(choice.player) : true));
  const seat = !choices.length && page.offline && !held && !match.finished ? offlineSeat() : null;
  if (seat !== null) choices = kinds.offer(seat);
  if (!queued) controls.autoOpen(choices);
  const frame = frames()[frames().length - 1];
  const forbidden = fresh() && !queued && frame && page.renderer.forbidden ? page.renderer.forbidden(frame, choices) : [];
  const above = [];
  if (seat !== null) above.push(drawOfflineOffer(h, seat, kinds.known(), (other) => ((page.seat = other), drawActions())));
  if (held) above.push(h("div", { id: "held", class: "held" }, h("p", null, `Step ${held.expected + 1}: “${held.label}” was refused. Tap what happened instead, or `, h("button", { type: "button", class: "secondary", onclick: () => outbox.drop() }, "drop it"))));
  $("actions").replaceChildren(...above, ...controls.draw(choices, { finished: match.finished && fresh(), waiting: queued || !fresh(), offline: page.offline, forbidden }));
  if (page.renderer.bindHandTaps) page.renderer.bindHandTaps($("board"), (fresh() && (!queued || held)) || seat !== null ? choices : [], controls);
  drawTurn(choices, { queued, over: match.finished && fresh(), offline: page.offline });
  $("actions").dataset.unchecked = String(seat !== null);
  // For tests and the benchmark: the page shows what the rules allow at this version.
  $("actions").dataset.version = version();
  $("actions").dataset.settled = String(fresh() && !queued);
}

function drawQueue() {
  drawQueueOf(outbox.items);
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

function showNote(text) {
  showRule(text, null);
}

function bindControls() {
  $("explain").querySelector(".close").onclick = hideRule;
  window.addEventListener("offline", () => drawNetwork(false));
  window.addEventListener("online", () => (drawNetwork(true), refresh()));
}

start();
