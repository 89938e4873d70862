// The replay page: loads a match's frames for one perspective, draws the step the
// address names with the game system's renderer, and follows a running match live.
// Knows no single game: render-<system>.js does the drawing, render-generic.js when
// a system has no renderer of its own.
import { clock, h, when } from "/static/dom.js";
import * as generic from "/static/render-generic.js";
import { apply } from "/static/patches.js";
import { drawStandings as drawStandingsBox } from "/static/replay-standings.js";

const PAGE_SIZE = 500;
const PLAY_EVERY_MS = 900;
const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
const matchPath = `/matches/${encodeURIComponent(matchId)}`;

const replay = {
  frames: [], // frames[i] is the frame of step i + 1
  step: 0,
  version: 0,
  finished: false,
  perspective: "",
  summary: null,
  standings: null, // the standings as of the step shown (public to every reader); some renderers draw from them
  standingsAt: new Map(), // step -> standings as of that step (a small cache: stepping back and forth asks once)
  standingsTimer: null,
  missing: false, // the match does not exist: nothing to replay
  tokenRefused: false, // the token in the address was refused: the page shows what a spectator may see
  renderer: generic,
  timer: null,
  source: null,
  generation: 0, // bumped by each (re)load, so an older load's pages are dropped
};

// --- the address: ?step=N&as=WHO in the query, #token=… in the fragment (never sent
// to the server in a URL, so it stays out of its logs) --------------------------------

const query = () => new URLSearchParams(location.search);
const token = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";
const wanted = () => query().get("as") || "";

function setAddress(changes, hash = location.hash) {
  const params = query();
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  history.replaceState(null, "", `${location.pathname}${search ? `?${search}` : ""}${hash}`);
}

function stepHref(step) {
  const params = query();
  params.set("step", step);
  return `?${params}${location.hash}`;
}

// --- the API ---------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function api(path) {
  const headers = { Accept: "application/json" };
  if (token() && !replay.tokenRefused) headers.Authorization = `Bearer ${token()}`;
  const reply = await fetch(path, { headers });
  const body = await reply.json().catch(() => ({}));
  if (!reply.ok) throw new ApiError(reply.status, body.error || `${reply.status} ${reply.statusText}`);
  return body;
}

function withPerspective(params) {
  // A refused token falls back to the spectator's view rather than a blank board.
  if (replay.tokenRefused) params.set("as", "spectator");
  else if (wanted()) params.set("as", wanted());
  return params;
}

async function loadRenderer(system) {
  try {
    return await import(`/static/render-${encodeURIComponent(system)}.js`);
  } catch {
    return generic; // no renderer for this system yet
  }
}

// --- loading ---------------------------------------------------------------------------

async function start() {
  bindControls();
  try {
    const summary = await api(matchPath);
    replay.summary = summary;
    replay.renderer = await loadRenderer(summary.system);
    drawHeading(summary);
    fillPerspectives(summary.players);
    await loadFrames();
  } catch (error) {
    if (error.status === 404) return drawMissing();
    notice(error.message);
  }
}

// An unknown match: say so where the title and the board would be, with the way back,
// and leave no control live that could only fail.
function drawMissing() {
  replay.missing = true;
  document.title = "No such match · Recount";
  $("title").textContent = "No such match";
  $("subtitle").textContent = `There is no match “${matchId}” here.`;
  $("board").replaceChildren(
    h("div", { class: "board-message" }, h("p", null, `No match has the id “${matchId}”: the address may be mistyped, or the match was recorded on another server.`), h("p", null, h("a", { href: "/" }, "See every match"))),
  );
  $("caption").replaceChildren();
  $("standings").replaceChildren(h("p", { class: "muted" }, "No standings: there is no such match."));
  for (const id of ["first", "prev", "play", "next", "last", "slider", "as", "token"]) $(id).disabled = true;
  $("position").textContent = "–";
  notice("");
}

// Frames come as patches (replay/patches.py): the first of each page patches step 1's
// view, which the page reads first, the others the step before. Each frame kept here
// has its whole `view` put back, so renderers read frames as they always did.
function withViews(page, frames) {
  for (const frame of page.frames) {
    const base = frame.base === 0 ? undefined : frames[frame.base - 1];
    if (frame.base !== 0 && !base) throw new Error(`step ${frame.step} came before step ${frame.base}`);
    const { patch, base: _, ...rest } = frame;
    frames[frame.step - 1] = { ...rest, view: frame.base === 0 ? patch : apply(base.view, patch) };
  }
  return page.frames.map((frame) => frames[frame.step - 1]);
}

