// Inputs for what a choice's hints ask the page to supply (the vocabulary is
// domain/mrpresident/choices.py's docstring): a ticket's Candidate Cards
// (hints.cards), the counted totals at the tally (hints.count), a Press Endorsement's
// Undecided Ballots (hints.press), and the seal of each Ballot picked (hints.ballots);
// for the advanced game (domain/mrpresident/advanced_choices.py's docstring) the Fund
// Raising amount read off the Chart for the dice picked (hints.amount) and a debate's
// risked Ballots, one per region, with those left unrecorded (hints.debate).
// Each input only shapes the event; the server checks it like any other.
import { h, stepper } from "/static/dom.js";

// Each hint this module reads, by the shape that marks it as Mr. President's (other
// systems' hints may share a name: a President play's `count` is a number).
const FORMS = {
  cards: (hint) => Boolean(hint && Array.isArray(hint.fields)),
  count: (hint) => Array.isArray(hint),
  press: (hint) => Boolean(hint && hint.room),
  amount: (hint) => Boolean(hint && hint.by && hint.amounts),
  debate: (hint) => Boolean(hint && hint.regions && hint.risked),
};
// A debate's two sides: the event field, and whose Ballots they are in words.
const DEBATE_SIDES = [
  ["risked", (choice) => `${choice.player || "The challenger"}’s risked Ballots`],
  ["opponent_risked", () => "The opponent’s risked Ballots"],
];
const hintOf = (choice, name) => {
  const hint = (choice.hints || {})[name];
  return FORMS[name](hint) ? hint : null;
};
const REMEMBERED = "recount.candidate-cards";
const REMEMBER_AT_MOST = 24;
const SEAL_NAMES = { P: "President", VP: "Vice President" };
// Illustration I of mr-president.md adds up to 27 with Campaign Ability 7.
const DEFAULT_RATINGS = { campaign_ability: 7, financial_support: 8, press_support: 4, fund_raising: 3, advertising: 5 };

// A choice with one of these hints needs the composer even without picks.
export const needsForm = (choice) => Object.keys(FORMS).some((name) => hintOf(choice, name));

// The choice's hints this module fills in (and `ballots`, for the seals).
function formHints(choice) {
  const found = { ballots: (choice.hints || {}).ballots };
  for (const name of Object.keys(FORMS)) if (hintOf(choice, name)) found[name] = hintOf(choice, name);
  return found;
}

const words = (field) => field.replaceAll("_", " ");

// The inputs' starting values, kept on the open composer.
export function startHints(choice) {
  const hints = formHints(choice);
  const extra = { seals: [], seal: null };
  if (hints.cards) {
    // A name to start from (the card's own is typed over it); no rule reads it.
    const party = (choice.event || {}).party || "";
    extra.cards = Object.fromEntries(hints.cards.fields.map((field) => [field, { ...blankCard(hints.cards), name: `${party} ${words(field)}`.trim() }]));
  }
  if (hints.count) extra.count = hints.count.map((entry) => entry.least);
  if (hints.press) extra.press = [];
  // Per side, the Ballot risked in each region: { region: { state, seal } }.
  if (hints.debate) extra.debate = { risked: {}, opponent_risked: {}, unrecorded: [] };
  const seals = hints.ballots ? Object.keys(hints.ballots.seals) : [];
  extra.seal = seals[0] || null;
  return extra;
}

function blankCard(hint) {
  return { name: "", home_state: "", issues: "", ...Object.fromEntries(hint.ratings.map((rating) => [rating, DEFAULT_RATINGS[rating] ?? 1])) };
}

// What is still missing, in words (empty: the hint inputs are complete).
export function hintsWanting(choice, open) {
  const hints = formHints(choice);
  const wanting = [];
  if (hints.cards) {
    for (const field of hints.cards.fields) {
      const card = open.extra.cards[field];
      if (!card.name.trim()) wanting.push(`write the ${words(field)}’s name`);
      if (!card.home_state) wanting.push(`choose the ${words(field)}’s home state`);
    }
  }
  if (hints.press) {
    const most = pressMost(hints.press, open.filled);
    if (open.extra.press.length > most) wanting.push(`at most ${most} Undecided Ballots (the dice)`);
  }
  if (hints.debate) {
    for (const [side, whose] of DEBATE_SIDES) {
      const bounds = hints.debate[side];
      const risked = Object.values(open.extra.debate[side]);
      if (risked.length < bounds.least || risked.length > bounds.most) {
        wanting.push(`${bounds.least === bounds.most ? bounds.least : `${bounds.least} to ${bounds.most}`} for ${whose(choice).toLowerCase()} (one per region)`);
      }
      for (const [seal, cap] of Object.entries(bounds.seals)) {
        if (risked.filter((ballot) => ballot.seal === seal).length > cap) wanting.push(`at most ${cap} ${SEAL_NAMES[seal] || seal} Ballots for ${whose(choice).toLowerCase()}`);
      }
    }
  }
  return wanting;
}

