// A player offered more whole plays than a phone can show (a preset that lists every
// play whole, in public mode after the deal: every group and sequence the hand may hold, about 300 a player):
// the cards those plays are made of, to tap; the plays holding every tapped card
// are shown, the one made of exactly those cards first. A whole play is a choice
// listed complete with its cards (no pick). A long list of plays picked among the same
// cards (a first lead in public mode: one to four of each rank, 52 plays) is drawn
// a row per rank. Nothing here knows a rule.
import { h } from "/static/dom.js";
import { cardLabel } from "/static/cards.js";

// More whole plays than this in one player's group are narrowed by card.
const MANY = 40;
// The plays shown at once once cards are tapped; more cards narrow further.
const SHOWN = 24;

const isWholePlay = (choice) => !(choice.picks || []).length && Array.isArray(choice.event.cards) && choice.event.cards.length > 0;

// Whether `cards` holds every one of `tapped` (as often as tapped).
function holds(cards, tapped) {
  const left = [...cards];
  return tapped.every((code) => {
    const at = left.indexOf(code);
    if (at < 0) return false;
    left.splice(at, 1);
    return true;
  });
}

// `listed`: the group's [choice, index] pairs that are whole plays; `tapped`: the
// cards tapped so far. The plays to show, the cards to offer and what to say.
function narrowed(listed, tapped) {
  const cards = [...new Set(listed.flatMap(([choice]) => choice.event.cards))];
  const kept = tapped.filter((code) => cards.includes(code));
  const matching = kept.length ? listed.filter(([choice]) => holds(choice.event.cards, kept)) : [];
  // Exactly the tapped cards first, then the fewest cards more; else as listed.
  const extra = ([choice]) => choice.event.cards.length - kept.length;
  const ordered = matching.map((pair, at) => [pair, at]).sort((a, b) => extra(a[0]) - extra(b[0]) || a[1] - b[1]).map(([pair]) => pair);
  const shown = ordered.slice(0, SHOWN);
  let hint;
  if (!kept.length) hint = `${listed.length} plays: tap the cards played to find the play.`;
  else if (!matching.length) hint = "No play holds all the tapped cards: tap one again to take it back.";
  else hint = `${matching.length} play${matching.length === 1 ? "" : "s"} with ${kept.map(cardLabel).join(" ")}${matching.length > shown.length ? `: the first ${shown.length} shown, tap more cards` : ""}.`;
  return { cards, tapped: kept, shown, hint };
}

// The row of cards to tap; `toggle(code)` is called on a tap.
function drawNarrow(view, toggle) {
  return h(
    "div",
    { class: "narrow" },
    h("p", { class: "narrow-hint" }, view.hint),
    h(
      "div",
      { class: "narrow-cards" },
      view.cards.map((code) =>
        h("button", { type: "button", class: "chip-button narrow-card" + (view.tapped.includes(code) ? " on" : ""), "data-code": code, "aria-pressed": String(view.tapped.includes(code)), onclick: () => toggle(code) }, cardLabel(code)),
      ),
    ),
  );
}

// Past this many choices in one player's group, choices picking among the same
// values (a public hand's plays of one rank: one, two, three or four of them) share a row.
const ROWS_PAST = 12;

// The one list pick of a choice (its values to choose some of), else null.
function onlyListPick(choice) {
  const picks = choice.picks || [];
  return picks.length === 1 && picks[0].most !== null && picks[0].most !== undefined ? picks[0] : null;
}

const rowKey = (choice) => {
  const pick = onlyListPick(choice);
  return pick ? `${choice.type} ${JSON.stringify([...new Set(pick.among.map((value) => JSON.stringify(value)))].sort())}` : null;
};

// What the values of a row have in common in words ("3" for 3♣ 3♦ 3♥ 3♠), else "".
function commonLabel(pick, valueLabel) {
  const labels = [...new Set(pick.among.map((value) => valueLabel(value, pick.among)))];
  let shared = labels[0] || "";
  for (const label of labels) while (!label.startsWith(shared)) shared = shared.slice(0, -1);
  return shared.trim();
}

// A long group's choices, those picking among the same values in one row each (its
// values' common label, then a short button per choice: how many are taken), the
// others as buttons in between, in the order listed.
function rowsOf(listed, drawChoice, valueLabel) {
  const keys = listed.map(([choice]) => rowKey(choice));
  const shared = (key) => key !== null && keys.filter((other) => other === key).length > 1;
  const parts = [];
  let loose = [];
  const flush = () => loose.length && parts.push(h("div", { class: "choice-buttons" }, loose.splice(0)));
  listed.forEach(([choice, index], at) => {
    const key = keys[at];
    if (!shared(key)) return loose.push(drawChoice(choice, index));
    if (keys.indexOf(key) !== at) return;
    flush();
    const members = listed.filter((_, other) => keys[other] === key);
    const label = commonLabel(onlyListPick(choice), valueLabel) || choice.label;
    parts.push(
      h(
        "div",
        { class: "choice-row", "data-row": label },
        h("span", { class: "row-label" }, label),
        members.map(([member, memberIndex]) => {
          const pick = onlyListPick(member);
          const button = drawChoice(member, memberIndex);
          button.textContent = pick.least === pick.most ? `×${pick.least}` : `×${pick.least}–${pick.most}`;
          button.setAttribute("aria-label", member.label);
          button.title = member.label;
          return button;
        }),
      ),
    );
  });
  flush();
  return parts;
}

// The buttons of one player's group (`listed`: [choice, index] pairs, each drawn by
// `drawChoice`): every choice (in rows by the values they pick among, past
// ROWS_PAST), or, past MANY whole plays, the other choices, the cards to tap
// (`tapped` so far; `toggle(code)` on a tap) and the plays holding them.
export function groupButtons(listed, tapped, drawChoice, toggle, valueLabel = String) {
  const buttons = (pairs) => h("div", { class: "choice-buttons" }, pairs.map(([choice, index]) => drawChoice(choice, index)));
  const whole = listed.filter(([choice]) => isWholePlay(choice));
  if (whole.length <= MANY) return listed.length > ROWS_PAST ? rowsOf(listed, drawChoice, valueLabel) : buttons(listed);
  const view = narrowed(whole, tapped);
  return [buttons(listed.filter(([choice]) => !isWholePlay(choice))), drawNarrow(view, toggle), buttons(view.shown)];
}
