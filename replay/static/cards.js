// The standard deck as the pages show it: the one place the suits' symbols, names and the
// ranks' order live for the viewer and the recording page (domain/cards.py is the rules' side).
// A code is rank then suit ("10H", "QS") or a joker "JK…".
import { h } from "/static/dom.js";

export const SUITS = "CDHS";
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_NAMES = { D: "♦ diamonds", H: "♥ hearts", S: "♠ spades", C: "♣ clubs" };
export const STANDARD_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

// A playing card code (rank then suit, or a joker "JK…") as a small card face; other
// codes (a commercial deck's "12", "0R") are shown as they are.
export function card(code, extra = "") {
  const suit = SUIT_SYMBOLS[code.slice(-1)];
  const rank = code.slice(0, -1);
  if (code.startsWith("JK")) return h("span", { class: `card joker ${extra}`, title: code }, "★", h("small", null, "JK"));
  if (suit && rank) {
    const red = code.endsWith("H") || code.endsWith("D");
    const wide = rank.length > 1 ? "wide" : "";
    return h("span", { class: `card ${red ? "red" : "black"} ${wide} ${extra}`, title: code }, rank, h("small", null, suit));
  }
  return h("span", { class: `card other ${extra}`, title: code }, code);
}

export function cardBack(count, extra = "") {
  return h("span", { class: `card back ${extra}`, title: `${count} hidden` }, count > 1 ? `×${count}` : "");
}

// "7C" → "7♣": a card code's short label for sentences and tiles; a joker is named
// ("JK1" → "Joker", a second deck's "JK2" → "Joker 2").
export function cardLabel(code) {
  if (/^JK\d*$/.test(code)) return code.length > 2 && code !== "JK1" ? `Joker ${code.slice(2)}` : "Joker";
  const suit = SUIT_SYMBOLS[code.slice(-1)];
  return suit && code.length > 1 && !code.startsWith("JK") ? code.slice(0, -1) + suit : code;
}