// A step asked for past this many steps is drawn from its own page first: step 1's view,
// then the page from that step, and the steps around it after it is drawn.
const WINDOW_FIRST = PAGE_SIZE;

async function framesPage(params) {
  return api(`${matchPath}/frames?${withPerspective(new URLSearchParams({ ...params, patches: true }))}`);
}

async function loadFrames() {
  const generation = ++replay.generation;
  stopLive();
  const asked = Number(query().get("step")) || null;
  const frames = [];
  const keep = (page) => Object.assign(replay, { frames, version: page.version, finished: page.finished, perspective: page.perspective });
  let shown = false;
  try {
    let from = 1;
    if (asked && asked > WINDOW_FIRST) {
      // The page of the step asked for first, drawn at once; the steps before it after.
      // (Asked together: a step past the end gives an empty page, and the last page is asked for then.)
      let [first, window] = await Promise.all([framesPage({ from: 1, to: 1 }), framesPage({ from: asked, limit: PAGE_SIZE })]);
      if (generation !== replay.generation) return;
      if (!window.frames.length) window = await framesPage({ from: Math.max(1, first.version - PAGE_SIZE + 1), limit: PAGE_SIZE });
      if (generation !== replay.generation) return;
      withViews(first, frames);
      withViews(window, frames);
      keep(window);
      show(Math.min(asked, window.version));
      shown = true;
      for (let at = 2; at && at < window.frames[0].step; ) {
        const page = await framesPage({ from: at, to: window.frames[0].step - 1, limit: PAGE_SIZE });
        if (generation !== replay.generation) return;
        withViews(page, frames);
        at = page.next_step;
      }
      drawEvents();
      markEvent(replay.step);
      from = window.next_step;
    }
    while (from) {
      const page = await framesPage({ from, limit: PAGE_SIZE });
      if (generation !== replay.generation) return;
      const added = withViews(page, frames);
      keep(page);
      from = page.next_step;
      // Draw as soon as the step asked for has arrived; later pages only extend the list.
      const target = asked ?? (page.finished ? 1 : Infinity);
      if (!shown && (target <= frames.length || !from)) {
        drawEvents();
        show(Math.min(target, frames.length));
        shown = true;
      } else if (shown) {
        appendEvents(added);
        drawPosition();
      }
    }
  } catch (error) {
    if (generation !== replay.generation) return;
    if ((error.status === 401 || error.status === 403) && token() && !replay.tokenRefused) {
      // The token is wrong for this match (or for the seat asked): show what a spectator may see.
      replay.tokenRefused = true;
      drawTokenButton();
      await loadFrames();
      notice(`${error.message}. Showing what a spectator may see; use “Token ✗” to enter another token.`);
      return;
    }
    notice(explain(error));
    if (!replay.frames.length) $("board").replaceChildren(h("div", { class: "board-message" }, h("p", null, explain(error))));
    return;
  }
  if (!replay.tokenRefused) notice("");
  drawPerspective();
  drawStatus();
  startLive();
}

// The standings shown are those as of the step shown, so a replay does not tell the result
// from step 1. They are asked for once the step settles (stepping through many steps asks
// only for the last), and kept per step.
const STANDINGS_SETTLE_MS = 150;
const STANDINGS_KEPT = 64;

function standingsFor(step) {
  clearTimeout(replay.standingsTimer);
  const known = replay.standingsAt.get(step);
  if (known) return drawStandings(known, step);
  replay.standingsTimer = setTimeout(() => loadStandings(step), STANDINGS_SETTLE_MS);
}

async function loadStandings(step = replay.step) {
  if (!step || replay.missing) return;
  try {
    const standings = await api(`${matchPath}/standings?step=${step}`);
    keepStandings(step, standings);
    if (step === replay.step) drawStandings(standings, step);
  } catch (error) {
    $("standings").replaceChildren(h("p", { class: "muted" }, `No standings: ${error.message}`));
  }
}

function keepStandings(step, standings) {
  if (replay.standingsAt.size >= STANDINGS_KEPT) replay.standingsAt.delete(replay.standingsAt.keys().next().value);
  replay.standingsAt.set(step, standings);
}

function explain(error) {
  if (error.status === 401 || error.status === 403) {
    return `${error.message}. Choose another “seen as”, or use “Token…” to enter a seat token.`;
  }
  return error.message;
}

// --- live: server-sent events (EventSource cannot send headers, so the token goes in
// the query of this one request) -------------------------------------------------------

