// Mr. President on the recording page: the inputs a choice's hints ask the page to supply
// (the renderer contract's choiceHints; the vocabulary is
// domain/mrpresident/choices.py's docstring): a ticket's Candidate Cards
// (hints.cards, render-mrpresident-card.js), the counted totals at the tally (hints.count,
// typed as numbers), a Press Endorsement's Undecided Ballots (hints.press), and the
// seal of each Ballot picked (hints.ballots);
// for the advanced game (domain/mrpresident/advanced_choices.py's docstring) the Fund
// Raising amount read off the Chart for the dice picked (hints.amount) and a debate's
// risked Ballots, one per region, with those left unrecorded (hints.debate).
// Each input only shapes the event; the server checks it like any other.
import { h } from "/static/dom.js";
import { applyCards, cardsWanting, drawCard, startCards } from "/static/render-mrpresident-card.js";

// Each hint this module reads, by the shape that marks it as this game's.
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
const SEAL_NAMES = { P: "President", VP: "Vice President" };

// A choice with one of these hints needs the composer even without picks.
const needsForm = (choice) => Object.keys(FORMS).some((name) => hintOf(choice, name));

// The renderer contract's choiceHints (renderers.js): the page's composer asks these.
export const choiceHints = {
  needsForm,
  start: startHints,
  wanting: hintsWanting,
  apply: applyHints,
  supply: (event, choice, open) => supplyFromHints(event, choice.hints || {}, open ? open.extra.seals : []),
  draw: drawHints,
  // Ballots: each state picked gets a seal (hints.ballots), chosen under the states and
  // kept beside each one picked.
  underPick: (pick, choice, open, redraw) => (sealedBy(pick, choice) ? drawSeals(sealedBy(pick, choice), open, redraw) : null),
  picked(pick, choice, open, { removed, added }) {
    const sealed = sealedBy(pick, choice);
    if (!sealed) return;
    open.extra.seals = open.extra.seals.filter((_, i) => !removed.includes(i));
    if (added) open.extra.seals.push(nextSeal(sealed, open));
  },
};

// The Ballots' seals hint of the pick whose states become Ballots, else null.
function sealedBy(pick, choice) {
  const ballots = (choice.hints || {}).ballots;
  return ballots && ballots.field === pick.field ? ballots : null;
}

// A Candidate card (a ticket's running mate, a pick's value) by its name and home state.
export function valueLabel(value) {
  if (value && typeof value === "object" && typeof value.name === "string" && value.home_state) return `${value.name} (${value.home_state}, ${value.effective_total})`;
  return undefined;
}

// The choice's hints this module fills in (and `ballots`, for the seals).
function formHints(choice) {
  const found = { ballots: (choice.hints || {}).ballots };
  for (const name of Object.keys(FORMS)) if (hintOf(choice, name)) found[name] = hintOf(choice, name);
  return found;
}

// The inputs' starting values, kept on the open composer.
function startHints(choice) {
  const hints = formHints(choice);
  const extra = { seals: [], seal: null };
  if (hints.cards) extra.cards = startCards(hints.cards, (choice.event || {}).party || "");
  if (hints.count) extra.count = hints.count.map((entry) => entry.least);
  if (hints.press) extra.press = [];
  // Per side, the Ballot risked in each region: { region: { state, seal } }.
  if (hints.debate) extra.debate = { risked: {}, opponent_risked: {}, unrecorded: [] };
  const seals = hints.ballots ? Object.keys(hints.ballots.seals) : [];
  extra.seal = seals[0] || null;
  return extra;
}

