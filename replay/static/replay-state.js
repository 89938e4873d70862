// What the replay page's modules share: the state of the replay shown, the address
// (?step=N&as=WHO in the query, #token=… in the fragment: never sent to the server in
// a URL, so it stays out of its logs) and the API, asked with the reader's token.
import { addressMatchId, addressToken, api as ask, matchPathOf } from "/static/api.js";
import * as generic from "/static/render-generic.js";

export { $ } from "/static/dom.js";
export { PAGE_SIZE } from "/static/match-client.js";
export const matchId = addressMatchId();
export const matchPath = matchPathOf(matchId);

export const replay = {
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

// --- the address -----------------------------------------------------------------------

const query = () => new URLSearchParams(location.search);
export const token = addressToken;
export const wanted = () => query().get("as") || "";
export const askedStep = () => Number(query().get("step")) || null;

export function setAddress(changes, hash = location.hash) {
  const params = query();
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  history.replaceState(null, "", `${location.pathname}${search ? `?${search}` : ""}${hash}`);
}

export function stepHref(step) {
  const params = query();
  params.set("step", step);
  return `?${params}${location.hash}`;
}

// --- the API ---------------------------------------------------------------------------

// The reader's token, unless the server refused it (then the page reads as a spectator).
export const readerToken = () => (replay.tokenRefused ? "" : token());

export const api = (path) => ask(path, { token: readerToken() });

export function withPerspective(params) {
  // A refused token falls back to the spectator's view rather than a blank board.
  if (replay.tokenRefused) params.set("as", "spectator");
  else if (wanted()) params.set("as", wanted());
  return params;
}
