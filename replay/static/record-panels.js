// The recording page's panels that only show what they are given: the standings, the
// queue, whose turn it is, a rule's sentence (a refusal, a note), what changed
// meanwhile, the notice.
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

// The actions waiting on this phone, each with where it stands (checked, unchecked, refused).
export function drawQueueOf(items) {
  const box = $("queue");
  box.hidden = !items.length;
  box.replaceChildren(
    h("h3", null, `${items.length} waiting to be sent`),
    h(
      "ol",
      null,
      items.map((item) =>
        h(
          "li",
          { "data-key": item.key, "data-state": item.refused ? "refused" : item.unchecked ? "unchecked" : "checked" },
          item.label,
          item.refused ? h("strong", null, ` refused at step ${item.expected + 1}: ${item.refused.error}`) : null,
          item.recheck ? h("span", { class: "muted" }, " (checking again)") : item.unchecked && !item.refused ? h("span", { class: "muted" }, " (checked when back online)") : null,
        ),
      ),
    ),
  );
}

// Whose turn it is, from the choices offered (none while actions wait to be sent).
export function drawTurn(choices, { queued, over, offline }) {
  const players = [...new Set(choices.map((choice) => choice.player).filter(Boolean))];
  const turn = $("turn");
  if (over) turn.textContent = "Match over";
  else if (!choices.length) turn.textContent = queued ? (offline ? "Offline: waiting to send" : "Sending…") : "…";
  else if (players.length === 1) turn.textContent = `${players[0]} to act`;
  else if (players.length > 1) turn.textContent = `Waiting for ${players.join(", ")}`;
  // The table's own actions: one is named; among several (who deals, or the end of
  // the match) the first is no more likely than the others.
  else turn.textContent = choices.length > 1 ? "The table: choose what happened" : choices[0].label;
  turn.dataset.players = players.join(",");
}
