// President: the seats in order around the table with their roles, points and hands
// (the cards when this perspective may see them, else how many), the current trick,
// who leads and whose turn it is, the exchanges of the deal and the finishing order.
// Daifugō (docs/daifugo.md): a sequence drawn as a run in rank order, a Joker with the card it
// stands for, the suits a trick is locked to, and a revolution while it is in force.
import { h, playerColour, useStylesheet } from "/static/dom.js";
import { card, cardBack, cardLabel, STANDARD_RANKS, SUIT_SYMBOLS, SUITS } from "/static/cards.js";

useStylesheet("/static/render-president.css");

export const name = "president";
export const title = "President";

// The recording page's inputs for a hand entered by its holder (render-president-hand.js).
export { choiceHints } from "/static/render-president-hand.js";

// The recording page's quick-entry examples (docs/notation.md § President).
export const quickExamples = (tag, count) => `${tag(1)} 3x9 · ${tag(1)} p · deal ${tag(count - 1)}`;

const TRICK_SHOWN = 5;
const PHASES = {
  dealing: "waiting for the deal",
  exchanging: "exchanging cards",
  playing: "playing",
  between: "game over: next deal",
  ended: "match over",
};

export function render(frame, ctx) {
  const view = frame.view;
  const seats = view.seating;
  // By the player's place in the match's list (ctx.players), not the seat: re-seating between games
  // keeps each player's colour. Players who joined since follow, in seat order.
  const colour = (player) => playerColour(ctx.players, seats, player);
  const order = view.ranks || STANDARD_RANKS; // the ruleset's order, low to high, when the view gives it
  const rankOf = (code) => {
    const rank = [...order].sort((a, b) => b.length - a.length).find((r) => code.startsWith(r));
    return rank === undefined ? order.length : order.indexOf(rank);
  };
  // A deck of its own (the commercial deck's "12d", "D1"): the rank, named in the title.
  const names = view.rank_names || {};
  const face = (code, extra = "") => {
    const rank = [...order].sort((a, b) => b.length - a.length).find((r) => code.startsWith(r)) ?? code;
    const drawn =
      code.startsWith("JK") || (SUITS.includes(code.slice(-1)) && order.includes(code.slice(0, -1)))
        ? card(code, extra)
        : h("span", { class: `card deck ${rank.length > 1 ? "wide" : ""} ${extra}`, title: names[rank] ? `${code}: ${rank}, ${names[rank]}` : code }, rank);
    drawn.dataset.code = code; // the recording page's hand taps read it
    return drawn;
  };
  // A run reads low to high as the deck is printed, also while a revolution has turned the values over.
  const printed = view.reversed ? [...order].reverse() : order;
  // A Joker past the ends of a sequence (docs/daifugo.md: "the Joker may fill one rank, including one past either
  // end"; joker_as "-S" below the lowest rank, "+S" above the highest) sits just before or after them.
  const plainPrinted = printed.filter((rank) => !rank.startsWith("JK"));
  const ends = { low: plainPrinted[0], high: plainPrinted[plainPrinted.length - 1] };
  const printedRank = (code) => {
    const end = pastEnd(code);
    if (end) return printed.indexOf(end === "-" ? ends.low : ends.high) + (end === "-" ? -0.5 : 0.5);
    const rank = [...printed].sort((a, b) => b.length - a.length).find((r) => code.startsWith(r));
    return rank === undefined ? printed.length : printed.indexOf(rank);
  };
  printedRank.ends = ends;
  const sortHand = (cards) => [...cards].sort((a, b) => rankOf(a) - rankOf(b) || SUITS.indexOf(a.slice(-1)) - SUITS.indexOf(b.slice(-1)));
  const lastPlay = view.trick.length ? view.trick[view.trick.length - 1] : null;
  const playedNow = lastPlay && lastPlay.step === frame.step ? lastPlay.player : null;

  const table = h(
    "div",
    { class: `pres-table seats-${seats.length}` },
    h("div", { class: "pres-centre" }, drawCentre(view, colour, frame, face, printedRank)),
    h(
      "div",
      { class: "pres-ring" },
      seats.map((player, index) => drawSeat(view, player, index, seats.length, colour(player), sortHand, face, player === playedNow)),
    ),
  );
  return h(
    "div",
    { class: "president" },
    h(
      "div",
      { class: "pres-status" },
      h("span", { class: "chip" }, `Game ${Math.max(1, view.game)}`),
      h("span", { class: "chip" }, PHASES[view.phase] || view.phase),
      h("span", { class: "chip", title: `play goes ${view.direction}` }, view.direction === "clockwise" ? "↻ clockwise" : "↺ counter-clockwise"),
      view.mode !== "full" ? h("span", { class: "chip", title: "only what the table saw was recorded" }, "public record") : null,
      view.reversed ? h("span", { class: "chip warn revolution", title: revolutionTitle(order) }, "⇅ revolution: order reversed") : null,
      h("span", { class: "chip" }, `${view.games_played} game${view.games_played === 1 ? "" : "s"} played`),
    ),
    table,
    drawExchanges(view, colour, face),
  );
}

