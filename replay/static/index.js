// The index of matches: every match, newest first (page after page), each linked to its replay.
import { h, when } from "/static/dom.js";

const $ = (id) => document.getElementById(id);
let matches = [];
let titles = {};

async function fetched(path) {
  const reply = await fetch(path, { headers: { Accept: "application/json" } });
  const body = await reply.json().catch(() => ({}));
  if (!reply.ok) throw new Error(body.error || `${reply.status} ${reply.statusText}`);
  return { body, reply };
}

async function json(path) {
  return (await fetched(path)).body;
}

// GET /matches is paged: the Link header names the next page while there is one.
function nextPage(reply) {
  const found = /<([^>]+)>;\s*rel="next"/.exec(reply.headers.get("Link") || "");
  return found ? found[1] : null;
}

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
    const [systems, first] = await Promise.all([json("/systems"), fetched("/matches")]);
    titles = Object.fromEntries(systems.map((system) => [system.name, system.title]));
    matches = first.body;
    $("system").append(...systems.map((system) => h("option", { value: system.name }, system.title)));
    draw();
    // The newest page is shown at once; older pages are added as they come.
    for (let page = nextPage(first.reply); page; ) {
      const more = await fetched(page);
      matches = matches.concat(more.body);
      draw();
      page = nextPage(more.reply);
    }
  } catch (error) {
    $("notice").textContent = `The matches could not be loaded: ${error.message}`;
    $("notice").hidden = false;
  }
}

$("search").addEventListener("input", draw);
$("system").addEventListener("change", draw);
start();
