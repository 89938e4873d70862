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
import { PARTIES, PLURAL, SHORT, columnMarks, drawDebates, drawNomination, drawParty, isAdvanced } from "/static/render-mrpresident-parties.js";

useStylesheet("/static/render-mrpresident.css");

export const name = "mrpresident";
export const title = "Mr. President";

// The recording page's inputs for this game's hints, and its values' words.
export { choiceHints, valueLabel } from "/static/render-mrpresident-hints.js";

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