// The event completed from the inputs (before the Ballots' seals are supplied).
export function applyHints(event, choice, open) {
  const hints = formHints(choice);
  if (hints.cards) {
    const cards = [];
    for (const field of hints.cards.fields) {
      event[field] = asCard(open.extra.cards[field], hints.cards);
      cards.push(event[field]);
    }
    remember(cards);
  }
  if (hints.count) {
    event.votes = JSON.parse(JSON.stringify(event.votes || {}));
    hints.count.forEach((entry, i) => {
      event.votes[entry.state] = { ...(event.votes[entry.state] || {}), [entry.party]: open.extra.count[i] };
    });
  }
  if (hints.press) {
    const seal = Object.keys(hints.press.seals)[0];
    event[hints.press.field] = open.extra.press.map((state) => ({ seal, state }));
  }
  if (hints.amount) {
    const amount = chartAmount(hints.amount, open.filled);
    if (amount !== null) event[hints.amount.field] = amount;
  }
  if (hints.debate) {
    for (const [side] of DEBATE_SIDES) event[side] = Object.values(open.extra.debate[side]).map(({ seal, state }) => ({ seal, state }));
    const risked = new Set([...event.risked, ...event.opponent_risked].map((ballot) => ballot.state));
    event.unrecorded = open.extra.debate.unrecorded.filter((state) => risked.has(state));
  }
}

// The Fund Raising Chart's amount for the dice picked so far (null until both are in).
function chartAmount(hint, filled) {
  const dice = filled[hint.by] || [];
  if (dice.length < 2) return null;
  const amount = hint.amounts[String(dice.reduce((sum, die) => sum + die, 0))];
  return amount === undefined ? null : amount;
}

function asCard(typed, hint) {
  const ratings = Object.fromEntries(hint.ratings.map((rating) => [rating, typed[rating]]));
  const card = {
    name: typed.name.trim(),
    home_state: typed.home_state,
    issues: typed.issues.split(",").map((issue) => issue.trim()).filter(Boolean),
    ...ratings,
  };
  card[hint.total] = hint.ratings.reduce((sum, rating) => sum + typed[rating], 0);
  return card;
}

