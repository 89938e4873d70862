// The replay page's drawing: the heading, the board with the step shown (drawn by the
// game system's renderer), the caption, the position, the list of steps and the
// standings as of the step shown.
import { clock, h, when } from "/static/dom.js";
import * as generic from "/static/render-generic.js";
import { drawStandings as drawStandingsBox } from "/static/replay-standings.js";
import { $, api, matchId, matchPath, replay, setAddress, stepHref, token, wanted } from "/static/replay-state.js";

// --- drawing ---------------------------------------------------------------------------

// An unknown match: say so where the title and the board would be, with the way back,
// and leave no control live that could only fail.
export function drawMissing() {
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

export function drawHeading(summary) {
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

export function drawStatus() {
  const status = $("subtitle").querySelector(".status");
  if (status) {
    status.textContent = replay.finished ? "finished" : "running";
    status.className = `status ${replay.finished ? "finished" : "running"}`;
  }
}

export function fillPerspectives(players) {
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

export function drawPerspective() {
  const who = replay.perspective;
  const words = who === "everyone" ? "every hand" : who === "spectator" ? "what the table saw" : `${who}’s hand`;
  $("perspective").textContent = `Showing ${words}`;
}

export function drawTokenButton() {
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

export function show(step) {
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
  drawCaption(step);
  drawPosition();
  markEvent(step);
  setAddress({ step });
  standingsFor(step);
}

// The step's number, its words (with the correction that later voided or amended it, linked),
// the player whose phone recorded it (a seat token; none: the write token) and when.
function drawCaption(step) {
  const frame = replay.frames[step - 1];
  const correction = correctedBy.get(step);
  $("caption").replaceChildren(
    h("span", { class: "step-no" }, `Step ${step}`),
    h(
      "span",
      { class: "description" },
      frame.description,
      correction ? [" ", h("a", { class: "corrected-note", href: stepHref(correction.step), "data-step": correction.step }, `(${correctionWords(correction)})`)] : null,
    ),
    frame.recorded_as ? h("span", { class: "recorded-by" }, `recorded from ${frame.recorded_as}’s phone`) : null,
    h("time", { title: when(frame.recorded_at) }, clock(frame.recorded_at)),
  );
}

export function drawPosition() {
  const count = replay.frames.length;
  const slider = $("slider");
  slider.max = Math.max(1, count);
  slider.value = replay.step;
  $("position").textContent = `${replay.step} / ${count}`;
  $("first").disabled = $("prev").disabled = replay.step <= 1;
  $("next").disabled = $("last").disabled = replay.step >= count;
}

// --- corrections: a step voided or amended later is marked where it is listed and shown ---

// Step -> the frame of the correction that corrects it (the latest, when corrected twice).
const correctedBy = new Map();

function correctionWords(correction) {
  return `${correction.type === "EventVoided" ? "voided" : "amended"} at step ${correction.step}`;
}

function correctionNote(correction) {
  return h("em", { class: "corrected-note", "data-by": correction.step }, ` (${correctionWords(correction)})`);
}

// Learn the corrections among `frames`, and mark the steps they correct already listed.
function noteCorrections(frames) {
  for (const frame of frames) {
    if (!frame.corrects) continue;
    correctedBy.set(frame.corrects, frame);
    const item = $("events").children[frame.corrects - 1];
    if (item) markCorrected(item, frame);
  }
}

function markCorrected(item, correction) {
  item.classList.add("corrected");
  item.dataset.correctedBy = correction.step;
  const words = item.querySelector(".d");
  const before = words.querySelector(".corrected-note");
  if (before) before.remove();
  words.append(correctionNote(correction));
}

function eventItem(frame) {
  const item = h(
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
  const correction = correctedBy.get(frame.step);
  if (correction) markCorrected(item, correction);
  return item;
}

export function drawEvents() {
  correctedBy.clear();
  noteCorrections(replay.frames);
  $("events").replaceChildren(...replay.frames.map(eventItem));
  if (correctedBy.has(replay.step) && replay.frames[replay.step - 1]) drawCaption(replay.step); // drawn before the list was
}

export function appendEvents(frames) {
  $("events").append(...frames.map(eventItem));
  noteCorrections(frames);
  // The step shown may be the one just corrected: say so under the board too.
  if (frames.some((frame) => frame.corrects === replay.step)) drawCaption(replay.step);
}

export function markEvent(step) {
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
  // The renderer may say what its scores count (votes, not points) and whether the players
  // sharing a place are partners who win together rather than a tie.
  const words = replay.renderer.standingsWords ? replay.renderer.standingsWords(standings) : null;
  drawStandingsBox(standings, step, { end: atTheEnd(step) && standings.final, stepHref, words });
}

export function notice(message) {
  $("notice").textContent = message;
  $("notice").hidden = !message;
}

// --- the standings as of the step shown ------------------------------------------------

// The standings shown are those as of the step shown, so a replay does not tell the result
// from step 1. They are asked for once the step settles (stepping through many steps asks
// only for the last), and kept per step.
const STANDINGS_SETTLE_MS = 150;
const STANDINGS_KEPT = 64;

export function standingsFor(step) {
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

export function keepStandings(step, standings) {
  if (replay.standingsAt.size >= STANDINGS_KEPT) replay.standingsAt.delete(replay.standingsAt.keys().next().value);
  replay.standingsAt.set(step, standings);
}