// While a revolution is in force the ranks run the other way: say which is now lowest and highest.
function revolutionTitle(order) {
  const plain = order.filter((rank) => !rank.startsWith("JK"));
  return plain.length ? `a revolution turned the order of the cards round: ${plain[0]} is now the lowest, ${plain[plain.length - 1]} the highest` : "a revolution turned the order of the cards round";
}

function drawCentre(view, colour, frame, face, printedRank) {
  const step = frame.step;
  const marks = drawTableMarks(view, colour);
  const centre = drawTrick(view, colour, frame, step, face, printedRank);
  return marks ? h("div", { class: "pres-middle" }, marks, centre) : centre;
}

// On the felt, above the trick: the revolution while in force and the suits the trick is locked to.
function drawTableMarks(view, colour) {
  const revolution = view.reversed && view.phase === "playing" ? h("span", { class: "table-mark revolution", title: revolutionTitle(view.ranks || []) }, "⇅ Revolution: ranks reversed") : null;
  const lock = view.lock && view.lock.length ? h("span", { class: "table-mark lock", "data-suits": view.lock.join(""), title: "the suits are locked: later plays of this trick must have these suits" }, h("span", { class: "suits" }, view.lock.map((suit) => h("span", { class: `suit ${"HD".includes(suit) ? "red" : "black"}` }, SUIT_SYMBOLS[suit] || suit))), " locked") : null;
  return revolution || lock ? h("div", { class: "table-marks" }, revolution, lock) : null;
}

function drawTrick(view, colour, frame, step, face, printedRank) {
  if (view.phase === "exchanging" && view.exchanges_due.length) {
    return h(
      "div",
      { class: "pres-due" },
      h("p", { class: "centre-title" }, "Cards to exchange"),
      view.exchanges_due.map((due) =>
        h("p", null, h("span", { style: { color: colour(due.giver) } }, due.giver), ` gives `, h("span", { style: { color: colour(due.receiver) } }, due.receiver), ` ${due.count} card${due.count === 1 ? "" : "s"}`),
      ),
    );
  }
  if ((view.phase === "between" || view.phase === "ended") && view.finishing_order.length) {
    return h(
      "div",
      { class: "pres-order" },
      h("p", { class: "centre-title" }, view.phase === "ended" ? "Match over. Last game’s finishing order:" : "Game over: finishing order"),
      h("ol", null, view.finishing_order.map((player) => h("li", null, h("strong", { style: { color: colour(player) } }, player), view.roles[player] ? ` — ${view.roles[player]}` : ""))),
    );
  }
  if (!view.trick.length) {
    const who = view.trick_leader || view.turn;
    // This step's play left no trick on the table: it ended the trick at once (docs/daifugo.md: an 8-cut or the 3 of
    // spades over a lone Joker; classic: a card nothing beats). The words below the board say which play it was.
    const ended = frame.type === "CardsPlayed" && view.phase === "playing" && who ? h("p", { class: "pres-cut" }, "The play ended the trick at once") : null;
    const leads = h("p", { class: "pres-empty" }, who ? `${who} leads` : PHASES[view.phase] || "");
    return ended ? h("div", null, ended, leads) : leads;
  }
  // A long trick keeps its latest plays on the table; the earlier ones are counted.
  const shown = view.trick.slice(-TRICK_SHOWN);
  const earlier = view.trick.length - shown.length;
  return h(
    "div",
    { class: "trick", "aria-label": "The current trick" },
    earlier ? h("span", { class: "earlier", title: "earlier plays in this trick" }, `+${earlier} earlier`) : null,
    shown.map((play, index) =>
      h(
        "div",
        { class: `play ${index === shown.length - 1 ? "top" : ""} ${play.step === step ? "new" : ""}`, "data-step": play.step },
        h("span", { class: "who", style: { color: colour(play.player) } }, play.player),
        drawPlayCards(play, face, printedRank),
      ),
    ),
    view.passed.length ? h("p", { class: "passed" }, "passed: ", view.passed.join(", ")) : null,
  );
}

