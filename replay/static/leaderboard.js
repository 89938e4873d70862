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
    const { leaderboards } = await getJSON("/leaderboards");
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
          `${b.system} · ${b.preset} (${b.matches})`)),
    );
    draw(await getJSON(`/leaderboards/${encodeURIComponent(system)}/${encodeURIComponent(preset)}`));
  } catch (error) {
    notice(`The leaderboards could not be read: ${error.message}`);
  }
}

function places(counts) {
  return Object.entries(counts).sort(([a], [b]) => a - b).map(([place, n]) => `${n}×${place}`).join(" ");
}

function draw(board) {
  const colour = Object.fromEntries(board.players.map((p, i) => [p.player, COLOURS[i % COLOURS.length]]));
  const table = h("table", { class: "lb-table" },
    h("thead", null, h("tr", null, ["#", "Player", "Rating", "μ", "σ", "Played", "Places", "Points"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", null, board.players.map((p, i) => h("tr", { "data-player": p.player },
      h("td", null, i + 1),
      h("td", { class: "player" }, h("span", { class: "lb-swatch", style: { background: colour[p.player] } }), p.player),
      h("td", null, p.rating.toFixed(2)), h("td", null, p.mu.toFixed(2)), h("td", null, p.sigma.toFixed(2)),
      h("td", null, p.played), h("td", null, places(p.places)), h("td", null, p.points)))));
  $("board").replaceChildren(
    h("h2", null, `${board.system} · ${board.preset}`), table,
    h("p", { class: "lb-model" }, `Rating: ${board.model}; one point per finished match.`),
    chart(board.history, colour));
}

// One line per player: x is the order in which matches ended, y the rating after it.
function chart(history, colour) {
  const ends = [...new Set(Object.values(history).flat().map((p) => `${p.ended_at}|${p.match_id}`))].sort((a, b) => parseFloat(a) - parseFloat(b));
  const at = Object.fromEntries(ends.map((key, i) => [key.split("|")[1], i + 1]));
  const ratings = Object.values(history).flat().map((p) => p.rating);
  const low = Math.min(0, ...ratings), high = Math.max(1, ...ratings);
  const W = 640, H = 300, L = 44, R = 12, T = 12, B = 28;
  const x = (i) => L + ((W - L - R) * i) / Math.max(1, ends.length);
  const y = (r) => T + ((H - T - B) * (high - r)) / (high - low || 1);
  const lines = Object.entries(history).map(([player, points]) => {
    const path = [[0, 0], ...points.map((p) => [at[p.match_id], p.rating])];
    return svg("polyline", { class: "line", stroke: colour[player], "data-player": player,
                             points: path.map(([i, r]) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(" ") },
      svg("title", null, `${player}: ${points.map((p) => p.rating.toFixed(2)).join(" → ")}`));
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
