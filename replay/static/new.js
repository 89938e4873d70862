// The new-match page: the form is generated from the chosen system's ruleset schema
// (GET /systems/{name}); the match is created with the ordinary POST /matches, and
// its links are shown by match-links.js.
import { api as json, keepWriteToken, keptWriteToken, matchPathOf } from "/static/api.js";
import { $, h } from "/static/dom.js";
import { drawLinks } from "/static/match-links.js";
import { drawOptions } from "/static/new-options.js";

const setups = {}; // system name -> GET /systems/{name}
let current = null; // the chosen system's setup
let controls = []; // one per ruleset option: { field, read(), preset }

function notice(message) {
  $("notice").textContent = message;
  $("notice").hidden = !message;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// --- players ---------------------------------------------------------------------------

function playerRow(name = "") {
  const input = h("input", { type: "text", class: "player-name", value: name, maxlength: current?.limits?.name, autocomplete: "off", "aria-label": "Player's name", placeholder: "Name" });
  const row = h(
    "li",
    { class: "player" },
    input,
    h("button", { type: "button", class: "icon", title: "Move up a seat", "aria-label": "Move up a seat", onclick: () => row.previousElementSibling?.before(row) }, "↑"),
    h("button", { type: "button", class: "icon", title: "Remove", "aria-label": "Remove this player", onclick: () => row.remove() }, "✕"),
  );
  return row;
}

function players() {
  return [...document.querySelectorAll("#players .player-name")].map((input) => input.value.trim()).filter(Boolean);
}

// Enough empty seats for the fewest players the rules allow; names already typed stay.
function fillSeats(least) {
  const list = $("players");
  while (list.children.length < least) list.append(playerRow());
}

// --- options ---------------------------------------------------------------------------

function countChanged() {
  const changed = controls.filter(({ row }) => row.classList.contains("changed")).length;
  $("changed-count").textContent = changed;
}

function drawHouseRules() {
  const preset = current.presets[$("preset").value] || {};
  const drawn = drawOptions(current, preset, countChanged);
  controls = drawn.controls;
  $("options").replaceChildren(...drawn.sections);
  $("preset-sentence").textContent = current.preset_words?.[$("preset").value] || "";
  countChanged();
}

// The options the user changed from the preset; a field that cannot be read is named.
function changedOptions() {
  const options = {};
  let wrong = null;
  for (const { field, label, read, preset, row } of controls) {
    const error = row.querySelector(".field-error");
    error.hidden = true;
    try {
      const value = read();
      if (!same(value, preset)) options[field] = value;
    } catch (problem) {
      error.textContent = `${label}: ${problem.message}.`;
      error.hidden = false;
      $("house-rules").open = true;
      wrong = wrong || row;
    }
  }
  return { options, wrong };
}

// --- modes -----------------------------------------------------------------------------

function drawModes() {
  const modes = current.modes;
  const fieldset = $("modes");
  fieldset.replaceChildren(h("legend", { class: "name" }, modes?.question || "Mode"));
  $("mode-rule").replaceChildren();
  if (!modes) {
    fieldset.hidden = true;
    return;
  }
  fieldset.hidden = false;
  fieldset.append(
    ...modes.choices.map((mode) =>
      h(
        "label",
        { class: "mode" },
        h("input", { type: "radio", name: "mode", value: mode.value, checked: mode.value === modes.default }),
        h("span", { class: "mode-text" }, mode.label),
      ),
    ),
  );
  $("mode-rule").append(h("q", null, modes.rule.quote), " ", h("cite", null, modes.rule.source));
}

function chosenMode() {
  return document.querySelector('#modes input[name="mode"]:checked')?.value ?? null;
}

// --- choosing a system -------------------------------------------------------------------

async function chooseSystem(name) {
  notice("");
  $("refused").hidden = true;
  try {
    current = setups[name] || (setups[name] = await json(`/systems/${encodeURIComponent(name)}`));
  } catch (error) {
    notice(`The rules of ${name} could not be loaded: ${error.message}`);
    return;
  }
  $("preset").replaceChildren(...Object.keys(current.presets).map((preset) => h("option", { value: preset, selected: preset === current.default_preset }, (current.preset_words?.[preset] || preset).split(",")[0])));
  $("system-sentence").textContent = current.sentence || "";
  const limits = current.limits || {};
  if (limits.title) $("title").maxLength = limits.title;
  for (const input of document.querySelectorAll("#players .player-name")) if (limits.name) input.maxLength = limits.name;
  drawModes();
  drawHouseRules();
  fillSeats(current.presets[current.default_preset]?.min_players || 2);
  const url = new URL(location.href);
  url.searchParams.delete("created");
  url.searchParams.set("system", name);
  history.replaceState(null, "", url);
}

// --- creating ----------------------------------------------------------------------------

function refused(error, box = $("refused"), what = "Not created") {
  const rule = error.body?.rule;
  // Field by field for a malformed setup; a notation file's refusal names its line in the message.
  const listed = Array.isArray(error.body?.details) ? error.body.details : [];
  const details = listed.map((detail) => [detail.key, detail.message].filter(Boolean).join(": "));
  const parts = [h("p", { class: "refused-what" }, `${what}: ${error.message}`)];
  if (rule) parts.push(h("blockquote", { class: "rule" }, h("p", null, rule.quote), h("cite", null, rule.source)));
  if (details.length) parts.push(h("ul", null, details.map((detail) => h("li", null, detail))));
  box.replaceChildren(...parts);
  box.hidden = false;
  box.scrollIntoView({ block: "center" });
}

// --- the server's create token ------------------------------------------------------------

// A server may ask a create token of whoever makes a match (RECOUNT_CREATE_TOKEN): its
// operator hands it over as /new#create=<token> (the fragment never reaches a server) or
// it is typed once; this phone keeps it for the next match.
const CREATE_TOKEN_KEY = "recount.create";

function createToken() {
  return $("create-token").value.trim() || localStorage.getItem(CREATE_TOKEN_KEY) || "";
}

function keepCreateToken(token) {
  try {
    if (token) localStorage.setItem(CREATE_TOKEN_KEY, token);
    else localStorage.removeItem(CREATE_TOKEN_KEY);
  } catch {
    // A browser that keeps nothing: the field stays filled for this page's next match.
  }
}

// The server's token from the address, kept, then dropped from the address bar.
function createTokenFromAddress() {
  const given = new URLSearchParams(location.hash.slice(1)).get("create");
  if (!given) return;
  keepCreateToken(given);
  history.replaceState(null, "", location.pathname + location.search);
}

// POST to a creating route with the create token this phone has; a 401 or 403 (none, or
// not the server's) shows the field to type it in and forgets the kept one.
async function creating(path, options) {
  const token = createToken();
  try {
    const created = await json(path, { ...options, token: token || undefined });
    if (token) keepCreateToken(token);
    return created;
  } catch (error) {
    if (error.status === 401 || error.status === 403) {
      keepCreateToken("");
      $("create-token-box").hidden = false;
      $("create-token").focus();
    }
    throw error;
  }
}

async function create(event) {
  event.preventDefault();
  $("refused").hidden = true;
  const { options, wrong } = changedOptions();
  if (wrong) {
    wrong.scrollIntoView({ block: "center" });
    return;
  }
  const setup = {
    system: current.name,
    preset: $("preset").value,
    players: players(),
    options,
    title: $("title").value.trim(),
    keep_hands_private: $("private").checked,
  };
  const mode = chosenMode();
  if (mode) setup.mode = mode;
  else if (current.modes) {
    // The rules leave the mode to the players (no default): asked here, with the rule's
    // sentence, rather than sent without one (the service's refusal reads "got None").
    const names = current.modes.choices.map((choice) => choice.value).join(" or ");
    refused(Object.assign(new Error(`choose the mode first: ${names}.`), { body: { rule: current.modes.rule } }));
    return;
  }
  const button = $("create");
  button.disabled = true;
  try {
    const created = await creating("/matches", { method: "POST", body: setup });
    showCreated(created, setup);
  } catch (error) {
    refused(error);
  } finally {
    button.disabled = false;
  }
}

// A notation file becomes a match (POST /imports/notation); its links are shown as a
// created match's are, from the tokens the import answers with.
async function importFile(event) {
  event.preventDefault();
  const box = $("import-refused");
  box.hidden = true;
  const file = $("import-file").files[0];
  if (!file) return refused(new Error("choose a notation file first"), box, "Not imported");
  const button = $("import-send");
  button.disabled = true;
  try {
    const created = await creating("/imports/notation", { method: "POST", text: await file.text() });
    keepCreated(created);
    if (!(await reopen(created.match_id))) throw new Error("the match was imported, but its links could not be shown: reload the page");
  } catch (error) {
    refused(error, box, "Not imported");
  } finally {
    button.disabled = false;
  }
}

// --- the links ---------------------------------------------------------------------------

// The links of a created match, in place of the forms.
function showLinks(id, writeToken, seatTokens, heading) {
  drawLinks(id, writeToken, seatTokens, heading);
  $("setup").hidden = true;
  $("import").hidden = true;
  $("created").hidden = false;
  window.scrollTo(0, 0);
}

function keepCreated(created) {
  try {
    // The recording page reads it from here when its link arrives without the fragment.
    keepWriteToken(created.match_id, created.write_token);
  } catch {
    notice("This browser would not keep the write token: keep the recording link.");
  }
  // A reload (a phone wakes and refreshes the tab) shows these links again: see reopen().
  history.replaceState(null, "", `/new?created=${encodeURIComponent(created.match_id)}`);
}

function showCreated(created, setup) {
  const id = created.match_id;
  keepCreated(created);
  showLinks(id, created.write_token, created.seat_tokens, { title: setup.title || `${current.title} match`, rules: current.preset_words?.[setup.preset] || `${current.title}, ${setup.preset} rules` });
}

// The links of a match this phone created, from the write token it keeps: the seat
// tokens are asked again (GET /matches/{id}/seats needs the write token).
async function reopen(id) {
  const token = keptWriteToken(id);
  if (!token) {
    notice(`This phone does not hold the write token of ${id}: start a new match below.`);
    return false;
  }
  try {
    const [summary, seats, systems] = await Promise.all([json(matchPathOf(id)), json(`${matchPathOf(id)}/seats`, { token }), json("/systems")]);
    const game = systems.find((system) => system.name === summary.system)?.title || summary.system;
    showLinks(id, token, seats, { title: summary.title || `${game} match`, rules: game });
    return true;
  } catch (error) {
    notice(`The links of ${id} could not be shown again: ${error.message}`);
    return false;
  }
}

// --- start -------------------------------------------------------------------------------

async function start() {
  createTokenFromAddress();
  $("add-player").addEventListener("click", () => {
    const row = playerRow();
    $("players").append(row);
    row.querySelector("input").focus();
  });
  $("system").addEventListener("change", () => chooseSystem($("system").value));
  $("preset").addEventListener("change", () => {
    drawHouseRules();
    // A preset may need more players than the system's default (min_players).
    fillSeats(current.presets[$("preset").value]?.min_players || 2);
  });
  $("setup").addEventListener("submit", create);
  $("modes").addEventListener("change", () => ($("refused").hidden = true));
  $("import").addEventListener("submit", importFile);
  const reopened = new URLSearchParams(location.search).get("created");
  if (reopened && (await reopen(reopened))) {
    document.body.dataset.ready = "true";
    return;
  }
  let systems;
  try {
    // Each game's setup says where the game is listed (0 first: the game a match starts from).
    const names = (await json("/systems")).map((system) => system.name);
    const loaded = await Promise.all(names.map((name) => json(`/systems/${encodeURIComponent(name)}`)));
    for (const setup of loaded) setups[setup.name] = setup;
    systems = loaded.sort((a, b) => (a.listed ?? 99) - (b.listed ?? 99));
  } catch (error) {
    notice(`The game systems could not be loaded: ${error.message}`);
    return;
  }
  const asked = new URLSearchParams(location.search).get("system");
  const chosen = systems.some((system) => system.name === asked) ? asked : systems[0]?.name;
  $("system").replaceChildren(...systems.map((system) => h("option", { value: system.name, selected: system.name === chosen }, system.title)));
  if (chosen) await chooseSystem(chosen);
  document.body.dataset.ready = "true";
}

start();