// Cards typed before on this phone, newest first, one per name.
function rememberedCards() {
  try {
    const stored = JSON.parse(localStorage.getItem(REMEMBERED) || "[]");
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

function remember(cards) {
  const names = new Set(cards.map((card) => card.name));
  const kept = [...cards, ...rememberedCards().filter((card) => !names.has(card.name))].slice(0, REMEMBER_AT_MOST);
  localStorage.setItem(REMEMBERED, JSON.stringify(kept));
}

// The hint inputs of an open composer.
export function drawHints(choice, open, redraw) {
  const hints = formHints(choice);
  return [
    hints.cards ? hints.cards.fields.map((field) => drawCard(field, open.extra.cards, hints.cards, redraw)) : null,
    hints.count ? drawCount(hints.count, open.extra.count) : null,
    hints.press ? drawPress(hints.press, open, redraw) : null,
    hints.amount ? drawAmount(hints.amount, open) : null,
    hints.debate ? DEBATE_SIDES.map(([side, whose]) => drawRisked(side, whose(choice), hints.debate, open, redraw)) : null,
    hints.debate ? drawUnrecorded(open, redraw) : null,
  ];
}

// A compact Candidate Card: cards typed before (one tap fills it), the name, the
// home state, each rating a stepper, the Effective Total added up as they change.
function drawCard(field, cards, hint, redraw) {
  const typed = cards[field];
  const total = h("output", { class: "card-total" }, String(hint.ratings.reduce((sum, rating) => sum + typed[rating], 0)));
  const retotal = () => (total.textContent = String(hint.ratings.reduce((sum, rating) => sum + typed[rating], 0)));
  const known = rememberedCards().filter((card) => hint.home_states.includes(card.home_state));
  const use = (card) => {
    cards[field] = { ...blankCard(hint), ...card, issues: (card.issues || []).join(", ") };
    redraw();
  };
  return h(
    "fieldset",
    { class: "candidate-card", "data-field": field },
    h("legend", null, `${words(field)} card`),
    known.length
      ? h(
          "div",
          { class: "remembered choice-buttons" },
          h("span", { class: "muted" }, "Typed before:"),
          known.map((card) => h("button", { type: "button", class: "chip-button remembered-card", "data-name": card.name, onclick: () => use(card) }, `${card.name} (${card.home_state}, ${card[hint.total]})`)),
        )
      : null,
    h("label", { class: "card-line" }, h("span", null, "Name"), h("input", { type: "text", class: "card-name", value: typed.name, autocomplete: "off", oninput: (e) => (typed.name = e.target.value) })),
    h(
      "label",
      { class: "card-line" },
      h("span", null, "Home state"),
      h(
        "select",
        { class: "card-home", onchange: (e) => ((typed.home_state = e.target.value), redraw()) },
        h("option", { value: "", selected: !typed.home_state }, "—"),
        hint.home_states.map((abbr) => h("option", { value: abbr, selected: abbr === typed.home_state }, abbr)),
      ),
    ),
    h(
      "div",
      { class: "card-ratings" },
      hint.ratings.map((rating) =>
        h(
          "div",
          { class: "card-rating", "data-rating": rating },
          h("span", null, words(rating)),
          stepper(typed[rating], (value) => ((typed[rating] = value), retotal()), { least: rating === "campaign_ability" ? 1 : 0, most: 20, label: words(rating) }),
        ),
      ),
      h("div", { class: "card-rating total" }, h("span", null, words(hint.total)), total),
    ),
    h("label", { class: "card-line" }, h("span", null, "Issues"), h("input", { type: "text", value: typed.issues, placeholder: "comma-separated (optional)", oninput: (e) => (typed.issues = e.target.value) })),
  );
}

// The tally: each total the Ballots left for the count make, from the votes typed in.
function drawCount(entries, counted) {
  return h(
    "div",
    { class: "pick count" },
    h("p", { class: "pick-label" }, "Votes counted (hundred thousands)"),
    entries.map((entry, i) =>
      h(
        "div",
        { class: "count-line", "data-state": entry.state, "data-party": entry.party },
        h("span", null, `${entry.state} ${entry.party}: ${entry.ballots} Ballot${entry.ballots === 1 ? "" : "s"} to count`),
        stepper(counted[i], (value) => (counted[i] = value), { least: entry.least, label: `${entry.state} ${entry.party}` }),
      ),
    ),
  );
}

function pressMost(hint, filled) {
  const dice = filled.dice || [];
  return Math.min(hint.most, dice.reduce((sum, die) => sum + die, 0));
}

// A Press Endorsement's Undecided Ballots: the states of the places picked, each as
// often as its room allows, at most the sum of the dice; none is legal too.
function drawPress(hint, open, redraw) {
  const places = open.filled.places || [];
  const states = [...new Set(places.flatMap((place) => hint.regions[place] || [place]))].filter((abbr) => hint.room[abbr]);
  const taken = open.extra.press.filter((abbr) => states.includes(abbr));
  open.extra.press = taken;
  const most = pressMost(hint, open.filled);
  const tap = (abbr) => {
    const have = taken.filter((t) => t === abbr).length;
    if (have < hint.room[abbr] && taken.length < most) taken.push(abbr);
    else open.extra.press = taken.filter((t) => t !== abbr);
    redraw();
  };
  return h(
    "div",
    { class: "pick press", "data-field": hint.field },
    h("p", { class: "pick-label" }, "Undecided Ballots cast: ", h("strong", { class: "pick-count" }, String(taken.length)), ` of at most ${most}`),
    states.length
      ? h(
          "div",
          { class: "choice-buttons" },
          states.map((abbr) => {
            const have = taken.filter((t) => t === abbr).length;
            return h("button", { type: "button", class: `chip-button ${have ? "on" : ""} ${have >= hint.room[abbr] ? "full" : ""}`, "data-value": JSON.stringify(abbr), onclick: () => tap(abbr) }, abbr, h("small", { class: "limit" }, ` ${have}/${hint.room[abbr]}`));
          }),
        )
      : h("p", { class: "muted" }, "Pick the places on the card first."),
  );
}

// The seal of the next Ballot tapped, when the hand holds both (two players).
export function drawSeals(hint, open, redraw) {
  const caps = hint.seals;
  const names = Object.keys(caps);
  if (names.length < 2) return null;
  const used = (seal) => open.extra.seals.filter((s) => s === seal).length;
  return h(
    "div",
    { class: "seals choice-buttons" },
    h("span", { class: "muted" }, "Seal of the next Ballot:"),
    names.map((seal) =>
      h(
        "button",
        { type: "button", class: `chip-button seal ${open.extra.seal === seal ? "on" : ""}`, "data-seal": seal, "aria-pressed": String(open.extra.seal === seal), onclick: () => ((open.extra.seal = seal), redraw()) },
        `${SEAL_NAMES[seal] || seal} ${used(seal)}/${caps[seal]}`,
      ),
    ),
  );
}

// The seal for a Ballot just tapped: the one chosen, else the first with room.
export function nextSeal(hint, open) {
  const caps = hint.seals;
  const used = (seal) => open.extra.seals.filter((s) => s === seal).length;
  if (open.extra.seal && used(open.extra.seal) < caps[open.extra.seal]) return open.extra.seal;
  return Object.keys(caps).find((seal) => used(seal) < caps[seal]) || Object.keys(caps)[0];
}

// Fund Raising: the amount the Chart gives for the dice, shown as they are tapped.
function drawAmount(hint, open) {
  const amount = chartAmount(hint, open.filled);
  return h(
    "p",
    { class: "pick amount", "data-field": hint.field },
    "Fund Raising Chart: ",
    h("strong", { class: "chart-amount" }, amount === null ? "roll the dice" : `$${amount} million`),
  );
}

// A debater's risked Ballots: per region a row of its states, one tap to risk a
// Ballot there (again to take it back), its seal switched by a tap on the seal when
// the hand holds both. The votes stay off: the Ballots lie face down.
function drawRisked(side, whose, hint, open, redraw) {
  const bounds = hint[side];
  const chosen = open.extra.debate[side];
  const seals = Object.keys(bounds.seals);
  const used = (seal) => Object.values(chosen).filter((ballot) => ballot.seal === seal).length;
  const tap = (region, abbr) => {
    if (chosen[region] && chosen[region].state === abbr) delete chosen[region];
    else if (chosen[region]) chosen[region] = { ...chosen[region], state: abbr };
    else chosen[region] = { state: abbr, seal: seals.find((seal) => used(seal) < bounds.seals[seal]) || seals[0] || "P" };
    redraw();
  };
  const turn = (region) => {
    const at = seals.indexOf(chosen[region].seal);
    chosen[region] = { ...chosen[region], seal: seals[(at + 1) % seals.length] };
    redraw();
  };
  const count = Object.keys(chosen).length;
  return h(
    "div",
    { class: "pick risked", "data-field": side },
    h("p", { class: "pick-label" }, `${whose}: `, h("strong", { class: "pick-count" }, String(count)), bounds.least === bounds.most ? ` of ${bounds.most}` : ` (${bounds.least}–${bounds.most})`, ", one per region, face down"),
    Object.entries(hint.regions).map(([region, states]) =>
      h(
        "div",
        { class: "risk-row", "data-region": region },
        h("span", { class: "region-name" }, region),
        chosen[region] && seals.length > 1
          ? h("button", { type: "button", class: "chip-button seal on", "data-seal": chosen[region].seal, title: "Tap to change the seal", onclick: () => turn(region) }, chosen[region].seal)
          : null,
        h(
          "div",
          { class: "choice-buttons" },
          states.map((abbr) => {
            const on = Boolean(chosen[region] && chosen[region].state === abbr);
            return h("button", { type: "button", class: `chip-button ${on ? "on" : ""}`, "data-value": JSON.stringify(abbr), "aria-pressed": String(on), onclick: () => tap(region, abbr) }, abbr);
          }),
        ),
      ),
    ),
  );
}

// Risked Ballots the caster leaves off the Tally Board (“do not have to be recorded”).
function drawUnrecorded(open, redraw) {
  const debate = open.extra.debate;
  const states = [...new Set([...Object.values(debate.risked), ...Object.values(debate.opponent_risked)].map((ballot) => ballot.state))];
  const tap = (abbr) => {
    debate.unrecorded = debate.unrecorded.includes(abbr) ? debate.unrecorded.filter((s) => s !== abbr) : [...debate.unrecorded, abbr];
    redraw();
  };
  return h(
    "div",
    { class: "pick unrecorded", "data-field": "unrecorded" },
    h("p", { class: "pick-label" }, "Left unrecorded (optional)"),
    states.length
      ? h("div", { class: "choice-buttons" }, states.map((abbr) => h("button", { type: "button", class: `chip-button ${debate.unrecorded.includes(abbr) ? "on" : ""}`, "data-value": JSON.stringify(abbr), onclick: () => tap(abbr) }, abbr)))
      : h("p", { class: "muted" }, "Risk the Ballots first."),
  );
}