// "-" or "+" for a Joker's joker_as past the ends of a sequence ("-S", "+S"), else "".
function pastEnd(code) {
  return /^[-+][CDHS]$/.test(code) ? code[0] : "";
}

// What a Joker stands for, in words: a card ("5♥"); a rank alone, beside the four cards of it (docs/daifugo.md: five of
// a kind, "a fifth 9"); past the ends of a sequence ("♠ below 3", "♠ above 2").
function standsLabel(jokerAs, ends) {
  const end = pastEnd(jokerAs);
  if (end) return `${SUIT_SYMBOLS[jokerAs.slice(-1)]} ${end === "-" ? `below ${ends.low}` : `above ${ends.high}`}`;
  if (!SUITS.includes(jokerAs.slice(-1))) return `a fifth ${jokerAs}`;
  return cardLabel(jokerAs);
}

// A sequence is a run of cards in rank order (the Joker in the place of the card it stands for, before the lowest rank
// or after the highest when it stands past them), a group its cards; a Joker that stands for a card carries its name.
function drawPlayCards(play, face, printedRank) {
  const isJoker = (code) => code.startsWith("JK");
  const stands = (code) => (isJoker(code) && play.joker_as ? play.joker_as : code);
  const sequence = play.kind === "sequence";
  const cards = sequence ? [...play.cards].sort((a, b) => printedRank(stands(a)) - printedRank(stands(b))) : play.cards;
  const named = play.joker_as ? standsLabel(play.joker_as, printedRank.ends) : "";
  const drawn = cards.map((code) =>
    isJoker(code) && play.joker_as
      ? h("span", { class: "stands-for", title: `the Joker stands for ${named}` }, face(code), h("span", { class: "as" }, `as ${named}`))
      : face(code),
  );
  const endLabel = (code) => (pastEnd(stands(code)) ? "Joker" : cardLabel(stands(code)));
  const run = sequence ? h("span", { class: "shape" }, `sequence ${endLabel(cards[0])}–${endLabel(cards[cards.length - 1])}`) : null;
  return [h("span", { class: `cards ${sequence ? "run" : ""}`, "data-kind": play.kind || "" }, drawn), run];
}

