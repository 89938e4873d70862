// Presidential Bid: the board with its regions and districts, the district up for
// bid, the cards placed on districts won, each region's winner (or leader while it
// is still being played), the players' hands and sealed bids, and the last reveal.
// Each region's result is the domain's tally as the view gives it (region.result:
// winner, by which rule, final or so far); the rule itself lives only there.
import { h, playerColour, useStylesheet } from "/static/dom.js";
import { card, cardBack, cardLabel, SUIT_NAMES } from "/static/cards.js";

useStylesheet("/static/render-bid.css");

export const name = "bid";
export const title = "Presidential Bid";

// The recording page's quick-entry examples (docs/notation.md § Presidential Bid).
export const quickExamples = (tag, count) => `7c · ${["9h", "ks", "2d"].slice(0, count).map((bid, i) => `${tag(i)} ${bid}`).join(" ")}`;

// The cards a player holds in a view (the recording page's fix form offers them).
export const heldCards = (view, player) => ((view.players || []).find((seat) => seat.player === player) || {}).hand || [];

// The standings' words: presidential-bid.txt, "Be the player with the most votes at the end of the game".
export const standingsWords = () => ({ unit: ["vote", "votes"], heading: "Votes" });

export function render(frame, ctx) {
  const view = frame.view;
  const players = view.players.map((seat) => seat.player);
  const colour = (player) => playerColour(ctx.players, players, player); // the match's order, as every renderer
  const regions = view.board.regions;
  const lastReveal = view.history.length ? view.history[view.history.length - 1] : null;
  const justRevealed = lastReveal && lastReveal.step === frame.step ? lastReveal : null;

  return h(
    "div",
    { class: "bid" },
    h(
      "div",
      { class: "bid-status" },
      h("span", { class: "chip" }, view.finished ? "All 13 districts played" : `Round ${Math.max(1, view.round)} of ${view.rounds}`),
      view.up ? h("span", { class: "chip up-chip", "data-up": view.up }, "Up for bid: ", h("strong", null, cardLabel(view.up))) : null,
      h("span", { class: "chip" }, `Draw pile: ${view.draw_pile}`),
    ),
    h(
      "div",
      { class: "bid-board", "aria-label": `${view.board.name}${view.board.reconstruction ? " (a reconstruction)" : ""}` },
      regions.map((region) => drawRegion(region, colour)),
    ),
    justRevealed ? drawReveal(justRevealed, colour) : null,
    h(
      "div",
      { class: "bid-players" },
      view.players.map((seat) => drawSeat(seat, colour(seat.player), seat.votes_won, view.up)),
    ),
    h("p", { class: "board-note" }, view.board.name, view.board.reconstruction ? " — a reconstruction, not the published board" : ""),
  );
}

function drawRegion(region, colour) {
  const { winner, final: decided, how, sentence } = region.result;
  const label = winner ? `${decided ? "won by" : "leads:"} ${winner}` : decided ? "neutral" : "open";
  return h(
    "section",
    {
      class: `region ${winner ? "has-winner" : ""} ${decided ? "decided" : ""}`,
      style: winner ? { "--owner": colour(winner) } : null,
      "data-region": region.name,
      "data-winner": winner || "",
    },
    h("header", null, h("strong", null, region.name), h("span", { class: "votes" }, `${region.votes} votes`)),
    h(
      "div",
      { class: "districts" },
      region.districts.map((district) =>
        h(
          "div",
          {
            class: `district ${district.status}`,
            style: district.winner ? { "--owner": colour(district.winner) } : null,
            "data-district": district.district,
            "data-status": district.status,
            title: districtTitle(district),
          },
          h("span", { class: "club" }, cardLabel(district.district)),
          district.card ? card(district.card, "mini") : null,
          district.status === "neutral" ? h("span", { class: "tag" }, "tie") : null,
          district.status === "up" ? h("span", { class: "tag" }, "up") : null,
        ),
      ),
    ),
    h("footer", { class: "region-outcome", title: sentence }, label, how ? h("span", { class: "how" }, ` (${how})`) : null),
  );
}

function districtTitle(district) {
  if (district.status === "won") return `${cardLabel(district.district)}: won by ${district.winner} with ${cardLabel(district.card)}`;
  if (district.status === "neutral") return `${cardLabel(district.district)}: neutral (tied bids)`;
  if (district.status === "up") return `${cardLabel(district.district)}: up for bid`;
  return `${cardLabel(district.district)}: not yet drawn`;
}

function drawReveal(reveal, colour) {
  return h(
    "div",
    { class: "reveal", "aria-label": "Bids shown" },
    h("span", { class: "reveal-title" }, `Bids for ${cardLabel(reveal.district)}:`),
    reveal.bids.map((bid) =>
      h(
        "span",
        { class: `bid-shown ${bid.player === reveal.winner ? "winner" : ""}`, style: { "--owner": colour(bid.player) } },
        h("span", { class: "who" }, bid.player),
        card(bid.card),
      ),
    ),
    h("strong", { class: "verdict" }, reveal.winner ? `${reveal.winner} wins it` : "a tie: neutral"),
  );
}

function drawSeat(seat, colour, votes, up) {
  const bid =
    seat.bid === null
      ? h("span", { class: "muted" }, up ? "no bid yet" : "")
      : seat.bid === "committed"
        ? h("span", { class: "sealed" }, cardBack(1, "hidden-bid"), " sealed bid")
        : h("span", { class: "sealed" }, card(seat.bid, "played"), " sealed bid");
  return h(
    "section",
    { class: "bid-seat", style: { "--owner": colour }, "data-player": seat.player },
    h(
      "header",
      null,
      h("strong", null, seat.player),
      h("span", { class: "muted" }, ` holds ${SUIT_NAMES[seat.suit] || seat.suit}`),
      h("span", { class: "score" }, `${plural(seat.districts_won, "district")} · ${plural(votes, "vote")} won`),
    ),
    h("div", { class: "bid-line" }, bid),
    h("div", { class: "hand fanned", "aria-label": `${seat.player}'s hand` }, inHand(seat).map((code) => card(code))),
  );
}

// The cards still in a player's hand. A sealed bid this reader may see is drawn beside the hand,
// face down on the table, not in it as well (the view keeps it in the hand until the reveal, so
// that a reader who may not see it cannot tell it by its absence: such a reader is given
// "committed" and the whole hand).
function inHand(seat) {
  if (!seat.bid || seat.bid === "committed") return seat.hand;
  const at = seat.hand.indexOf(seat.bid);
  return at < 0 ? seat.hand : [...seat.hand.slice(0, at), ...seat.hand.slice(at + 1)];
}

const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
