// The recording page (/record/{id}#token=…): the scorekeeper's phone at the table.
// It draws the table with the game system's renderer (the viewer's, one per system),
// offers what the rules allow now (GET /allowed, built into controls without knowing
// any rule: record-choices.js), explains a refused tap with the rule the dry run
// cites, and records through the outbox (record-outbox.js), which survives a lost
// network and a reload. Other phones' actions arrive live (the SSE stream). Undo,
// fixes and the history are record-fixes.js; the inputs a choice's hints ask for
// (Mr. President's cards, counts, press Ballots, seals) record-hints.js; a renderer
// may make its table tappable (bindHandTaps: President's hand).
import { h } from "/static/dom.js";
import * as generic from "/static/render-generic.js";
import { Controls } from "/static/record-choices.js";
import { Fixes } from "/static/record-fixes.js";
import { Live } from "/static/record-live.js";
import { NetworkDown, Outbox, call } from "/static/record-outbox.js";
import { QuickEntry } from "/static/record-quick.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
const matchPath = `/matches/${encodeURIComponent(matchId)}`;
const tokenKey = `recount.write.${matchId}`;

// The link's token, else the one this phone kept; a link's token is kept once the
// match accepts it (a wrong link does not replace a token that works).
function readToken() {
  const fromAddress = new URLSearchParams(location.hash.slice(1)).get("token");
  return fromAddress || localStorage.getItem(tokenKey) || "";
}

const token = readToken();
const page = {
  summary: null,
  renderer: generic,
  frames: [], // frames[i] is the frame of step i + 1
  version: 0,
  finished: false,
  allowed: { version: -1, choices: [] },
  standings: null,
  loading: null,
  again: false,
  offline: false, // no reply came to the last request (or the browser says so)
  refused: null, // why the match cannot be recorded from this page (see refuse())
};
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
    return call(token, `${matchPath}/events/check`, { method: "POST", body: { events, expected_version: page.version } });
  },
  record: (events, label) => record(events, label),
  note: (text) => showNote(text),
  matchPath,
  frames: () => page.frames,
  players: () => (page.summary ? page.summary.players : []),
  version: () => page.version,
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
  call: (path, options) => call(token, path, options),
  matchPath,
  record: (events, label) => record(events, label),
  rule: (what, rule) => showRule(what, rule),
  version: () => page.version,
}, $("quick"));

const outbox = new Outbox(matchPath, token, {
  head: () => page.version,
  changed: () => (drawQueue(), drawActions()),
  network: (up) => drawNetwork(up),
  sent: (item, reply) => {
    page.version = Math.max(page.version, reply.version);
    const ack = $("ack");
    ack.dataset.state = "ok";
    ack.dataset.version = reply.version;
    ack.textContent = `✓ Recorded: ${item.label} (step ${reply.first_step}${reply.version > reply.first_step ? `–${reply.version}` : ""})`;
    // The acknowledgement is painted first; the table is caught up after that frame,
    // so its reads (frames, allowed, standings) and redraw do not delay the tick.
    // (A hidden page paints no frames: it catches up at once.)
    const afterPaint = document.hidden ? (then) => setTimeout(then, 0) : requestAnimationFrame;
    afterPaint(() => {
      const painted = performance.now();
      window.recountTimings.push(painted - item.tapped);
      // Where the time went: the page before the request, the request, the page after.
      window.recountPhases.push({ page_before: item.sentAt - item.tapped, request: item.answeredAt - item.sentAt, page_after: painted - item.answeredAt });
      setTimeout(refresh, 0);
    });
    live.resumeLater();
  },
  dropped: (item, body) => {
    window.recountDropped += 1;
    $("ack").dataset.state = "refused";
    $("ack").textContent = `✗ Not recorded: ${item.label}`;
    showRule(`Not recorded: ${item.label}. ${body.error || ""}`, body.rule);
    refresh();
    live.resumeLater();
  },
  conflict: async () => {
    const before = page.version;
    await refresh();
    const changed = page.frames.slice(before).map((frame) => `Step ${frame.step}: ${frame.description}`);
    showChanges(changed.length ? ["Recorded meanwhile on another phone:", ...changed, "Your waiting actions are checked again against this."] : []);
  },
});

// --- loading ------------------------------------------------------------------------

async function get(path) {
  const reply = await call(token, path);
  if (reply.status >= 400) {
    const error = new Error(reply.body.error || `${reply.status}`);
    error.status = reply.status;
    throw error;
  }
  return reply.body;
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
  live.pause();
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
    await refresh();
    if (page.refused) return;
    localStorage.setItem(tokenKey, token);
    live.start();
    outbox.pump();
  } catch (error) {
    if (error instanceof NetworkDown) notice("No network: the page will load when it is back.");
    else refuse(refusal(error), error.status);
    if (error instanceof NetworkDown) setTimeout(start, 2000);
  }
}