function drawSeat(view, player, index, count, colour, sortHand, face, justPlayed) {
  const hand = view.hands[player] || { count: 0 };
  const out = view.finishing_order.indexOf(player);
  const role = view.roles[player];
  const points = view.points[player] ?? 0;
  const markers = [
    player === view.dealer ? h("span", { class: "marker dealer", title: "dealer" }, "dealer") : null,
    player === view.trick_leader ? h("span", { class: "marker leads", title: "leads this trick" }, "leads") : null,
    player === view.turn ? h("span", { class: "marker turn" }, "to play") : null,
    view.passed.includes(player) ? h("span", { class: "marker passed" }, "passed") : null,
    out >= 0 ? h("span", { class: "marker out" }, `out ${ordinal(out + 1)}`) : null,
    (view.away || []).includes(player) ? h("span", { class: "marker away" }, "away") : null,
  ];
  // Seats sit round an ellipse, the first at the bottom, in the direction of play.
  const angle = Math.PI / 2 + (2 * Math.PI * index) / count;
  const place = { "--x": `${50 + 50 * Math.cos(angle)}%`, "--y": `${50 + 50 * Math.sin(angle)}%`, "--owner": colour };
  const known = hand.cards ? sortHand(hand.cards) : null;
  return h(
    "section",
    {
      class: `pres-seat ${player === view.turn ? "turn" : ""} ${out >= 0 ? "is-out" : ""} ${justPlayed ? "just-played" : ""}`,
      style: place,
      "data-player": player,
      "data-count": hand.count,
    },
    h(
      "header",
      null,
      h("strong", { class: "name" }, player),
      role ? h("span", { class: "role" }, role) : null,
      h("span", { class: "points", title: "points so far" }, `${points > 0 ? "+" : ""}${points} pt${Math.abs(points) === 1 ? "" : "s"}`),
    ),
    h("div", { class: "markers" }, markers),
    h(
      "div",
      { class: "hand fanned", "aria-label": `${player}: ${hand.count} card${hand.count === 1 ? "" : "s"}` },
      known ? known.map((code) => face(code)) : null,
      known && hand.unknown ? cardBack(hand.unknown) : null,
      !known && hand.count ? cardBack(hand.count) : null,
      !hand.count ? h("span", { class: "muted" }, "no cards") : null,
    ),
  );
}

function drawExchanges(view, colour, face) {
  if (!view.exchanges.length) return null;
  return h(
    "div",
    { class: "pres-exchanges" },
    h("span", { class: "centre-title" }, "Exchanged this deal: "),
    view.exchanges.map((done) =>
      h(
        "span",
        { class: "exchange" },
        h("span", { style: { color: colour(done.giver) } }, done.giver),
        " → ",
        h("span", { style: { color: colour(done.receiver) } }, done.receiver),
        " ",
        done.cards.map((code) => face(code, "mini")),
        done.unknown ? cardBack(done.unknown, "mini") : null,
      ),
    ),
  );
}

function ordinal(n) {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th";
  return `${n}${suffix}`;
}

// On the recording page: what the player to act may not do now, drawn greyed (the
// page asks the dry run for the rule when one is tapped). The cards of the hand that
// make no listed play, and a pass when only plays are listed (a trick's leader).
export function forbidden(frame, choices) {
  const plays = choices.filter((choice) => choice.type === "CardsPlayed");
  const player = actingPlayer(choices);
  if (!player) return [];
  // A play is a pick among cards (classic) or listed whole, its cards in the event
  // (the daifugo preset lists every group and sequence).
  const playable = new Set(plays.flatMap((choice) => ((choice.picks || []).length ? choice.picks.flatMap((pick) => pick.among) : choice.event.cards || [])));
  const hand = (frame.view.hands[player] || {}).cards || [];
  const probes = [...new Set(hand)]
    .filter((code) => !playable.has(code))
    .map((code) => ({ player, label: `Play ${cardLabel(code)}`, event: { type: "CardsPlayed", player, cards: [code] } }));
  if (!choices.some((choice) => choice.type === "PlayerPassed" && choice.player === player)) {
    probes.push({ player, label: "Pass", event: { type: "PlayerPassed", player } });
  }
  return probes;
}

// The cards a player holds in a view (the recording page's fix form offers them).
export const heldCards = (view, player) => ((view.hands || {})[player] || {}).cards || [];

// The recording page's composer records a play with "Play".
export const confirmLabel = (choice) => (choice.type === "CardsPlayed" ? "Play" : null);

// The player whose play or pass is asked for: one who may only pass holds cards too.
function actingPlayer(choices) {
  const acting = choices.find((choice) => choice.type === "CardsPlayed") || choices.find((choice) => choice.type === "PlayerPassed");
  return acting ? acting.player : null;
}

