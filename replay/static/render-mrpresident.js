// Mr. President: the four regions with their states, the Ballots each party has
// cast in each state against the state's limit, the last roll and the states it
// reached, and at the tally every counted state coloured by the party that carried
// it, with the running electoral and popular totals. The tally is the frame's own
// (view.tally: the domain's tallies of the regions counted by this step), so a frame
// shows the count as of its step whatever the match has reached since.
// The advanced game (when the view carries a party's funds) adds the candidates'
// ratings, funds, each state's Advertising and Funds checks, the nomination, the
// debates with their risked Ballots (face down for whoever may not see their votes)
// and the issues won; the basic game is drawn as before.
import { h, useStylesheet } from "/static/dom.js";

useStylesheet("/static/render-mrpresident.css");

export const name = "mrpresident";
export const title = "Mr. President";

// The recording page's quick-entry examples (docs/notation.md § Mr. President).
export const quickExamples = (tag) => `${tag(0)} r mid 3 4 · ${tag(0)} cast oh p`;

// The standings' words: a score is the party's votes in the tally the game is played for
// (mr-president.md § OBJECT OF THE GAME), and running mates win or lose together.
export function standingsWords(standings) {
  const popular = (standings.details || {}).mode === "popular";
  return popular
    ? { unit: ["popular vote (×100,000)", "popular votes (×100,000)"], heading: "Popular votes", together: true }
    : { unit: ["electoral vote", "electoral votes"], heading: "Electoral votes", together: true };
}

const PARTIES = ["Republican", "Democratic"];
const SHORT = { Republican: "R", Democratic: "D" };
const PLURAL = { Republican: "Republicans", Democratic: "Democrats" };
const PHASES = {
  setup: "setting up",
  campaign: "campaigning",
  absentee: "absentee ballots",
  tally: "election tally",
  over: "election over",
};
const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function render(frame) {
  const view = frame.view;
  const tally = countedSoFar(view);
  const roll = view.phase === "campaign" ? view.last_roll : null;
  const reached = new Set(roll && view.turn ? roll.reachable : []);
  const castNow = new Set(view.ballots.filter((b) => b.step === frame.step && b.state).map((b) => b.state));
  const perState = view.ballots_by_state.states; // the view's count, per state and party, as this perspective sees them
  const advanced = isAdvanced(view);

  return h(
    "div",
    { class: "mrp" },
    h(
      "div",
      { class: "mrp-status" },
      h("span", { class: "chip" }, PHASES[view.phase] || view.phase),
      h("span", { class: "chip" }, view.mode === "popular" ? "decided by the popular vote" : "decided by the electoral vote"),
      view.next_player ? h("span", { class: "chip" }, "next: ", h("strong", null, view.next_player)) : null,
      view.phase === "campaign" || view.undecided ? h("span", { class: "chip" }, `undecided voters left: ${view.undecided}`) : null,
      view.home_stretch ? h("span", { class: "chip warn" }, "home stretch") : null,
    ),
    drawTotals(view, tally),
    drawRoll(roll, view.turn),
    h(
      "div",
      { class: "mrp-regions" },
      view.board.regions.map((region) => drawRegion(region, view, perState, tally, reached, castNow, advanced)),
    ),
    h("div", { class: "mrp-parties" }, PARTIES.map((party) => drawParty(party, view, advanced))),
    advanced ? drawNomination(view) : null,
    advanced ? drawDebates(view, frame.step) : null,
    h(
      "p",
      { class: "board-note legend" },
      h("strong", null, "NY 43 ", h("span", { class: "dice-num" }, "6")),
      ": state, electoral votes, dice number; ",
      h("span", { class: "pips R" }, h("span", { class: "pip on" }), h("span", { class: "pip" })),
      h("span", { class: "pips D" }, h("span", { class: "pip on" }), h("span", { class: "pip" })),
      " Republican and Democratic Ballots against the state's limit (+n: not on the record, e.g. absentee)",
    ),
    h("p", { class: "board-note" }, view.board.title || view.board.name),
  );
}

// The counted states by who carried them, each counted region's additional votes (popular
// tally) and the running totals, from view.tally (null until a region is counted).
function countedSoFar(view) {
  if (!view.tally) return null;
  const { electoral, popular } = view.tally;
  const carried = {};
  for (const state of electoral.states) carried[state.state] = { party: state.carried_by, reason: state.reason };
  const regions = Object.fromEntries(popular.regions.filter((region) => region.counted).map((region) => [region.region, region]));
  return { counted: view.counted.length, carried, regions, electoral: electoral.totals, popular: popular.totals, majority: electoral.majority, of: electoral.of };
}

