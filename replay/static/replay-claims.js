// Beside the standings: who confirmed them ("confirmed by 3 of 4"), the disputes raised
// with the record's verdict on each (a link to the step that shows it), and for a
// player who opened the viewer with their seat token, at the last step of a finished
// match, a button to confirm. Once the standings are final, a claim made at the table
// ("Al scored 3") is checked against the record (POST /standings/check), and a player
// may raise it as a dispute. Kept apart from replay.js: it reads only the address and
// the page's slider, and asks the API itself.
import { addressMatchId, addressToken as token, api as ask, matchPathOf } from "/static/api.js";
import { $, h } from "/static/dom.js";
import { ordinal } from "/static/replay-standings.js";

const matchPath = matchPathOf(addressMatchId());
const claims = { confirmations: null, disputes: [], reading: false, standings: null };

const api = (path, options) => ask(path, { ...options, token: token() });

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
  drawClaimForm();
}

// --- a claim checked against the record ------------------------------------------------

// The claim as the API takes it: every player's place and score as the record has them,
// but for what the claim says of one player (a place, a score, or both).
function claimed(form) {
  const player = form.player.value;
  const number = (field) => (field.value.trim() === "" ? null : Number(field.value));
  return claims.standings.placings.map((placing) =>
    placing.player === player
      ? { player, place: number(form.place) ?? placing.place, score: number(form.score) ?? placing.score }
      : { player: placing.player, place: placing.place, score: placing.score },
  );
}

const sentence = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;

// The verdict's words and the step that shows it, as nodes (replaceChildren takes no nested list nor null).
function verdictLine(verdict) {
  return [
    // The record's own words say it differs ("the record gives …"): said once, not twice.
    verdict.agree ? h("strong", null, "The record agrees.") : h("strong", null, sentence(verdict.message)),
    verdict.step ? " " : null,
    verdict.step ? h("a", { href: stepHref(verdict.step), class: "verdict-step", "data-step": verdict.step }, `see step ${verdict.step}`) : null,
  ].filter((part) => part !== null);
}

function drawClaimForm() {
  const final = Boolean(claims.confirmations && claims.confirmations.final && claims.standings);
  let form = $("claim");
  if (!final) {
    if (form) form.hidden = true;
    return;
  }
  if (!form) {
    const field = { font: "inherit", padding: ".3rem .4rem", "min-height": "2.2rem", "max-width": "6rem" };
    form = h(
      "form",
      { id: "claim", class: "claim-form", "aria-label": "Check a claim", style: { display: "grid", gap: ".4rem", "margin-top": ".6rem" } },
      h("strong", null, "Check a claim"),
      h("span", { class: "muted" }, "What someone says of one player; the others are taken as recorded."),
      h(
        "span",
        { style: { display: "flex", "flex-wrap": "wrap", gap: ".4rem", "align-items": "center" } },
        h("select", { name: "player", "aria-label": "Player", style: field }),
        h("input", { name: "place", type: "number", min: 1, step: 1, inputmode: "numeric", placeholder: "place", "aria-label": "Place claimed", style: field }),
        h("input", { name: "score", type: "number", step: "any", inputmode: "decimal", placeholder: "score", "aria-label": "Score claimed", style: field }),
        h("button", { type: "submit", style: { ...field, "max-width": "none", padding: ".3rem .8rem" } }, "Check"),
        h("button", { type: "button", name: "dispute", class: "secondary", hidden: true, style: { ...field, "max-width": "none" } }, "Dispute the record"),
      ),
      h("p", { class: "claim-verdict", role: "status", style: { margin: 0 } }),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      checkClaim(form, `${matchPath}/standings/check`);
    });
    form.dispute.addEventListener("click", () => checkClaim(form, `${matchPath}/disputes`));
    $("disputes").after(form);
  }
  const players = claims.standings.placings.map((placing) => placing.player);
  if ([...form.player.options].map((option) => option.value).join("\n") !== players.join("\n")) {
    form.player.replaceChildren(...players.map((player) => h("option", { value: player }, player)));
  }
  // A player (their seat token) may raise the claim as a dispute, kept beside the match.
  form.dispute.hidden = !claims.confirmations.you;
  form.hidden = false;
}

async function checkClaim(form, path) {
  const out = form.querySelector(".claim-verdict");
  if (form.place.value.trim() === "" && form.score.value.trim() === "") {
    out.replaceChildren("Say the place or the score claimed.");
    return;
  }
  try {
    const answer = await api(path, { method: "POST", body: { placings: claimed(form) } });
    if (path.endsWith("/disputes")) {
      claims.disputes = [...claims.disputes, answer];
      out.replaceChildren("Dispute raised: ", ...verdictLine(answer.verdict));
      draw();
    } else out.replaceChildren(...verdictLine(answer));
  } catch (error) {
    out.replaceChildren(`Not checked: ${error.message}`);
  }
}

function disputeItem(dispute) {
  const verdict = dispute.verdict;
  // Said once, as the standings say a place: "Betty claims 1st place", or the whole order.
  const own = dispute.placings.length === 1 && dispute.placings[0].player === dispute.player;
  const claimed = own ? `${ordinal(dispute.placings[0].place)} place` : dispute.placings.map((p) => `${ordinal(p.place)} ${p.player}`).join(", ");
  return h(
    "li",
    { class: verdict.agree ? "dispute agrees" : "dispute differs" },
    h("span", { class: "claimant" }, `${dispute.player} claims ${claimed}. `),
    h("span", { class: "verdict" }, verdict.agree ? "The record agrees." : sentence(verdict.message)),
    verdict.step ? [" ", h("a", { href: stepHref(verdict.step), class: "verdict-step", "data-step": verdict.step }, `see step ${verdict.step}`)] : null,
  );
}

async function load() {
  try {
    [claims.confirmations, claims.disputes] = await Promise.all([api(`${matchPath}/confirmations`), api(`${matchPath}/disputes`)]);
    if (claims.confirmations.final && !claims.standings) claims.standings = await api(`${matchPath}/standings`);
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