// On the recording page (full mode): the acting player's hand drawn on the table is
// tappable. A card that makes a listed play selects the smallest listed play of its
// rank (the composer opens with that card in it); another card of that rank grows the
// selection to the next listed count, or swaps in when none is larger; a selected card
// tapped again shrinks it. Then Play: a play is two taps. A play listed whole (the
// daifugo preset's groups and sequences) opens with the smallest one holding the
// card; a further card moves to the smallest one holding both. A card that makes no
// listed play is explained by its rule, like the greyed buttons.
export function bindHandTaps(board, choices, controls) {
  for (const element of board.querySelectorAll(".hand [data-code][role]")) {
    element.onclick = null;
    element.removeAttribute("role");
    element.classList.remove("playable", "picked");
  }
  const plays = [];
  choices.forEach((choice, index) => {
    const picks = choice.picks || [];
    if (choice.type !== "CardsPlayed") return;
    if (picks.length === 1 && picks[0].field === "cards") plays.push({ choice, index, count: picks[0].least, among: picks[0].among });
    else if (!picks.length && (choice.event.cards || []).length) plays.push({ choice, index, count: choice.event.cards.length, among: choice.event.cards, whole: true });
  });
  const player = actingPlayer(choices);
  if (!player) return;
  const seat = [...board.querySelectorAll(".pres-seat")].find((element) => element.dataset.player === player);
  if (!seat) return;
  const open = controls.open;
  const opened = open && plays.find((play) => play.index === open.index);
  const current = !opened ? [] : opened.whole ? opened.among : open.filled.cards || [];
  for (const element of seat.querySelectorAll(".hand [data-code]")) {
    const code = element.dataset.code;
    const options = plays.filter((play) => play.among.includes(code)).sort((a, b) => a.count - b.count);
    element.classList.toggle("playable", options.length > 0);
    element.classList.toggle("picked", current.includes(code));
    element.setAttribute("role", "button");
    element.onclick = options.length
      ? () => (options[0].whole ? tapWhole(code, plays, opened && opened.whole ? opened : null, controls) : tapCard(code, options, open, controls))
      : () => controls.actions.explain({ type: "CardsPlayed", player, cards: [code] }, `Play ${cardLabel(code)}`);
  }
}

function tapCard(code, options, open, controls) {
  const same = open && options.find((play) => play.index === open.index);
  const selected = same ? open.filled.cards : [];
  const withCount = (n) => options.find((play) => play.count === n);
  if (!same) {
    const play = options[0];
    const others = play.among.filter((other) => other !== code);
    return controls.openWith(play.index, { cards: [code, ...others.slice(0, play.count - 1)] });
  }
  if (selected.includes(code)) {
    const smaller = withCount(selected.length - 1);
    return smaller ? controls.openWith(smaller.index, { cards: selected.filter((c) => c !== code) }) : controls.close();
  }
  const larger = withCount(selected.length + 1);
  if (larger) return controls.openWith(larger.index, { cards: [...selected, code] });
  return controls.openWith(same.index, { cards: [...selected.slice(1), code] });
}

// Plays listed whole: the tapped card joins (or leaves) the open play's cards, and the
// smallest listed play holding exactly those, else the smallest holding them all, else
// the smallest holding the tapped card, opens.
function tapWhole(code, plays, opened, controls) {
  const selected = opened ? opened.among : [];
  const removing = selected.includes(code);
  const wanted = removing ? selected.filter((c) => c !== code) : [...selected, code];
  const whole = plays.filter((play) => play.whole).sort((a, b) => a.count - b.count);
  const holding = (cards) => whole.filter((play) => cards.every((c) => play.among.includes(c)));
  const fits = wanted.length ? holding(wanted) : [];
  const play = fits.find((each) => each.count === wanted.length) || fits[0] || (removing ? null : holding([code])[0]);
  return play ? controls.openWith(play.index, {}) : controls.close();
}