// mr-president.md § OBJECT OF THE GAME: "When playing for *popular votes*, each party attempts to
// win a majority of the total votes cast. When playing for *electoral votes*, each party attempts
// to win a majority (270 or more) of the 538 electoral votes." The bar and the first figures are
// those of the tally the match is played for; the other is given for comparison.
function drawTotals(view, tally) {
  if (!tally) return null;
  const popularGame = view.mode === "popular";
  const cast = tally.popular.Republican + tally.popular.Democratic;
  const share = popularGame
    ? (party) => `${cast ? (100 * tally.popular[party]) / cast : 0}%`
    : (party) => `${(100 * tally.electoral[party]) / tally.of}%`;
  const electoralWords = (party) => `${tally.electoral[party]} electoral`;
  const popularWords = (party) => `${tally.popular[party]} popular (×100,000)`;
  return h(
    "div",
    { class: "mrp-totals", "aria-label": "Running totals", "data-decided-by": popularGame ? "popular" : "electoral" },
    h(
      "div",
      { class: "ev-bar", title: popularGame ? "a majority of the votes cast wins" : `${tally.majority} electoral votes needed` },
      h("span", { class: "ev rep", style: { width: share("Republican") } }),
      h("span", { class: "ev dem", style: { width: share("Democratic") } }),
      h("span", { class: "majority", style: { left: popularGame ? "50%" : `${(100 * tally.majority) / tally.of}%` } }),
    ),
    h(
      "div",
      { class: "totals-row" },
      PARTIES.map((party) =>
        h(
          "span",
          { class: `total ${SHORT[party]}`, "data-party": party },
          h("strong", null, PLURAL[party]),
          ` ${popularGame ? popularWords(party) : electoralWords(party)}`,
          h("span", { class: "muted" }, ` · ${popularGame ? electoralWords(party) : popularWords(party)}`),
        ),
      ),
      h(
        "span",
        { class: "muted" },
        `${tally.counted} of ${view.board.regions.length} regions counted · `,
        popularGame ? `the most popular votes win (electoral votes for comparison)` : `${tally.majority} to win (popular votes for comparison)`,
      ),
    ),
  );
}

// A region's additional votes: mr-president.md § TALLY BOARD, "Additional Votes section (*used
// only for popular vote tally*)". In a game for electoral votes they count for nothing and are
// not shown; in a popular game, once the region is counted, to whom they went and why.
function additionalVotes(region, view, tally) {
  if (view.mode !== "popular") return null;
  const counted = tally && tally.regions[region.name];
  if (!counted) return h("span", { class: "muted additional" }, `+${region.additional_votes} additional`);
  const to = counted.additional_to;
  const words = to === "divided" ? `+${region.additional_votes} additional divided` : `+${region.additional_votes} additional to the ${PLURAL[to] || to}`;
  return h("span", { class: "muted additional", title: counted.reason, "data-to": to }, words);
}

// The view's last roll: the open turn's (its reach marked on the board), or, once
// the turn has ended, the one before, with its step.
function drawRoll(roll, turn) {
  if (!roll) return null;
  const current = Boolean(turn);
  return h(
    "div",
    { class: `mrp-roll ${current ? "current" : ""}`, "data-step": roll.step },
    h("span", { class: "dice", "aria-label": `rolled ${roll.dice.join(" and ")}` }, roll.dice.map((value) => h("span", { class: "die" }, DICE[value] || value))),
    h(
      "span",
      null,
      h("strong", null, roll.player),
      current ? " rolled " : ` rolled (step ${roll.step}) `,
      roll.dice.join(" + "),
      roll.regions.length ? ` in ${roll.regions.join(" and ")}` : "",
      roll.raising_funds ? " to raise funds" : "",
      current && turn.at_headquarters ? " at Headquarters" : "",
      roll.reachable.length ? [": reaches ", h("strong", null, roll.reachable.join(", "))] : ": reaches no state",
    ),
  );
}

