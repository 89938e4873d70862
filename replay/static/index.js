// The index of matches: every match, newest first (page after page), each linked to its replay.
import { api, apiPage } from "/static/api.js";
import { $, h, when } from "/static/dom.js";

let matches = [];
let titles = {};

function row(match) {
  const game = titles[match.system] || match.system;
  return h(
    "tr",
    null,
    h("td", { class: "title" }, h("a", { href: `/view/${encodeURIComponent(match.id)}` }, match.title || `${game} match`), h("span", { class: "id" }, match.id)),
    h("td", { "data-label": "Game" }, game),
    h("td", { "data-label": "Players" }, match.players.join(", ")),
    h("td", { "data-label": "Status" }, h("span", { class: `status-text ${match.finished ? "finished" : "running"}` }, match.finished ? "finished" : "running"), " ", h("span", { class: "steps" }, `${match.version} step${match.version === 1 ? "" : "s"}`)),
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
    draw();
    // The newest page is shown at once; older pages are added as they come.
    for (let page = first.next; page; ) {
      const more = await apiPage(page);
      matches = matches.concat(more.body);
      draw();
      page = more.next;
    }
  } catch (error) {
    $("notice").textContent = `The matches could not be loaded: ${error.message}`;
    $("notice").hidden = false;
  }
}

$("search").addEventListener("input", draw);
$("system").addEventListener("change", draw);
start();
