// A player offered more whole plays than a phone can show (public-mode Daifugō
// after the deal: every group and sequence the hand may hold, about 300 a player):
// the cards those plays are made of, to tap; the plays holding every tapped card
// are shown, the one made of exactly those cards first. A whole play is a choice
// listed complete with its cards (no pick); nothing here knows a rule.
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

// The buttons of one player's group (`listed`: [choice, index] pairs, each drawn by
// `drawChoice`): every choice, or, past MANY whole plays, the other choices, the
// cards to tap (`tapped` so far; `toggle(code)` on a tap) and the plays holding them.
export function groupButtons(listed, tapped, drawChoice, toggle) {
  const buttons = (pairs) => h("div", { class: "choice-buttons" }, pairs.map(([choice, index]) => drawChoice(choice, index)));
  const whole = listed.filter(([choice]) => isWholePlay(choice));
  if (whole.length <= MANY) return buttons(listed);
  const view = narrowed(whole, tapped);
  return [buttons(listed.filter(([choice]) => !isWholePlay(choice))), drawNarrow(view, toggle), buttons(view.shown)];
}