function drawRegion(region, view, perState, tally, reached, castNow, advanced) {
  const counted = view.counted.includes(region.name);
  // A state's particulars and how it was carried are its title, which a phone never shows:
  // a tap on a state writes them under its region.
  const explained = h("p", { class: "mrp-explained", role: "status", hidden: true, style: { "white-space": "pre-line", margin: ".4rem 0 0", "font-size": ".85rem" } });
  const explain = (element) => {
    explained.textContent = element.title;
    explained.dataset.state = element.dataset.state;
    explained.hidden = false;
  };
  return h(
    "section",
    { class: `mrp-region ${counted ? "counted" : ""}`, "data-region": region.name },
    h("header", null, h("strong", null, region.name), counted ? h("span", { class: "tag" }, "counted") : null, additionalVotes(region, view, tally)),
    h(
      "div",
      { class: "mrp-states" },
      region.states.map((state) => {
        const counts = perState[state.abbr];
        const result = counted && tally ? tally.carried[state.abbr] : null;
        const carriedBy = result ? result.party : null;
        return h(
          "div",
          {
            class: `mrp-state ${reached.has(state.abbr) ? "reached" : ""} ${castNow.has(state.abbr) ? "cast-now" : ""} ${carriedBy ? `carried ${SHORT[carriedBy]}` : result ? "carried tie" : ""}`,
            "data-state": state.abbr,
            "data-carried": carriedBy || "",
            title: stateTitle(state, counts, result),
            onclick: (event) => explain(event.currentTarget),
          },
          h("div", { class: "state-head" }, h("strong", null, state.abbr), h("span", { class: "ev-num" }, state.electoral_votes), h("span", { class: "dice-num" }, state.dice)),
          PARTIES.map((party) => pips(party, counts ? counts[party] : null, state.limit)),
          advanced ? columnMarks(view, state.abbr) : null,
          counted ? h("div", { class: "result" }, carriedBy ? `${SHORT[carriedBy]} carries` : result ? "tied" : "counted") : null,
        );
      }),
    ),
    explained,
  );
}

function pips(party, side, limit) {
  const recorded = side ? side.recorded : 0;
  const other = side ? side.other : 0;
  const marks = [];
  for (let i = 0; i < Math.max(limit, recorded); i += 1) marks.push(h("span", { class: `pip ${i < recorded ? "on" : ""} ${i >= limit ? "over" : ""}` }));
  return h(
    "div",
    { class: `pips ${SHORT[party]}`, title: `${party} Ballots: ${recorded} of ${limit}${other ? ` (+${other} not on the record)` : ""}`, "data-count": recorded + other },
    marks,
    other ? h("span", { class: "extra" }, `+${other}`) : null,
  );
}

function stateTitle(state, counts, result) {
  const lines = [`${state.name}: dice ${state.dice}, ${state.electoral_votes} electoral votes, ${state.limit} Ballots per party`];
  if (state.edge_party) lines.push(`built-in edge: ${state.edge_votes.toLocaleString()} to the ${PLURAL[state.edge_party]}`);
  for (const party of PARTIES) {
    const side = counts && counts[party];
    const ballots = side ? side.recorded + side.other : 0;
    if (ballots) lines.push(`${party}: ${ballots} Ballot${ballots === 1 ? "" : "s"}${side.votes !== null ? `, ${side.votes} vote${side.votes === 1 ? "" : "s"}` : ""}`);
  }
  if (result) lines.push(result.party ? `carried by the ${PLURAL[result.party]}: ${result.reason}` : result.reason || "tied");
  return lines.join("\n");
}

// The party's Absentee Ballots: due until it has cast them, then how many it cast (where they
// went is the party's secret until the tally: mr-president.md § ABSENTEE BALLOTS, "they do not,
// however, announce the casting of these Ballots to their opponents").
function drawAbsentee(party, info, view) {
  if (info.absentee_ballots_due === null || info.absentee_ballots_due === undefined) return null;
  const cast = view.ballots.filter((ballot) => ballot.how === "absentee" && ballot.party === party).length;
  const words = cast ? `${cast} absentee cast` : `absentee due: ${info.absentee_ballots_due}`;
  return h("span", { class: "muted absentee", "data-cast": cast }, ` · ${words}`);
}

function drawParty(party, view, advanced) {
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
function isAdvanced(view) {
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
function columnMarks(view, abbr) {
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
function drawNomination(view) {
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
function drawDebates(view, step) {
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
