// Beside the standings: who confirmed them ("confirmed by 3 of 4"), the disputes raised
// with the record's verdict on each (a link to the step that shows it), and for a
// player who opened the viewer with their seat token, at the last step of a finished
// match, a button to confirm. Kept apart from replay.js: it reads only the address
// and the page's slider, and asks the API itself.
import { h } from "/static/dom.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
const matchPath = `/matches/${encodeURIComponent(matchId)}`;
const token = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";
const claims = { confirmations: null, disputes: [], reading: false };

async function api(path, options = {}) {
  const headers = token() ? { Authorization: `Bearer ${token()}` } : {};
  const reply = await fetch(path, { ...options, headers });
  const body = await reply.json().catch(() => ({}));
  if (!reply.ok) throw new Error(body.error || `${reply.status} ${reply.statusText}`);
  return body;
}

function stepHref(step) {
  const params = new URLSearchParams(location.search);
  params.set("step", step);
  return `?${params}${location.hash}`;
}

// "At the end": the slider stands at its last step.
function atLastStep() {
  const slider = $("slider");
  return Boolean(slider) && Number(slider.value) === Number(slider.max);
}

function draw() {
  const confirmations = claims.confirmations;
  if (!confirmations) return;
  $("claims").hidden = !confirmations.final && claims.disputes.length === 0;
  const by = confirmations.confirmed_by;
  $("confirmed").textContent = confirmations.final
    ? `${confirmations.words}${by.length ? ` (${by.join(", ")})` : ""}`
    : "The match is still running: its standings are not final yet.";
  const you = confirmations.you;
  $("confirm").hidden = !(confirmations.final && you && !by.includes(you) && atLastStep());
  if (you) $("confirm").textContent = `Confirm these standings (as ${you})`;
  $("disputes").replaceChildren(...claims.disputes.map(disputeItem));
}

function disputeItem(dispute) {
  const verdict = dispute.verdict;
  const claimed = dispute.placings.map((p) => `${p.place}. ${p.player}`).join(", ");
  return h(
    "li",
    { class: verdict.agree ? "dispute agrees" : "dispute differs" },
    h("span", { class: "claimant" }, `${dispute.player} claims ${claimed}: `),
    h("span", { class: "verdict" }, verdict.message),
    verdict.step ? [" ", h("a", { href: stepHref(verdict.step), class: "verdict-step", "data-step": verdict.step }, `see step ${verdict.step}`)] : null,
  );
}

async function load() {
  try {
    [claims.confirmations, claims.disputes] = await Promise.all([api(`${matchPath}/confirmations`), api(`${matchPath}/disputes`)]);
  } catch (error) {
    return; // no such match, or no service: replay.js says so
  }
  draw();
}

async function confirm() {
  $("confirm").disabled = true;
  try {
    claims.confirmations = await api(`${matchPath}/confirmations`, { method: "POST" });
  } catch (error) {
    $("confirmed").textContent = `Not confirmed: ${error.message}`;
    return;
  } finally {
    $("confirm").disabled = false;
  }
  draw();
}

$("confirm").addEventListener("click", confirm);
// The slider moves by the controls, the keys and the live stream: follow its position.
new MutationObserver(draw).observe($("position"), { childList: true, characterData: true, subtree: true });
$("slider").addEventListener("input", draw);
window.addEventListener("hashchange", load);
// A match followed live that ends on the page: its standings turn final there (replay-frames.js
// marks the heading's status "finished"), and so do the confirmations, read again once.
new MutationObserver(() => {
  const status = $("subtitle").querySelector(".status");
  if (status && status.textContent === "finished" && claims.confirmations && !claims.confirmations.final && !claims.reading) {
    claims.reading = true;
    load().finally(() => (claims.reading = false));
  }
}).observe($("subtitle"), { childList: true, characterData: true, subtree: true });
load();