// What is still missing, in words (empty: the hint inputs are complete).
function hintsWanting(choice, open) {
  const hints = formHints(choice);
  const wanting = [];
  if (hints.cards) wanting.push(...cardsWanting(hints.cards, open.extra.cards));
  if (hints.count) wanting.push(...countsWanting(hints.count, open.extra.count));
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
function applyHints(event, choice, open) {
  const hints = formHints(choice);
  if (hints.cards) applyCards(event, hints.cards, open.extra.cards);
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

// What a choice's hints ask the page to derive from the picks (see
// domain/mrpresident/choices.py): each picked state becomes a Ballot, President seals
// first, then Vice President ones, unless the recorder chose each one's seal (`seals`,
// one per Ballot); Absentee Ballots not cast are set aside.
function supplyFromHints(event, hints, seals = []) {
  if (hints.ballots) {
    const left = { ...hints.ballots.seals };
    event[hints.ballots.field] = (event[hints.ballots.field] || []).map((state, i) => {
      const seal = seals[i] || Object.keys(left).find((name) => left[name] > 0) || Object.keys(left)[0];
      left[seal] -= 1;
      return { seal, state };
    });
  }
  if (hints.remainder) event[hints.remainder.field] = hints.remainder.of - (event.ballots || []).length;
}

// The Fund Raising Chart's amount for the dice picked so far (null until both are in).
function chartAmount(hint, filled) {
  const dice = filled[hint.by] || [];
  if (dice.length < 2) return null;
  const amount = hint.amounts[String(dice.reduce((sum, die) => sum + die, 0))];
  return amount === undefined ? null : amount;
}

// The hint inputs of an open composer.
function drawHints(choice, open, redraw) {
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

// The tally: each total the Ballots left for the count make, from the votes typed in.
// A count is typed on the number pad (Enter goes to the next), − and + beside it.
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
        countInput(counted[i], (value) => (counted[i] = value), { least: entry.least, label: `${entry.state} ${entry.party}` }),
      ),
    ),
  );
}

// What the counts typed lack, in words: a count left empty, or under the votes the
// Ballots already carry (the event's `least`).
function countsWanting(entries, counted) {
  return entries.flatMap((entry, i) => {
    if (counted[i] === null) return [`type the votes counted for ${entry.state} ${entry.party}`];
    return counted[i] < entry.least ? [`at least ${entry.least} for ${entry.state} ${entry.party} (the votes already recorded)`] : [];
  });
}

// A whole number typed (the phone's number pad: inputmode numeric), or moved by one
// with − and +; `changed(value)` on each change, null while the field is empty.
function countInput(value, changed, { least = 0, label = "" }) {
  let current = value;
  const input = h("input", { type: "text", inputmode: "numeric", pattern: "[0-9]*", enterkeyhint: "next", autocomplete: "off", class: "count-input", value: String(value), "aria-label": label });
  const set = (next) => {
    current = next;
    input.classList.toggle("invalid", next === null || next < least);
    changed(next);
  };
  input.addEventListener("focus", () => input.select());
  input.addEventListener("input", () => {
    const digits = input.value.replace(/\D/g, "");
    if (digits !== input.value) input.value = digits;
    set(digits === "" ? null : Number(digits));
  });
  // Enter (the number pad's Next) moves on to the next count, the last to Record.
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const composer = input.closest(".composer");
    const inputs = composer ? [...composer.querySelectorAll("input.count-input")] : [];
    const next = inputs[inputs.indexOf(input) + 1] || (composer && composer.querySelector(".confirm"));
    if (next) next.focus();
  });
  const step = (by) => {
    const next = Math.max(least, (current ?? least) + by);
    input.value = String(next);
    set(next);
  };
  return h(
    "span",
    { class: "stepper count-entry", "data-label": label },
    h("button", { type: "button", class: "step-down", "aria-label": `${label} one less`, onclick: () => step(-1) }, "−"),
    input,
    h("button", { type: "button", class: "step-up", "aria-label": `${label} one more`, onclick: () => step(1) }, "+"),
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
function drawSeals(hint, open, redraw) {
  const caps = hint.seals;
  const names = Object.keys(caps);
  if (names.length < 2) return null;
  const used = (seal) => open.extra.seals.filter((s) => s === seal).length;
  return h(
    "div",
    { class: "seals choice-buttons pick-aside" },
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
function nextSeal(hint, open) {
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
