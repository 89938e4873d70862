// The index of matches: every match, newest first (page after page), each linked to its
// replay, with what is played (game, preset, mode, in the game's words), by whom, whether
// it runs or has finished, and who won a finished one.
import { api, apiPage, matchPathOf } from "/static/api.js";
import { $, h, when } from "/static/dom.js";

let matches = [];
let titles = {};
const setups = {}; // system name -> GET /systems/{name} (its words), or a promise of it
const results = {}; // match id -> the words of a finished match's result

const firstClause = (sentence) => (sentence || "").split(/[,:]/)[0];

function setupOf(system) {
  if (!(system in setups)) {
    setups[system] = api(`/systems/${encodeURIComponent(system)}`).then(
      (setup) => (setups[system] = setup),
      () => (setups[system] = null),
    );
  }
  return setups[system] instanceof Promise ? null : setups[system];
}

// "Game · preset · mode": the game, its preset and its mode in words (the system's own).
function playedAs(match) {
  const setup = setupOf(match.system);
  const game = titles[match.system] || match.system;
  const preset = setup?.preset_words?.[match.preset];
  const mode = setup?.modes?.choices?.find((choice) => choice.value === match.mode)?.label;
  return {
    game,
    preset: preset ? firstClause(preset) : match.preset,
    mode: mode ? firstClause(mode) : match.mode,
  };
}

function resultOf(match) {
  if (match.id in results) return results[match.id];
  results[match.id] = "";
  api(`${matchPathOf(match.id)}/standings`).then((standings) => {
    const first = standings.placings.filter((placing) => placing.place === 1).map((placing) => placing.player);
    results[match.id] = !first.length ? "no winner" : first.length === 1 ? `${first[0]} won` : `${first.join(" and ")} share first place`;
    draw();
  }, () => {});
  return "";
}

function row(match) {
  const { game, preset, mode } = playedAs(match);
  const state = match.finished ? "finished" : "running";
  return h(
    "tr",
    { dataset: { match: match.id } },
    h("td", { class: "title" }, h("a", { href: `/view/${encodeURIComponent(match.id)}` }, match.title || `${preset || game} match`), h("span", { class: "id" }, match.id)),
    h("td", { "data-label": "Game", class: "game" }, h("span", { class: "game-name" }, game), preset ? h("span", { class: "preset" }, ` · ${preset}`) : null, mode ? h("span", { class: "mode" }, ` · ${mode}`) : null),
    h("td", { "data-label": "Players" }, match.players.join(", ")),
    h("td", { "data-label": "State", class: "state" }, h("span", { class: `status-text ${state}` }, state), " ", match.finished ? h("span", { class: "match-result" }, resultOf(match)) : h("span", { class: "steps" }, `${match.version} step${match.version === 1 ? "" : "s"}`)),
    h("td", { "data-label": "Date" }, h("time", { datetime: new Date(match.created_at * 1000).toISOString() }, when(match.created_at))),
  );
}

function draw() {
  const words = $("search").value.trim().toLowerCase();
  const system = $("system").value;
  const shown = matches.filter(
    (match) =>
      (!system || match.system === system) &&
      (!words || [match.title, match.id, ...match.players].some((text) => String(text).toLowerCase().includes(words))),
  );
  $("matches").replaceChildren(
    ...(shown.length ? shown.map(row) : [h("tr", null, h("td", { colspan: 5, class: "muted" }, matches.length ? "No match fits." : "No matches recorded yet."))]),
  );
}

async function start() {
  try {
    // GET /matches is paged: the Link header names the next page while there is one.
    const [systems, first] = await Promise.all([api("/systems"), apiPage("/matches")]);
    titles = Object.fromEntries(systems.map((system) => [system.name, system.title]));
    matches = first.body;
    $("system").append(...systems.map((system) => h("option", { value: system.name }, system.title)));
    // The games' words (presets, modes) of the matches listed, before the first drawing.
    await Promise.all([...new Set(matches.map((match) => match.system))].map((system) => (setupOf(system), setups[system])));
    draw();
    // The newest page is shown at once; older pages are added as they come.
    for (let page = first.next; page; ) {
      const more = await apiPage(page);
      matches = matches.concat(more.body);
      draw();
      page = more.next;
    }
    document.body.dataset.ready = "true";
  } catch (error) {
    $("notice").textContent = `The matches could not be loaded: ${error.message}`;
    $("notice").hidden = false;
  }
}

$("search").addEventListener("input", draw);
$("system").addEventListener("change", draw);
start();
