// The replay page's frames: loaded a page at a time for the perspective asked (the page
// of the step the address names first), and followed live while the match runs (by
// match-client.js, as every page follows a match).
import { h } from "/static/dom.js";
import { MatchClient, withViews } from "/static/match-client.js";
import { $, PAGE_SIZE, api, askedStep, matchPath, readerToken, replay, token, withPerspective } from "/static/replay-state.js";
import { appendEvents, drawEvents, drawHeading, drawPerspective, drawPosition, drawStatus, drawTokenButton, keepStandings, markEvent, notice, show, standingsFor } from "/static/replay-view.js";

// --- loading ---------------------------------------------------------------------------

// Frames come as patches (withViews): the first of each page patches step 1's view,
// which the page reads first, the others the step before.

// A step asked for past this many steps is drawn from its own page first: step 1's view,
// then the page from that step, and the steps around it after it is drawn.
const WINDOW_FIRST = PAGE_SIZE;

async function framesPage(params) {
  return api(`${matchPath}/frames?${withPerspective(new URLSearchParams({ ...params, patches: true }))}`);
}

export async function loadFrames() {
  const generation = ++replay.generation;
  stopLive();
  // A match opens where it stands: a finished one on its last step (its standings final),
  // a running one on its live head. A long one loads the page of that step first.
  const head = replay.summary?.version || 0;
  const asked = askedStep() ?? (head > WINDOW_FIRST ? head : null);
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
      const target = asked ?? Infinity;
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

// --- live: the match client's stream (the token goes in the query of that one request:
// EventSource cannot send headers) --------------------------------------------------------

function startLive() {
  if (replay.finished || !window.EventSource) return;
  const client = new MatchClient(matchPath, { token: readerToken(), query: () => withPerspective(new URLSearchParams()), standingsPatches: false });
  // It runs on from the frames this page loaded (the same array: what it adds, the page has).
  Object.assign(client, { frames: replay.frames, version: replay.version });
  const generation = replay.generation;
  replay.source = client;
  $("live").hidden = false;
  client.subscribe((change) => {
    if (generation !== replay.generation) return;
    if (change.open) {
      $("live").classList.remove("lost");
      $("live").dataset.state = "open";
    } else if (change.lost) {
      // EventSource reconnects by itself (resuming after the last step it got).
      $("live").classList.add("lost");
      $("live").dataset.state = "lost";
    } else if (change.finished) finished(generation);
    else if (change.frames) arrived(client, change);
  });
  client.follow();
}

function arrived(client, change) {
  const added = change.frames;
  const before = replay.frames.length - added.length;
  const following = replay.step === before;
  // The stream says the standings when they change: unsaid, they are those of the step before.
  const standings = change.standings || replay.standingsAt.get(before);
  if (standings && added.length) keepStandings(replay.frames.length, standings);
  replay.version = client.version;
  if (!added.length) return;
  appendEvents(added);
  if (following && !replay.timer) show(replay.frames.length);
  else drawPosition();
  $("live").classList.remove("pulse");
  void $("live").offsetWidth; // restart the animation
  $("live").classList.add("pulse");
}

function finished(generation) {
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
}

function stopLive() {
  if (replay.source) replay.source.stop();
  replay.source = null;
  $("live").hidden = true;
  $("live").dataset.state = "closed";
}
