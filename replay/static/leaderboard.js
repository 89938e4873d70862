// The leaderboard page (/leaderboards): the boards (GET /leaderboards), then one board
// (GET /leaderboards/{system}/{preset}) as a table and an SVG line chart of each
// player's rating after each finished match, drawn here (no chart library).
import { api as getJSON } from "/static/api.js";
import { $, h, svg } from "/static/dom.js";

const COLOURS = ["#1b6e4a", "#b5452f", "#2f5fb5", "#b58a2f", "#7a3fa0", "#2f9fb5", "#a03f6a", "#5a6b2f"];

function notice(text) {
  $("notice").hidden = !text;
  $("notice").textContent = text || "";
}

function wanted() {
  const params = new URLSearchParams(location.search);
  return [params.get("system"), params.get("preset")];
}

async function start() {
  try {
    const [{ leaderboards }, systems] = await Promise.all([getJSON("/leaderboards"), getJSON("/systems")]);
    const titles = Object.fromEntries(systems.map((system) => [system.name, system.title]));
    if (!leaderboards.length) {
      $("board").replaceChildren(h("p", null, "No finished match yet: a leaderboard appears once a match ends."));
      return;
    }
    let [system, preset] = wanted();
    if (!leaderboards.some((b) => b.system === system && b.preset === preset)) ({ system, preset } = leaderboards[0]);
    $("boards").replaceChildren(
      ...leaderboards.map((b) =>
        h("a", { href: `?system=${encodeURIComponent(b.system)}&preset=${encodeURIComponent(b.preset)}`,
                 "aria-current": b.system === system && b.preset === preset ? "page" : null },
          `${titles[b.system] || b.system} · ${b.preset} (${b.matches} ${b.matches === 1 ? "match" : "matches"})`)),
    );
    draw(await getJSON(`/leaderboards/${encodeURIComponent(system)}/${encodeURIComponent(preset)}`), titles);
  } catch (error) {
    notice(`The leaderboards could not be read: ${error.message}`);
  }
}

const ORDINAL = (n) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;
const TIMES = (n) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`);

// {"1": 2, "3": 1} -> "1st twice, 3rd once"
function places(counts) {
  return Object.entries(counts).sort(([a], [b]) => a - b).map(([place, n]) => `${ORDINAL(Number(place))} ${TIMES(n)}`).join(", ");
}

// Each player's line has its own colour, dash and marker, so two players whose ratings are
// the same (two who always tie) still show as two lines, side by side.
const DASHES = ["", "8 4", "2 4", "10 4 2 4", "4 4", "12 6", "2 2", "6 3 2 3"];
const MARKERS = ["circle", "square", "triangle", "diamond"];

function marker(kind, cx, cy, fill) {
  const r = 4;
  if (kind === "circle") return svg("circle", { cx, cy, r, fill });
  if (kind === "square") return svg("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, fill });
  const points = kind === "triangle" ? [[cx, cy - r - 1], [cx + r + 1, cy + r], [cx - r - 1, cy + r]] : [[cx, cy - r - 1], [cx + r + 1, cy], [cx, cy + r + 1], [cx - r - 1, cy]];
  return svg("polygon", { points: points.map((p) => p.join(",")).join(" "), fill });
}

function styleOf(players) {
  return Object.fromEntries(players.map((p, i) => [p.player, { colour: COLOURS[i % COLOURS.length], dash: DASHES[i % DASHES.length], marker: MARKERS[i % MARKERS.length] }]));
}

function draw(board, titles) {
  const style = styleOf(board.players);
  const table = h("table", { class: "lb-table" },
    h("thead", null, h("tr", null, ["#", "Player", "Rating", "Matches", "Places", "Points"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", null, board.players.map((p, i) => h("tr", { "data-player": p.player },
      h("td", null, i + 1),
      h("td", { class: "player" }, h("span", { class: "lb-swatch", style: { background: style[p.player].colour } }), p.player),
      h("td", { title: `skill ${p.mu.toFixed(2)}, give or take ${p.sigma.toFixed(2)}` }, p.rating.toFixed(1).replace("-", "−")),
      h("td", null, p.played), h("td", { class: "places" }, places(p.places)), h("td", null, p.points)))));
  $("board").replaceChildren(
    h("h2", null, `${titles[board.system] || board.system} · ${board.preset}`), table,
    h("p", { class: "lb-model" }, "Rating: how well you finish against the players you meet, counted cautiously — it rises when you finish ahead, most of all ahead of strong players, and starts low until you have played a few matches."),
    chart(board.history, style),
    legend(board.players, style));
}

function legend(players, style) {
  return h("ul", { class: "lb-legend", "aria-label": "Lines of the chart" }, players.map((p) => {
    const s = style[p.player];
    return h("li", { "data-player": p.player },
      svg("svg", { viewBox: "0 0 36 12", width: 36, height: 12, "aria-hidden": "true" },
        svg("line", { x1: 0, y1: 6, x2: 36, y2: 6, stroke: s.colour, "stroke-width": 2, "stroke-dasharray": s.dash || null }),
        marker(s.marker, 18, 6, s.colour)),
      p.player);
  }));
}

// One line per player: x is the order in which matches ended, y the rating after it. A line
// the same as one drawn before it is drawn a few pixels lower, so both show.
function chart(history, style) {
  const ends = [...new Set(Object.values(history).flat().map((p) => `${p.ended_at}|${p.match_id}`))].sort((a, b) => parseFloat(a) - parseFloat(b));
  const at = Object.fromEntries(ends.map((key, i) => [key.split("|")[1], i + 1]));
  const ratings = Object.values(history).flat().map((p) => p.rating);
  const low = Math.min(0, ...ratings), high = Math.max(1, ...ratings);
  const W = 640, H = 300, L = 44, R = 12, T = 12, B = 28;
  const x = (i) => L + ((W - L - R) * i) / Math.max(1, ends.length);
  const y = (r) => T + ((H - T - B) * (high - r)) / (high - low || 1);
  const drawn = new Map(); // a line's points -> how many lines with those points are drawn
  const lines = Object.entries(history).map(([player, points]) => {
    const s = style[player] || { colour: "#555", dash: "", marker: "circle" };
    const path = [[0, 0], ...points.map((p) => [at[p.match_id], p.rating])];
    const key = JSON.stringify(path.map(([i, r]) => [i, r.toFixed(3)]));
    const shift = 4 * (drawn.get(key) || 0);
    drawn.set(key, (drawn.get(key) || 0) + 1);
    const xy = path.map(([i, r]) => [x(i), y(r) + shift]);
    return svg("g", { class: "line-group", "data-player": player, "data-shift": shift },
      svg("polyline", { class: "line", stroke: s.colour, "stroke-dasharray": s.dash || null, "data-player": player,
                        points: xy.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ") },
        svg("title", null, `${player}: ${points.map((p) => p.rating.toFixed(2)).join(" → ")}`)),
      ...xy.slice(1).map(([a, b]) => marker(s.marker, a, b, s.colour)));
  });
  const ticks = [low, (low + high) / 2, high].map((r) => svg("text", { x: 4, y: y(r) + 4 }, r.toFixed(1)));
  return svg("svg", { class: "lb-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Each player's rating after each finished match" },
    svg("line", { class: "axis", x1: L, y1: y(0), x2: W - R, y2: y(0) }),
    svg("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }),
    ...ticks,
    svg("text", { x: W - R, y: H - 8, "text-anchor": "end" }, `matches ended (${ends.length})`),
    ...lines);
}

start();
