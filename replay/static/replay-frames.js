// The replay page's frames: loaded a page at a time for the perspective asked (the page
// of the step the address names first), and followed live while the match runs.
import { h } from "/static/dom.js";
import { apply } from "/static/patches.js";
import { $, PAGE_SIZE, api, askedStep, matchPath, replay, token, withPerspective } from "/static/replay-state.js";
import { appendEvents, drawEvents, drawHeading, drawPerspective, drawPosition, drawStatus, drawTokenButton, keepStandings, markEvent, notice, show, standingsFor } from "/static/replay-view.js";

// --- loading ---------------------------------------------------------------------------

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

export async function loadFrames() {
  const generation = ++replay.generation;
  stopLive();
  const asked = askedStep();
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
