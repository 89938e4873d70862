// President on the recording page: a seat enters the hand it was dealt (mode `holders`,
// a HandEntered choice; its hints are domain/president/entering.py's `entry_choices`:
// `held`, the cards the hand must hold, `may`, the cards the rest may be, each as often
// as listed, `size`, how many cards the hand has, `supply: ["cards"]`). The cards of
// `held` and `may` are drawn in rows by rank, one tap each, the `held` ones taken from
// the start, with the count ("7 of 13"); the composer's Record puts the cards taken in
// the event. The server checks the hand like any other entry.
import { h } from "/static/dom.js";
import { card, cardLabel, STANDARD_RANKS, SUITS } from "/static/cards.js";

// A choice asking for a hand: its hints say what it must and may hold, and how many.
function entryOf(choice) {
  const hints = choice.hints || {};
  const asks = (hints.supply || []).includes("cards") && Array.isArray(hints.held) && Array.isArray(hints.may) && Number.isInteger(hints.size);
  return asks ? hints : null;
}

// How often each code is listed.
function tally(codes) {
  const counts = new Map();
  for (const code of codes) counts.set(code, (counts.get(code) || 0) + 1);
  return counts;
}

// A card's rank: "10H" → "10", a Joker → "Joker", a code of no standard suit its own row.
function rankOf(code) {
  if (code.startsWith("JK")) return "Joker";
  return SUITS.includes(code.slice(-1)) && code.length > 1 ? code.slice(0, -1) : code;
}

// The rows: each rank's cards, the standard ranks in the deck's printed order (2 to A),
// other ranks after them as first listed, the Jokers last; a row's cards by suit.
function rows(codes) {
  const byRank = new Map();
  for (const code of codes) {
    const rank = rankOf(code);
    if (!byRank.has(rank)) byRank.set(rank, []);
    byRank.get(rank).push(code);
  }
  const place = (rank) => (rank === "Joker" ? Infinity : STANDARD_RANKS.includes(rank) ? STANDARD_RANKS.indexOf(rank) : STANDARD_RANKS.length);
  const ranks = [...byRank.keys()].sort((a, b) => place(a) - place(b));
  const suitOf = (code) => SUITS.indexOf(code.slice(-1));
  return ranks.map((rank) => [rank, byRank.get(rank).sort((a, b) => suitOf(a) - suitOf(b) || a.localeCompare(b))]);
}

// The renderer contract's choiceHints (renderers.js): the composer asks these.
export const choiceHints = {
  needsForm: (choice) => Boolean(entryOf(choice)),
  supplies: (choice) => (entryOf(choice) ? ["cards"] : []),
  start: (choice) => (entryOf(choice) ? { hand: [...entryOf(choice).held], said: null } : {}),
  wanting(choice, open) {
    const entry = entryOf(choice);
    if (!entry) return [];
    const short = entry.size - open.extra.hand.length;
    if (short > 0) return [`choose ${short} more card${short === 1 ? "" : "s"} of the hand`];
    if (short < 0) return [`take back ${-short} card${short === -1 ? "" : "s"}`];
    return [];
  },
  apply(event, choice, open) {
    if (entryOf(choice)) event.cards = [...open.extra.hand];
  },
  draw: drawHand,
};

// The hand's cards: a row per rank, a toggle per distinct card (a card listed twice,
// two decks, is taken once per tap up to its copies, then given back).
function drawHand(choice, open, redraw) {
  const entry = entryOf(choice);
  if (!entry) return null;
  const must = tally(entry.held);
  const copies = tally([...entry.held, ...entry.may]);
  const hand = open.extra.hand;
  const taken = (code) => hand.filter((each) => each === code).length;
  const tap = (code) => {
    const have = taken(code);
    open.extra.said = null;
    if (have < copies.get(code) && hand.length < entry.size) hand.push(code);
    else if (have > (must.get(code) || 0)) open.extra.hand = [...hand.filter((each) => each !== code), ...Array(must.get(code) || 0).fill(code)];
    else if (have < copies.get(code)) open.extra.said = `${entry.size} of ${entry.size} taken: tap one to take it back first.`;
    else open.extra.said = `${cardLabel(code)} must be in the hand: it was played or given since the deal.`;
    redraw();
  };
  const button = (code) => {
    const have = taken(code);
    const fixed = (must.get(code) || 0) >= copies.get(code);
    return h(
      "button",
      {
        type: "button",
        class: `hand-card ${have ? "on" : ""} ${fixed ? "fixed" : ""}`,
        "data-code": code,
        "aria-pressed": String(have > 0),
        "aria-label": cardLabel(code) + (copies.get(code) > 1 ? ` (${have} of ${copies.get(code)})` : ""),
        title: fixed ? "played or given since the deal: it was in the hand" : null,
        onclick: () => tap(code),
      },
      card(code),
      copies.get(code) > 1 ? h("small", { class: "copies" }, `${have}/${copies.get(code)}`) : null,
    );
  };
  return h(
    "div",
    { class: "pres-enter-hand", "data-field": "cards" },
    h("p", { class: "pick-label" }, "The hand dealt: ", h("strong", { class: "hand-count" }, `${hand.length} of ${entry.size}`)),
    rows(copies.keys()).map(([rank, codes]) => h("div", { class: "hand-rank", "data-rank": rank }, h("span", { class: "rank-name" }, rank), codes.map(button))),
    open.extra.said ? h("p", { class: "pick-note", role: "status" }, open.extra.said) : null,
  );
}