// The frames after the last one the page has, what the rules allow now and the
// standings; several calls while one runs coalesce into one more.
function refresh() {
  if (page.loading) {
    page.again = true;
    return page.loading;
  }
  page.loading = (async () => {
    try {
      do {
        page.again = false;
        await catchUp();
      } while (page.again);
    } catch (error) {
      if (!(error instanceof NetworkDown)) {
        // A token refused (or a match gone) is final for this page; anything else is said.
        if ([401, 403, 404].includes(error.status)) refuse(refusal(error), error.status);
        else notice(refusal(error));
      } else drawNetwork(false);
    } finally {
      page.loading = null;
    }
  })();
  return page.loading;
}

async function catchUp() {
  let from = page.frames.length + 1;
  while (from) {
    const reply = await get(`${matchPath}/frames?from=${from}&limit=500`);
    for (const frame of reply.frames) if (frame.step === page.frames.length + 1) page.frames.push(frame);
    page.version = Math.max(page.version, reply.version);
    page.finished = reply.finished;
    from = reply.next_step;
  }
  const [allowed, standings] = await Promise.all([get(`${matchPath}/allowed`), get(`${matchPath}/standings`)]);
  if (allowed.version !== page.allowed.version) controls.open = null;
  page.allowed = allowed;
  page.version = Math.max(page.version, allowed.version);
  page.finished = allowed.finished;
  page.standings = standings;
  if (allowed.version < page.version) page.again = true; // recorded meanwhile
  notice("");
  drawAll();
}

// Other phones' steps as they are recorded (record-live.js). The stream brings the
// frames themselves: keep them, and ask only what the rules allow now. A load under
// way may have read that before this step was recorded: refresh() then runs it once
// more (page.again), and until it has, the page is behind (page.version) and offers
// nothing stale.
const live = new Live({
  url: () => `${matchPath}/live?${new URLSearchParams({ after: page.frames.length, token })}`,
  frames: (reply) => {
    for (const frame of reply.frames) if (frame.step === page.frames.length + 1) page.frames.push(frame);
    page.version = Math.max(page.version, reply.version);
    if (reply.version > page.allowed.version) refresh();
  },
  finished: () => refresh(),
  open: () => drawNetwork(true),
  idle: () => !outbox.items.length,
  refused: () => Boolean(page.refused),
});

// --- recording -------------------------------------------------------------------------

function record(events, label) {
  hideRule();
  $("ack").dataset.state = "sending";
  $("ack").textContent = `… ${label}`;
  live.pause();
  outbox.add(events, label, page.version);
}

// A greyed action tapped: ask the dry run why, and show the rule's sentence.
async function explain(event, label) {
  try {
    const reply = await call(token, `${matchPath}/events/check`, { method: "POST", body: { events: [event], expected_version: page.version } });
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
  fixes.drawHistory(page.frames);
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
  const frame = page.frames[page.frames.length - 1];
  if (!frame) return;
  const ctx = { step: frame.step, frames: page.frames, players: page.summary.players, perspective: "everyone", standings: page.standings, go: () => {} };
  let drawn;
  try {
    drawn = page.renderer.render(frame, ctx);
  } catch (error) {
    drawn = generic.render(frame);
  }
  $("board").replaceChildren(drawn);
  $("caption").replaceChildren(h("span", { class: "step-no" }, `Step ${frame.step}`), " ", h("span", { class: "description" }, frame.description));
}

function fresh() {
  return page.allowed.version === page.version;
}

function drawActions() {
  const waiting = outbox.waitingPlayers();
  const queued = outbox.items.length > 0;
  // While actions wait, only players who have none waiting are offered theirs; the
  // table's own actions wait for the head (they depend on what the players did).
  const choices = !fresh() ? [] : page.allowed.choices.filter((choice) => (queued ? choice.player && !waiting.has(choice.player) : true));
  if (!queued) controls.autoOpen(choices);
  const frame = page.frames[page.frames.length - 1];
  const forbidden = fresh() && !queued && frame && page.renderer.forbidden ? page.renderer.forbidden(frame, choices) : [];
  $("actions").replaceChildren(...controls.draw(choices, { finished: page.finished && fresh(), waiting: queued || !fresh(), offline: page.offline, forbidden }));
  if (page.renderer.bindHandTaps) page.renderer.bindHandTaps($("board"), fresh() && !queued ? choices : [], controls);
  drawTurn(choices, queued);
  // For tests and the benchmark: the page shows what the rules allow at this version.
  $("actions").dataset.version = page.version;
  $("actions").dataset.settled = String(fresh() && !queued && !page.again);
}

function drawTurn(choices, queued) {
  const players = [...new Set(choices.map((choice) => choice.player).filter(Boolean))];
  const turn = $("turn");
  if (page.finished && fresh()) turn.textContent = "Match over";
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
  const standings = page.standings;
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
