// Mr. President's two parties as the table shows them: each party's seats, offices and
// hands, its Absentee Ballots, and in the advanced game its ticket's Candidate cards,
// funds and columns, the nomination and the debates (render-mrpresident.js draws the
// board around them).
import { h } from "/static/dom.js";

export const PARTIES = ["Republican", "Democratic"];
export const SHORT = { Republican: "R", Democratic: "D" };
export const PLURAL = { Republican: "Republicans", Democratic: "Democrats" };

// The party's Absentee Ballots: due until it has cast them, then how many it cast (where they
// went is the party's secret until the tally: mr-president.md § ABSENTEE BALLOTS, "they do not,
// however, announce the casting of these Ballots to their opponents").
function drawAbsentee(party, info, view) {
  if (info.absentee_ballots_due === null || info.absentee_ballots_due === undefined) return null;
  const cast = view.ballots.filter((ballot) => ballot.how === "absentee" && ballot.party === party).length;
  const words = cast ? `${cast} absentee cast` : `absentee due: ${info.absentee_ballots_due}`;
  return h("span", { class: "muted absentee", "data-cast": cast }, ` · ${words}`);
}

export function drawParty(party, view, advanced) {
  const info = view.parties[party];
  if (!info) return null;
  const seats = view.players.filter((player) => player.party === party);
  const ticket = [info.president && ["President", info.president], info.vice_president && ["Vice President", info.vice_president]].filter(Boolean);
  return h(
    "section",
    { class: `mrp-party ${SHORT[party]}`, "data-party": party },
    h("header", null, h("strong", null, PLURAL[party]), h("span", { class: "muted" }, ` · ${info.states_campaigned} states campaigned`), drawAbsentee(party, info, view)),
    advanced
      ? drawTicketCards(ticket)
      : ticket.length
        ? h("p", { class: "ticket" }, ticket.map(([office, cardInfo], i) => [i ? " · " : "", `${office}: `, h("strong", null, cardInfo.name), ` (${cardInfo.home_state})`]))
        : null,
    advanced ? drawFunds(info) : null,
    h(
      "ul",
      { class: "mrp-seats" },
      seats.map((seat) =>
        h(
          "li",
          { "data-player": seat.name, class: seat.name === view.next_player ? "next" : "" },
          h("strong", null, seat.name),
          seat.offices.length ? ` — ${seat.offices.join(" & ")}` : "",
          h("span", { class: "muted" }, ` · hand ${seat.hand}/${seat.hand_limit} · deck ${seat.deck}`),
          seat.turns_lost ? h("span", { class: "marker" }, `loses ${seat.turns_lost} turn${seat.turns_lost === 1 ? "" : "s"}`) : null,
          seat.extra_turns ? h("span", { class: "marker" }, `+${seat.extra_turns} turn${seat.extra_turns === 1 ? "" : "s"}`) : null,
        ),
      ),
    ),
  );
}

// --- the advanced game -------------------------------------------------------------

// The view carries the advanced columns (funds, …) only when the match has the
// advanced tables: the basic game's parties have none.
export function isAdvanced(view) {
  return PARTIES.some((party) => view.parties[party] && typeof view.parties[party].funds === "number");
}

const RATINGS = [
  ["campaign_ability", "Campaign"],
  ["financial_support", "Financial"],
  ["press_support", "Press"],
  ["fund_raising", "Fund raising"],
  ["advertising", "Advertising"],
];

// A state's checks in each party's Advertising (A) and Funds ($) columns.
export function columnMarks(view, abbr) {
  const marks = [];
  for (const party of PARTIES) {
    const info = view.parties[party];
    if ((info.advertising_column || []).includes(abbr)) marks.push(h("span", { class: `col-mark ad ${SHORT[party]}`, title: `${party} advertising here`, "data-column": "advertising", "data-party": party }, "A"));
    if ((info.funds_column || []).includes(abbr)) marks.push(h("span", { class: `col-mark fund ${SHORT[party]}`, title: `${party} funds raised here`, "data-column": "funds", "data-party": party }, "$"));
  }
  return marks.length ? h("div", { class: "col-marks" }, marks) : null;
}

