// The recording page's panels that only show what they are given: the standings, a
// rule's sentence (a refusal, a note), what changed meanwhile, and the page's notice.
import { $, h } from "/static/dom.js";

export function drawStandings(standings) {
  if (!standings) return;
  $("standings-title").textContent = standings.final ? "Final standings" : "Standings so far";
  $("standings").replaceChildren(
    h(
      "table",
      { class: "placings" },
      h(
        "tbody",
        null,
        standings.placings.map((placing) =>
          h(
            "tr",
            { "data-player": placing.player, "data-place": placing.place, "data-score": placing.score ?? "" },
            h("td", { class: "place" }, placing.place),
            h("td", null, h("strong", null, placing.player), placing.title ? h("span", { class: "title" }, ` ${placing.title}`) : null),
            h("td", { class: "score" }, placing.score ?? ""),
          ),
        ),
      ),
    ),
  );
}

export function showRule(what, rule) {
  const box = $("explain");
  box.hidden = false;
  box.querySelector(".what").textContent = what;
  box.querySelector(".quote").textContent = rule ? `“${rule.quote}”` : "";
  box.querySelector(".source").textContent = rule ? rule.source : "";
  box.dataset.rule = rule ? rule.id : "";
}

export function hideRule() {
  $("explain").hidden = true;
}

export function showChanges(lines) {
  const box = $("changes");
  box.hidden = !lines.length;
  box.replaceChildren(...lines.map((line) => h("p", null, line)), h("button", { type: "button", class: "secondary", onclick: () => (box.hidden = true) }, "OK"));
}

export function notice(message) {
  $("notice").textContent = message;
  $("notice").hidden = !message;
}