function startLive() {
  if (replay.finished || !window.EventSource) return;
  const params = withPerspective(new URLSearchParams({ after: replay.frames.length, patches: true }));
  if (token()) params.set("token", token());
  const source = new EventSource(`${matchPath}/live?${params}`);
  const generation = replay.generation;
  replay.source = source;
  $("live").hidden = false;
  source.onopen = () => {
    $("live").classList.remove("lost");
    $("live").dataset.state = "open";
  };
  source.onerror = () => {
    // EventSource reconnects by itself (resuming after the last step it got).
    $("live").classList.add("lost");
    $("live").dataset.state = "lost";
  };
  source.addEventListener("frames", (message) => {
    if (generation !== replay.generation) return;
    const page = JSON.parse(message.data);
    const following = replay.step === replay.frames.length;
    const before = replay.frames.length;
    const next = page.frames.find((frame) => frame.step > before);
    if (next && next.step !== before + 1) {
      loadFrames(); // a gap: start again rather than show a wrong table
      return;
    }
    const fresh = withViews({ frames: page.frames.filter((frame) => frame.step > before) }, replay.frames);
    // The stream says the standings when they change: unsaid, they are those of the step before.
    const last = replay.frames.length;
    const standings = page.standings || replay.standingsAt.get(before);
    if (standings && last > before) keepStandings(last, standings);
    replay.version = page.version;
    appendEvents(fresh);
    if (following && !replay.timer) show(replay.frames.length);
    else drawPosition();
    $("live").classList.remove("pulse");
    void $("live").offsetWidth; // restart the animation
    $("live").classList.add("pulse");
  });
  source.addEventListener("finished", () => {
    if (generation !== replay.generation) return;
    stopLive();
    // Once a match is over its hands may open to everyone: load again for the reader.
    api(matchPath).then(drawHeading).catch(() => {});
    replay.standingsAt.clear(); // the last step's standings are final now
    // Once over, a match may show a reader more than while it ran (hands open to everyone):
    // read it again only if the perspective the server gives this reader has changed.
    framesPage({ from: 1, to: 1 })
      .then((page) => {
        if (generation !== replay.generation) return;
        if (page.perspective !== replay.perspective) return loadFrames();
        Object.assign(replay, { finished: true, version: page.version });
        drawStatus();
        drawPosition();
        standingsFor(replay.step);
      })
      .catch(() => loadFrames());
  });
}

function stopLive() {
  if (replay.source) replay.source.close();
  replay.source = null;
  $("live").hidden = true;
  $("live").dataset.state = "closed";
}

// --- drawing ---------------------------------------------------------------------------

function drawHeading(summary) {
  replay.summary = summary;
  // The renderer names its game; the generic one knows only the system's name.
  const game = replay.renderer.title || summary.system;
  const title = summary.title || `${game} match`;
  document.title = `${title} · Recount`;
  $("title").textContent = title;
  $("subtitle").replaceChildren(
    h("span", { class: "system" }, game),
    " · ",
    summary.players.join(", "),
    " · ",
    h("span", { class: `status ${summary.finished ? "finished" : "running"}` }, summary.finished ? "finished" : "running"),
    " · ",
    h("time", null, when(summary.created_at)),
  );
}

function drawStatus() {
  const status = $("subtitle").querySelector(".status");
  if (status) {
    status.textContent = replay.finished ? "finished" : "running";
    status.className = `status ${replay.finished ? "finished" : "running"}`;
  }
}

function fillPerspectives(players) {
  const select = $("as");
  const options = [
    ["", "as my token allows"],
    ["spectator", "spectator"],
    ...players.map((player) => [player, player]),
    ["everyone", "everyone (all hands)"],
  ];
  select.replaceChildren(...options.map(([value, label]) => h("option", { value }, label)));
  select.value = wanted();
  drawTokenButton();
}

function drawPerspective() {
  const who = replay.perspective;
  const words = who === "everyone" ? "every hand" : who === "spectator" ? "what the table saw" : `${who}’s hand`;
  $("perspective").textContent = `Showing ${words}`;
}

function drawTokenButton() {
  // ✓ only for a token the server has not refused: a refused one says so.
  $("token").textContent = !token() ? "Token…" : replay.tokenRefused ? "Token ✗" : "Token ✓";
  $("token").classList.toggle("refused", Boolean(token()) && replay.tokenRefused);
}

function context(step) {
  return {
    step,
    frames: replay.frames,
    players: replay.summary ? replay.summary.players : [],
    perspective: replay.perspective,
    standings: replay.standings,
    go: (target) => show(target),
  };
}

