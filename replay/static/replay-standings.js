// The standings box of the replay page, and the result above the board at the end of a
// finished match. `end`: the step drawn is the last of a finished match and these
// standings are final; `stepHref(step)`: the address of a step of this replay; `words`
// (from the game's renderer, optional): `unit`, what a score counts as [one, many]
// (points unless said), `heading`, the scores' column, and `together`, true when the
// players sharing a place are partners (running mates), not tied.
import { $, h } from "/static/dom.js";
import * as generic from "/static/render-generic.js";

export const ordinal = (n) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
};

// A score as the standings' sentences write it: a true minus sign (−2), not a hyphen.
export const signed = (score) => (typeof score === "number" && score < 0 ? `−${-score}` : String(score));

const DEFAULT_WORDS = { unit: ["point", "points"], heading: "Points", together: false };

export function drawStandings(standings, step, { end, stepHref, words }) {
  words = { ...DEFAULT_WORDS, ...(words || {}) };
  $("standings-title").textContent = end ? "Final standings" : `Standings after step ${step}`;
  const links = (steps) => steps.map((step, i) => [i ? ", " : "", h("a", { href: stepHref(step), "data-step": step }, `step ${step}`)]);
  // A placing may list every step that moved it (some thirty links on a phone, in a
  // long game); the latest few say what moved it, the rest fold away.
  const LATEST = 4;
  const stepLinks = (steps) => {
    if (!steps.length) return null;
    if (steps.length <= LATEST + 1) return h("span", { class: "steps" }, "decided at ", links(steps));
    const earlier = steps.slice(0, -LATEST);
    return h(
      "span",
      { class: "steps" },
      "decided at ",
      h("details", { class: "earlier-steps" }, h("summary", null, `${earlier.length} earlier steps`), links(earlier), ","),
      " ",
      links(steps.slice(-LATEST)),
    );
  };
  const rows = standings.placings.map((placing) =>
    h(
      "tr",
      { "data-player": placing.player, "data-place": placing.place },
      h("td", { class: "place" }, ordinal(placing.place)),
      h("td", null, h("strong", null, placing.player), placing.title ? h("span", { class: "title" }, placing.title) : null),
      h("td", { class: "score" }, placing.score === null || placing.score === undefined ? "" : signed(placing.score)),
      h("td", { class: "reason" }, placing.reason, " ", stepLinks(placing.steps || [])),
    ),
  );
  const parts = [
    h("table", { class: "placings" }, h("thead", null, h("tr", null, h("th", null, "Place"), h("th", null, "Player"), h("th", null, words.heading), h("th", null, "How"))), h("tbody", null, rows)),
    standings.explanation.length ? h("ul", { class: "explanation" }, standings.explanation.map((line) => h("li", null, line))) : null,
    Object.keys(standings.details || {}).length ? h("details", { class: "breakdown" }, h("summary", null, "Breakdown"), generic.tree(standings.details, 1)) : null,
  ];
  $("standings").replaceChildren(...parts.filter(Boolean)); // replaceChildren would write "null"
  drawResult(end ? standings : null, words);
}

// The overall result, above the board at the end of a finished match: on a phone it is
// the first thing under the heading, before the board, the controls and the standings.
function drawResult(standings, words) {
  const points = (score) => (score === null || score === undefined ? "" : `${signed(score)} ${words.unit[Math.abs(score) === 1 ? 0 : 1]}`);
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
  const withScore = (placing, each = "") => (placing.score !== null ? ` with ${points(placing.score)}${each}` : "");
  const headline =
    first[1].length === 1
      ? `${first[1][0].player} wins${withScore(first[1][0])}`
      : words.together
        ? `${names(first[1])} win${withScore(first[1][0])}`
        : `${names(first[1])} tie for 1st${withScore(first[1][0], " each")}`;
  const tied = (placings) => (placings.length > 1 && !words.together ? "tied " : "");
  const others = rest.map(([place, placings]) => `${tied(placings)}${ordinal(place)} ${names(placings)}${placings[0].score !== null && placings[0].score !== undefined ? ` (${signed(placings[0].score)})` : ""}`);
  box.replaceChildren(h("strong", { class: "headline" }, `Match over: ${headline}`), ...(others.length ? [h("span", { class: "others" }, others.join(" · "))] : []));
  box.hidden = false;
}

