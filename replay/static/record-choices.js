// The recording page's controls, built from the choices the API lists (GET
// /matches/{id}/allowed) without knowing any rule: a complete choice is one button;
// a choice with one pick of one value shows the values, and a tap on one records it;
// any other choice opens a composer with its picks (a list pick pre-filled when its
// size is fixed, so "tap the play, then Play" is two taps) and records on confirm.
// What one game needs beyond that is its renderer's (renderers.js): its hints' inputs,
// its words; its `forbidden(frame, choices)`, actions drawn greyed, are explained (the
// dry run's rule) instead of recorded.
import { h } from "/static/dom.js";
import { cardLabel } from "/static/cards.js";
import { hintsOf } from "/static/renderers.js";
import { dealHands } from "/static/record-deal.js";
import { groupButtons } from "/static/record-narrow.js";
import { Reach } from "/static/record-reach.js";
import { put } from "/static/patches.js";

const CARD_CODE = /^(10|[2-9JQKA])[CDHS]$|^JK/;

// A value in words: a card code as a card ("7C" → "7♣") when its pick's values
// (`among`) are all cards: among other codes, "KS" is not the king of spades.
export function valueLabel(value, among = [value]) {
  const cards = among.every((other) => typeof other !== "string" || CARD_CODE.test(other));
  if (typeof value === "string") return cards && CARD_CODE.test(value) ? cardLabel(value) : value;
  if (value === null || value === undefined) return "—";
  // A roll of dice: "4 + 5".
  if (Array.isArray(value) && value.length && value.every((die) => typeof die === "number")) return value.join(" + ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

// A pick of dice ("dice", "…_dice"): rows of faces, none preset.
const isDice = (pick) => isList(pick) && (pick.field === "dice" || pick.field.endsWith("_dice"));

// Fields a choice leaves to be written (hints.supply): a new player's name; not the hands a
// deal makes (dealHands) nor what the renderer's inputs fill (`hints`: its choiceHints).
const supplied = (choice, hints) => ((choice.hints || {}).supply || []).filter((field) => field !== "hands" && !hints.supplies(choice).includes(field));
const isList = (pick) => pick.most !== null && pick.most !== undefined;
const key = (value) => JSON.stringify(value);

// How often a value may be taken: its limit (keyed by the value's JSON text: a die's
// 6 is "6"), else how often it is listed.
function capOf(pick, value) {
  const limitKey = typeof value === "string" ? value : key(value);
  if (pick.limits && limitKey in pick.limits) return pick.limits[limitKey];
  return pick.among.filter((other) => key(other) === key(value)).length;
}

function distinct(values) {
  const seen = new Set();
  return values.filter((value) => !seen.has(key(value)) && seen.add(key(value)));
}

// "hands.0.card" sets event.hands[0].card. A part is escaped as in a JSON Pointer with "."
// for "/" (domain/picks.py): "dice.Smith, Jr~1" sets event.dice["Smith, Jr."].
export function setField(event, path, value) {
  const parts = path.split(".").map((part) => part.replaceAll("~1", ".").replaceAll("~0", "~"));
  let target = event;
  // Copy each level on the way down (a choice's decided fields stay as listed); a
  // number walks into a list ("hands.0.card").
  for (const part of parts.slice(0, -1)) {
    const inner = Object.hasOwn(target, part) ? target[part] : undefined;
    const copy = Array.isArray(inner) ? inner.map((item) => (item && typeof item === "object" ? { ...item } : item)) : { ...(inner || {}) };
    put(target, part, copy);
    target = copy;
  }
  put(target, parts[parts.length - 1], value);
}

// The first `least` values a list pick can take, when its size is fixed.
function preselect(pick) {
  if (!isList(pick) || pick.least !== pick.most) return [];
  const taken = [];
  for (const value of pick.among) {
    if (taken.length >= pick.least) break;
    if (taken.filter((t) => key(t) === key(value)).length < capOf(pick, value)) taken.push(value);
  }
  return taken;
}

export class Controls {
  // actions: { send(event, label, choice), explain(event, label), note(text) }
  constructor(actions) {
    this.use({}); // no game's renderer until the match's is loaded
    // Whatever is recorded, the cards tapped to narrow a player's plays are done with.
    this.actions = { ...actions, send: (...args) => (this.tapped.clear(), actions.send(...args)) };
    this.open = null; // the choice being composed: { index, filled: {field: value or [values]} }
    this.tapped = new Map(); // player → the cards tapped to narrow their plays (record-narrow.js)
    this.reach = new Reach(); // scrolls what is to be tapped next into view
    this.fromTable = false; // the next redraw follows a tap on the table (it keeps its place)
  }

  // The game's renderer (renderers.js): its hints' inputs and its words.
  use(renderer) {
    Object.assign(this, { renderer, hints: hintsOf(renderer) });
  }

  // A value in words: the renderer's, else the page's.
  label(value, among) {
    return (this.renderer.valueLabel && this.renderer.valueLabel(value)) ?? valueLabel(value, among);
  }

  draw(choices, { finished, waiting, offline = false, forbidden }) {
    this.choices = choices;
    if (this.open && !choices[this.open.index]) this.open = null;
    if (finished) return [h("p", { class: "done" }, "The match is over: nothing more to record.")];
    if (!choices.length && waiting && offline) {
      // What comes next is the rules' answer to what waits: it needs the network.
      return [h("p", { class: "muted offline-wait" }, "Offline: what you tapped waits on this phone and is sent when the network is back; the next choices come then.")];
    }
    if (!choices.length) return [h("p", { class: "muted" }, waiting ? "Waiting for the recorded actions to come back…" : "Nothing can be recorded now.")];
    const groups = new Map();
    choices.forEach((choice, index) => {
      const who = choice.player || "";
      if (!groups.has(who)) groups.set(who, []);
      groups.get(who).push([choice, index]);
    });
    const parts = [];
    const open = this.open ? choices[this.open.index] : null;
    for (const [who, listed] of groups) {
      const blocked = forbidden.filter((probe) => (probe.player || "") === who);
      parts.push(
        h(
          "section",
          { class: "choice-group", "data-player": who },
          h("h3", null, who ? `${who}` : "The table"),
          groupButtons(listed, this.tapped.get(who) || [], (choice, index) => this.drawChoice(choice, index), (code) => this.toggleCard(who, code), (value, among) => this.label(value, among)),
          blocked.length ? h("div", { class: "choice-buttons forbidden-row" }, blocked.map((probe) => this.drawForbidden(probe))) : null,
        ),
      );
      // The composer right below the choices it was opened from, not below every
      // other player's (the table's cards to show above three players' sealed cards).
      if (open && (open.player || "") === who) parts.push(this.drawComposer(open, this.open));
    }
    const loose = forbidden.filter((probe) => !groups.has(probe.player || ""));
    if (loose.length) parts.push(h("section", { class: "choice-group" }, h("div", { class: "choice-buttons forbidden-row" }, loose.map((probe) => this.drawForbidden(probe)))));
    this.reach.after(choices, this.open, this.fromTable);
    this.fromTable = false;
    return parts;
  }

  // A card tapped to narrow `who`'s plays, or tapped again to take it back.
  toggleCard(who, code) {
    const tapped = this.tapped.get(who) || [];
    this.tapped.set(who, tapped.includes(code) ? tapped.filter((each) => each !== code) : [...tapped, code]);
    this.actions.redraw();
  }

  drawForbidden(probe) {
    return h(
      "button",
      { type: "button", class: "choice forbidden", title: "Not allowed now: tap to see the rule", "data-type": probe.event.type, onclick: () => this.actions.explain(probe.event, probe.label) },
      probe.label,
    );
  }

  drawChoice(choice, index) {
    const picks = choice.picks || [];
    const hints = choice.hints || {};
    const data = { type: choice.type, index, hints: JSON.stringify(hints) };
    if (hints.deck && hints.sizes) {
      return h("button", { type: "button", class: "choice deal", dataset: data, onclick: () => this.deal(choice) }, `${choice.label}: shuffle and deal`);
    }
    if (!picks.length && !supplied(choice, this.hints).length && !this.hints.needsForm(choice)) {
      return h("button", { type: "button", class: "choice", dataset: data, onclick: () => this.actions.send({ ...choice.event, type: choice.type }, choice.label, choice) }, choice.label);
    }
    if (picks.length === 1 && !isList(picks[0]) && !supplied(choice, this.hints).length && !this.hints.needsForm(choice)) {
      const pick = picks[0];
      return h(
        "div",
        { class: "choice-values", dataset: data },
        h("span", { class: "values-label" }, choice.label || pick.label),
        distinct(pick.among).map((value) =>
          h("button", { type: "button", class: "choice value", "data-value": key(value), onclick: () => this.sendWith(choice, { [pick.field]: value }) }, this.label(value, pick.among)),
        ),
      );
    }
    const opened = this.open && this.open.index === index;
    return h("button", { type: "button", class: `choice opens ${opened ? "opened" : ""}`, dataset: data, onclick: () => this.compose(index) }, choice.label);
  }

  deal(choice) {
    const event = { ...choice.event, type: choice.type, hands: dealHands(choice.hints) };
    this.actions.send(event, `${choice.label} (shuffled on this phone)`, choice);
  }

  sendWith(choice, filled, open = null) {
    const event = { ...choice.event, type: choice.type };
    for (const [field, value] of Object.entries(filled)) setField(event, field, value);
    if (open) this.hints.apply(event, choice, open);
    this.hints.supply(event, choice, open);
    this.open = null;
    this.actions.send(event, choice.label, choice);
  }

  compose(index, redraw = true) {
    if (this.open && this.open.index === index) this.open = null;
    else {
      const choice = this.choices[index];
      const filled = {};
      for (const pick of choice.picks) filled[pick.field] = isList(pick) ? (isDice(pick) ? [] : preselect(pick)) : pick.among.length === 1 ? pick.among[0] : undefined;
      this.open = { index, filled, extra: this.hints.start(choice) };
    }
    // The composer opens below the choices: the redraw brings it into reach (record-reach.js).
    if (redraw) this.actions.redraw();
  }

  // Open a choice with some picks already made (a renderer's taps on the table).
  openWith(index, filled) {
    if (!this.open || this.open.index !== index) this.compose(index, false);
    Object.assign(this.open.filled, filled);
    this.fromTable = true;
    this.actions.redraw();
  }

  close() {
    this.open = null;
    this.fromTable = true;
    this.actions.redraw();
  }

  // One value of a one-value pick. When that completes a composer of one-value picks
  // only (a card per player), it records at once: one tap per player's card.
  fill(open, pick, option) {
    open.filled[pick.field] = option;
    open.said = null;
    const choice = this.choices[open.index];
    if (choice.picks.every((each) => !isList(each)) && !this.hints.needsForm(choice) && !this.missing(choice, open).length) return this.sendWith(choice, open.filled, open);
    this.actions.redraw();
  }

  // Open the first choice when it needs a composer of several picks (the table's
  // usual next action, e.g. the cards to show), so no tap is spent opening it.
  autoOpen(choices) {
    this.choices = choices;
    const first = choices[0];
    if (!this.open && first && (first.picks || []).length > 1 && !(first.hints || {}).deck) this.compose(0, false);
  }

  // Which picks are outside their bounds, in words (empty: ready to record).
  missing(choice, open) {
    const filled = open.filled;
    const wanting = [];
    const taken = (choice.hints || {}).taken || [];
    for (const field of supplied(choice, this.hints)) {
      if (!filled[field]) wanting.push(`write the ${field}`);
      else if (taken.includes(filled[field])) wanting.push(`${filled[field]} is already at the table`);
    }
    for (const pick of choice.picks) {
      const value = filled[pick.field];
      const name = pick.label || pick.field;
      if (!isList(pick)) {
        if (value === undefined) wanting.push(`choose ${name}`);
      } else if (value.length < pick.least || value.length > pick.most) {
        wanting.push(pick.least === pick.most ? `choose exactly ${pick.least} for ${name}` : `choose ${pick.least} to ${pick.most} for ${name}`);
      }
    }
    return [...wanting, ...this.hints.wanting(choice, open)];
  }

  drawComposer(choice, open) {
    const wanting = this.missing(choice, open);
    return h(
      "section",
      { class: "composer", "data-type": choice.type },
      h("h3", null, choice.label),
      choice.picks.map((pick) => this.drawPick(pick, open, choice)),
      this.hints.draw(choice, open, () => this.actions.redraw()),
      supplied(choice, this.hints).map((field) =>
        h(
          "label",
          { class: "pick supply", "data-field": field },
          h("span", { class: "pick-label" }, field),
          h("input", { type: "text", value: open.filled[field] || "", autocomplete: "off", oninput: (event) => (open.filled[field] = event.target.value.trim()) }),
        ),
      ),
      open.said && open.said.field === null ? h("p", { class: "pick-note", role: "status" }, open.said.text) : null,
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            type: "button",
            class: `confirm ${wanting.length ? "forbidden" : ""}`,
            title: wanting.length ? "Not complete yet: tap to see what is missing" : null,
            onclick: () => {
              // Asked again at the tap: typed fields change without a redraw.
              const still = this.missing(choice, open);
              if (!still.length) return this.sendWith(choice, open.filled, open);
              // Said above the button tapped as well as at the top of the page.
              open.said = { field: null, text: `Not yet: ${still.join("; ")}.` };
              this.actions.note(open.said.text);
              this.actions.redraw();
            },
          },
          (this.renderer.confirmLabel && this.renderer.confirmLabel(choice)) || "Record",
        ),
        h("button", { type: "button", class: "secondary", onclick: () => ((this.open = null), this.actions.redraw()) }, "Cancel"),
      ),
    );
  }

  drawPick(pick, open, choice) {
    const value = open.filled[pick.field];
    if (isDice(pick)) return this.drawDice(pick, open);
    if (!isList(pick)) {
      return h(
        "div",
        { class: "pick", "data-field": pick.field },
        h("p", { class: "pick-label" }, pick.label || pick.field),
        h(
          "div",
          { class: "choice-buttons" },
          distinct(pick.among).map((option) =>
            h(
              "button",
              { type: "button", class: `chip-button ${key(option) === key(value) ? "on" : ""}`, "data-value": key(option), "aria-pressed": String(key(option) === key(value)), onclick: () => this.fill(open, pick, option) },
              this.label(option, pick.among),
            ),
          ),
        ),
      );
    }
    const taken = value;
    const count = (option) => taken.filter((t) => key(t) === key(option)).length;
    const limited = Object.keys(pick.limits || {}).length > 0;
    const toggle = (option) => {
      const have = count(option);
      const cap = capOf(pick, option);
      open.said = null;
      if (have < cap && taken.length < pick.most) {
        this.hints.picked(pick, choice, open, { removed: [], added: 1 });
        taken.push(option);
      } else if (have) {
        this.hints.picked(pick, choice, open, { removed: taken.flatMap((t, i) => (key(t) === key(option) ? [i] : [])), added: 0 });
        open.filled[pick.field] = taken.filter((t) => key(t) !== key(option));
      } else if (cap > 0 && pick.least === pick.most) {
        // A pick of a fixed size is full: the tapped value replaces the one taken
        // first (the preselected card, the region picked before), so a change is one tap.
        this.hints.picked(pick, choice, open, { removed: [0], added: 1 });
        taken.shift();
        taken.push(option);
      } else {
        // Said beside the values tapped, not at the top of the page.
        const why = cap > 0 ? `at most ${pick.most}: tap one to take it back first` : "it cannot be taken";
        open.said = { field: pick.field, text: `${this.label(option, pick.among)}: ${why}.` };
      }
      this.actions.redraw();
    };
    return h(
      "div",
      { class: "pick", "data-field": pick.field },
      h("p", { class: "pick-label" }, `${pick.label || pick.field}: `, h("strong", { class: "pick-count" }, `${taken.length}`), pick.least === pick.most ? ` of ${pick.most}` : ` (${pick.least}–${pick.most})`),
      h(
        "div",
        { class: "choice-buttons" },
        distinct(pick.among).map((option) => {
          const have = count(option);
          const cap = capOf(pick, option);
          return h(
            "button",
            { type: "button", class: `chip-button ${have ? "on" : ""} ${have >= cap ? "full" : ""}`, "data-value": key(option), "aria-pressed": String(have > 0), onclick: () => toggle(option) },
            this.label(option, pick.among),
            cap > 1 || limited ? h("small", { class: "limit" }, ` ${have}/${cap}`) : null,
          );
        }),
      ),
      open.said && open.said.field === pick.field ? h("p", { class: "pick-note", role: "status" }, open.said.text) : null,
      this.hints.underPick(pick, choice, open, () => this.actions.redraw()),
    );
  }

  // Dice: one row of faces per die, big buttons; a die beyond `least` may stay unrolled.
  drawDice(pick, open) {
    // Each dice pick its own slots (a choice may have two players' dice).
    const rolled = open.extra.dice || (open.extra.dice = {});
    const slots = rolled[pick.field] || (rolled[pick.field] = []);
    const faces = distinct(pick.among);
    const set = (die, face) => {
      slots[die] = die >= pick.least && slots[die] === face ? undefined : face;
      open.filled[pick.field] = slots.filter((shown) => shown !== undefined);
      this.actions.redraw();
    };
    return h(
      "div",
      { class: "pick dice", "data-field": pick.field },
      h("p", { class: "pick-label" }, pick.label || "Dice", ": ", h("strong", { class: "pick-count" }, String(open.filled[pick.field].length)), pick.least === pick.most ? ` of ${pick.most}` : ` (${pick.least}–${pick.most})`),
      Array.from({ length: pick.most }, (_, die) =>
        h(
          "div",
          { class: "die-row choice-buttons", "data-die": die + 1 },
          h("span", { class: "die-name" }, die < pick.least ? `Die ${die + 1}` : `Die ${die + 1} (if rolled)`),
          faces.map((face) =>
            h("button", { type: "button", class: `chip-button die ${slots[die] === face ? "on" : ""}`, "data-value": key(face), "aria-pressed": String(slots[die] === face), onclick: () => set(die, face) }, String(face)),
          ),
        ),
      ),
    );
  }
}