function show(step) {
  const count = replay.frames.length;
  if (!count) return;
  step = Math.max(1, Math.min(count, Math.round(step) || 1));
  const frame = replay.frames[step - 1];
  if (!frame) return; // a step of a page still on its way
  replay.step = step;
  let drawn;
  try {
    drawn = replay.renderer.render(frame, context(step));
  } catch (error) {
    console.error(error);
    drawn = h("div", null, h("p", { class: "notice" }, `This step could not be drawn (${error.message}); what was recorded:`), generic.render(frame));
  }
  $("board").replaceChildren(drawn);
  $("board").dataset.renderer = replay.renderer.name;
  $("caption").replaceChildren(
    h("span", { class: "step-no" }, `Step ${step}`),
    h("span", { class: "description" }, frame.description),
    h("time", { title: when(frame.recorded_at) }, clock(frame.recorded_at)),
  );
  drawPosition();
  markEvent(step);
  setAddress({ step });
  standingsFor(step);
}

function drawPosition() {
  const count = replay.frames.length;
  const slider = $("slider");
  slider.max = Math.max(1, count);
  slider.value = replay.step;
  $("position").textContent = `${replay.step} / ${count}`;
  $("first").disabled = $("prev").disabled = replay.step <= 1;
  $("next").disabled = $("last").disabled = replay.step >= count;
}

function eventItem(frame) {
  return h(
    "li",
    { "data-step": frame.step },
    h(
      "a",
      { href: stepHref(frame.step), "data-step": frame.step },
      h("span", { class: "n" }, frame.step),
      h("span", { class: "d" }, frame.description),
      h("time", null, clock(frame.recorded_at)),
    ),
  );
}

function drawEvents() {
  $("events").replaceChildren(...replay.frames.map(eventItem));
}

function appendEvents(frames) {
  $("events").append(...frames.map(eventItem));
}

function markEvent(step) {
  const list = $("events");
  const before = list.querySelector("li.current");
  if (before) before.classList.remove("current");
  const item = list.children[step - 1];
  if (!item) return;
  item.classList.add("current");
  // Scroll the list, not the page, so the board stays where the reader is looking.
  const top = item.offsetTop; // the list is the items' offset parent (position: relative)
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top - list.clientHeight / 2;
  }
}

function atTheEnd(step) {
  return replay.finished && step === replay.frames.length;
}

function drawStandings(standings, step) {
  replay.standings = standings;
  drawStandingsBox(standings, step, { end: atTheEnd(step) && standings.final, stepHref });
}

function notice(message) {
  $("notice").textContent = message;
  $("notice").hidden = !message;
}

// --- controls --------------------------------------------------------------------------

function play() {
  if (replay.timer) return pause();
  if (replay.step >= replay.frames.length) show(1);
  replay.timer = setInterval(() => {
    if (replay.step >= replay.frames.length) pause();
    else show(replay.step + 1);
  }, PLAY_EVERY_MS);
  $("play").querySelector(".label").textContent = "Pause";
  $("play").setAttribute("aria-pressed", "true");
  $("play").setAttribute("aria-label", "Pause");
}

function pause() {
  clearInterval(replay.timer);
  replay.timer = null;
  $("play").querySelector(".label").textContent = "Play";
  $("play").setAttribute("aria-pressed", "false");
  $("play").setAttribute("aria-label", "Play");
}

function step(by) {
  pause();
  show(replay.step + by);
}

function bindControls() {
  $("first").onclick = () => (pause(), show(1));
  $("prev").onclick = () => step(-1);
  $("next").onclick = () => step(1);
  $("last").onclick = () => (pause(), show(replay.frames.length));
  $("play").onclick = play;
  $("slider").oninput = (event) => (pause(), show(Number(event.target.value)));
  for (const list of [$("events"), $("standings")]) {
    list.addEventListener("click", (event) => {
      const link = event.target.closest("a[data-step]");
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      pause();
      show(Number(link.dataset.step));
    });
  }
  $("as").onchange = (event) => {
    pause();
    setAddress({ as: event.target.value });
    loadFrames();
  };
  $("token").onclick = () => {
    const entered = prompt("A seat token or the match’s write token (kept only in this page’s address; leave empty to forget it):", token());
    if (entered === null) return;
    const hash = entered.trim() ? `#token=${encodeURIComponent(entered.trim())}` : "";
    setAddress({}, hash);
    replay.tokenRefused = false; // a new token gets its chance
    drawTokenButton();
    loadFrames();
  };
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    // Form fields keep their own keys; the slider moves itself with the arrows, Home
    // and End (firing "input"), but space still plays or pauses.
    const field = target.closest ? target.closest("input, select, textarea") : null;
    if (field && !(field.id === "slider" && event.key === " ")) return;
    const actions = {
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => (pause(), show(1)),
      End: () => (pause(), show(replay.frames.length)),
      " ": play,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault(); // no page scroll, and no click on a focused button for space
    action();
  });
}

start();
