// The standings box of the replay page, and the result above the board at the end of a
// finished match. `end`: the step drawn is the last of a finished match and these
// standings are final; `stepHref(step)`: the address of a step of this replay.
import { h } from "/static/dom.js";
import * as generic from "/static/render-generic.js";

const $ = (id) => document.getElementById(id);

const ordinal = (n) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
};

const points = (score) => (score === null || score === undefined ? "" : `${score} point${Math.abs(score) === 1 ? "" : "s"}`);

export function drawStandings(standings, step, { end, stepHref }) {
  $("standings-title").textContent = end ? "Final standings" : `Standings after step ${step}`;
  const stepLinks = (steps) =>
    steps.length
      ? h("span", { class: "steps" }, "decided at ", steps.map((step, i) => [i ? ", " : "", h("a", { href: stepHref(step), "data-step": step }, `step ${step}`)]))
      : null;
  const rows = standings.placings.map((placing) =>
    h(
      "tr",
      { "data-player": placing.player, "data-place": placing.place },
      h("td", { class: "place" }, ordinal(placing.place)),
      h("td", null, h("strong", null, placing.player), placing.title ? h("span", { class: "title" }, placing.title) : null),
      h("td", { class: "score" }, placing.score ?? ""),
      h("td", { class: "reason" }, placing.reason, " ", stepLinks(placing.steps || [])),
    ),
  );
  const parts = [
    h("table", { class: "placings" }, h("thead", null, h("tr", null, h("th", null, "Place"), h("th", null, "Player"), h("th", null, "Points"), h("th", null, "How"))), h("tbody", null, rows)),
    standings.explanation.length ? h("ul", { class: "explanation" }, standings.explanation.map((line) => h("li", null, line))) : null,
    Object.keys(standings.details || {}).length ? h("details", { class: "breakdown" }, h("summary", null, "Breakdown"), generic.tree(standings.details, 1)) : null,
  ];
  $("standings").replaceChildren(...parts.filter(Boolean)); // replaceChildren would write "null"
  drawResult(end ? standings : null);
}

// The overall result, above the board at the end of a finished match: on a phone it is
// the first thing under the heading, before the board, the controls and the standings.
function drawResult(standings) {
  const box = $("result");
  if (!standings || !standings.placings.length) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const byPlace = new Map();
  for (const placing of standings.placings) byPlace.set(placing.place, [...(byPlace.get(placing.place) || []), placing]);
  const [first, ...rest] = [...byPlace.entries()];
  const names = (placings) => placings.map((p) => p.player).join(" and ");
  const headline =
    first[1].length > 1
      ? `${names(first[1])} tie for 1st${first[1][0].score !== null ? ` with ${points(first[1][0].score)} each` : ""}`
      : `${first[1][0].player} wins${first[1][0].score !== null ? ` with ${points(first[1][0].score)}` : ""}`;
  const others = rest.map(([place, placings]) => `${placings.length > 1 ? "tied " : ""}${ordinal(place)} ${names(placings)}${placings[0].score !== null ? ` (${placings[0].score})` : ""}`);
  box.replaceChildren(h("strong", { class: "headline" }, `Match over: ${headline}`), ...(others.length ? [h("span", { class: "others" }, others.join(" · "))] : []));
  box.hidden = false;
}

