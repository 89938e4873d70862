// What-if in the viewer: the match replayed under another preset or other options
// (POST /matches/{id}/what-if). Shows the first step the other rules forbid, with the
// rule's sentence, or the standings under them beside the recorded ones.
import { addressMatchId, addressToken, call as ask, matchPathOf } from "/static/api.js";
import { h } from "/static/dom.js";

const matchPath = matchPathOf(addressMatchId());
const call = (path, options) => ask(path, { ...options, token: addressToken() });

function placings(standings) {
  return Object.fromEntries(standings.placings.map((p) => [p.player, p]));
}

function sideBySide(answer) {
  const recorded = placings(answer.recorded_standings), other = placings(answer.standings);
  const cell = (p) => (p ? `${p.place}${p.score !== null && p.score !== undefined ? ` (${p.score})` : ""}` : "–");
  return h("table", { class: "whatif-table" },
    h("thead", null, h("tr", null, h("th", null, "Player"), h("th", null, "Recorded"), h("th", null, `Under ${answer.preset}`))),
    h("tbody", null, Object.keys(recorded).map((player) =>
      h("tr", { "data-player": player, class: cell(recorded[player]) !== cell(other[player]) ? "changed" : null },
        h("td", null, player), h("td", null, cell(recorded[player])), h("td", null, cell(other[player]))))));
}

// The presets are fetched when the panel is first opened: most readers never open it,
// and a system's presets hold whole rulesets (every card of a deck).
async function loadPresets(preset) {
  const summary = await call(matchPath);
  if (summary.status !== 200) return;
  const system = await call(`/systems/${encodeURIComponent(summary.body.system)}`);
  if (system.status !== 200) return;
  preset.append(...Object.keys(system.body.presets).map((name) => h("option", { value: name }, name)));
}

async function mount() {
  const side = document.querySelector("aside.side") || document.body;
  const preset = h("select", { id: "whatif-preset", "aria-label": "Preset" }, h("option", { value: "" }, "(the match's own)"));
  const options = h("textarea", { id: "whatif-options", rows: 2, placeholder: '{"role_points": [3, 1, 0, -1, -3]}', "aria-label": "Options as JSON" });
  const out = h("div", { id: "whatif-result", role: "status", "aria-live": "polite" });
  const run = async () => {
    let body = {};
    if (preset.value) body.preset = preset.value;
    if (options.value.trim()) {
      try { body.options = JSON.parse(options.value); }
      catch (error) { out.replaceChildren(h("p", { class: "error" }, `The options are not JSON: ${error.message}`)); return; }
    }
    const reply = await call(`${matchPath}/what-if`, { method: "POST", body });
    if (reply.status !== 200) return out.replaceChildren(h("p", { class: "error" }, reply.body.error || `HTTP ${reply.status}`));
    const answer = reply.body;
    if (!answer.legal) {
      out.replaceChildren(
        h("p", { class: "whatif-illegal" }, `Under these rules step ${answer.step} is not allowed: ${answer.error}`),
        answer.rule ? h("blockquote", null, answer.rule.quote) : null,
        answer.rule ? h("p", { class: "source" }, answer.rule.source) : null,
        answer.step > 1 ? h("a", { href: `?step=${answer.step}${location.hash}` }, `Go to step ${answer.step}`) : null);
    } else {
      out.replaceChildren(h("p", null, answer.standings.final ? "Final standings:" : "Standings so far:"), sideBySide(answer));
    }
  };
  let presetsAsked = false;
  const panel = h("details", { class: "whatif", id: "whatif", ontoggle: () => {
    if (panel.open && !presetsAsked) { presetsAsked = true; loadPresets(preset); }
  } },
    h("summary", null, "What if…"),
    h("p", { class: "muted" }, "Replay this match under another preset or other options (a house rule the table argued about)."),
    h("label", null, "Preset ", preset), options,
    h("button", { id: "whatif-run", type: "button", onclick: run }, "Replay under these rules"), out);
  side.append(panel);
}

mount();