// The ticket as two Candidate cards with their ratings and issues.
function drawTicketCards(ticket) {
  if (!ticket.length) return null;
  return h(
    "div",
    { class: "mrp-cards" },
    ticket.map(([office, card]) =>
      h(
        "div",
        { class: "mrp-card", "data-office": office, "data-name": card.name },
        h("div", { class: "card-office muted" }, office),
        h("strong", null, card.name),
        h("div", { class: "muted" }, `${card.office ? `${card.office} ` : ""}${card.home_state}`),
        h(
          "dl",
          { class: "ratings" },
          RATINGS.filter(([field]) => card[field] !== undefined).map(([field, words]) => [h("dt", null, words), h("dd", { "data-rating": field }, String(card[field]))]),
          h("dt", null, "Effective total"),
          h("dd", { "data-rating": "effective_total" }, String(card.effective_total)),
        ),
        card.issues && card.issues.length ? h("div", { class: "issues" }, card.issues.map((issue) => h("span", { class: "issue" }, issue))) : null,
      ),
    ),
  );
}

function drawFunds(info) {
  return h(
    "div",
    { class: "mrp-funds" },
    h("p", { class: "funds" }, "Funds ", h("strong", { "data-funds": info.funds }, `$${info.funds} million`), h("span", { class: "muted" }, ` · raised $${info.funds_raised}M · spent $${info.funds_spent}M`)),
    h(
      "p",
      { class: "columns muted" },
      `Advertising: ${(info.advertising_column || []).join(", ") || "none"} · Funds: ${(info.funds_column || []).join(", ") || "none"}`,
    ),
    h(
      "p",
      { class: "issues-won" },
      "Issues won: ",
      info.issues_won && info.issues_won.length ? info.issues_won.map((issue) => h("span", { class: "issue won" }, issue)) : h("span", { class: "muted" }, "none"),
      info.debate_absentee_ballots ? h("span", { class: "muted" }, ` · first ${info.debate_absentee_ballots} Absentee Ballots`) : null,
    ),
  );
}

// NOMINATION: the Candidate cards each player laid out face up, and the one chosen.
export function drawNomination(view) {
  const nomination = view.nomination;
  if (!nomination || !Object.keys(nomination.laid_out).length || view.phase !== "setup") return null;
  return h(
    "section",
    { class: "mrp-nomination" },
    h("h3", null, "Nomination"),
    Object.entries(nomination.laid_out).map(([player, names]) =>
      h(
        "p",
        { "data-player": player },
        h("strong", null, player),
        ": ",
        names.map((name) => h("span", { class: `laid-out ${nomination.picked[player] === name ? "picked" : ""}` }, name)),
      ),
    ),
  );
}

// The debates in order, each with the Ballots risked and cast at its step (the view's
// debate Ballots, grouped by step: the i-th step is the i-th debate). A Ballot whose
// votes this perspective may not see lies face down.
export function drawDebates(view, step) {
  if (!view.debates.length) return null;
  const steps = [...new Set(view.ballots.filter((b) => b.how === "debate").map((b) => b.step))].sort((a, b) => a - b);
  const matched = steps.length === view.debates.length;
  return h(
    "section",
    { class: "mrp-debates" },
    h("h3", null, "Debates"),
    h(
      "ol",
      null,
      view.debates.map((debate, i) => {
        const at = matched ? steps[i] : null;
        const risked = at === null ? [] : view.ballots.filter((b) => b.how === "debate" && b.step === at);
        const result = debate.won_by ? `won by the ${PLURAL[debate.won_by]}` : "stalemate";
        return h(
          "li",
          { class: `mrp-debate ${debate.won_by ? SHORT[debate.won_by] : "stalemate"} ${at === step ? "now" : ""}`, "data-issue": debate.issue, "data-step": at || "" },
          h("strong", null, debate.issue),
          h("span", { class: "debate-result" }, ` — ${result}`),
          risked.length ? h("span", { class: "risked-ballots" }, risked.map(riskedBallot)) : null,
        );
      }),
    ),
  );
}

function riskedBallot(ballot) {
  const hidden = ballot.votes === null || ballot.votes === undefined;
  return h(
    "span",
    { class: `ballot ${SHORT[ballot.party]} ${hidden ? "face-down" : ""} ${ballot.recorded ? "" : "unrecorded"}`, title: `${ballot.party} Ballot cast by ${ballot.player}${ballot.recorded ? "" : " (not recorded)"}` },
    h("span", { class: "seal" }, ballot.seal === "VP" ? "VP" : "P"),
    ` ${ballot.state || "?"} `,
    h("span", { class: "votes" }, hidden ? "▮" : String(ballot.votes)),
  );
}
