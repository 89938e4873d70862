// The recording page's corrections: "Undo last" (an EventVoided of the newest action
// still in effect, armed by a first tap) and "Fix step N" (an EventAmended), with the
// history they are made from. A fix is a form of the recorded event's own fields,
// never JSON to type: a player is a select among the match's players, a list of
// cards the hand that player held before the step (from the frames), a number a
// stepper, a yes/no a checkbox, other text a text field. Nothing here knows a rule:
// the server checks the fix, and the page explains a refusal like any other.
import { $, clock, h, stepper } from "/static/dom.js";
import { cardLabel, STANDARD_RANKS, SUITS } from "/static/cards.js";

const CONFIRM_MS = 4000;
const CORRECTIONS = new Set(["EventVoided", "EventAmended"]);

// A card code as the renderers and the choices use them ("9H", "10S", "JK1").
export const CARD_CODE = /^(10|[2-9JQKA])[CDHS]$|^JK/;

// A field's name in the form; an item of a list (a field that is its index) is named by
// its player when it has one ("Betty"), else by its place in the list, from 1.
function fieldName(field, value) {
  if (typeof field === "number") return (value && typeof value === "object" && value.player) || `${field + 1}`;
  return field.replaceAll("_", " ");
}

// Cards as a hand is read: by rank (the view's order, low to high, when it gives one), then suit.
function inOrder(codes, before) {
  const ranks = (before && before.view && before.view.ranks) || STANDARD_RANKS;
  const longest = [...ranks].sort((a, b) => b.length - a.length);
  const rankOf = (code) => {
    const found = longest.find((rank) => code.startsWith(rank));
    return found === undefined ? ranks.length : ranks.indexOf(found);
  };
  return [...codes].sort((a, b) => rankOf(a) - rankOf(b) || SUITS.indexOf(a.slice(-1)) - SUITS.indexOf(b.slice(-1)));
}

export class Fixes {
  // page: { get(path), check(events, label), record(events, label), note(text), matchPath, frames(), players(), version(),
  //         heldCards(view, player) the cards the player holds in a view (the renderer's; none if it cannot say),
  //         waiting() the last action queued (attempted once it may have reached the server),
  //         withdraw(item) takes it back (false once it may have been sent), refused() why nothing can be recorded, if so }
  constructor(page) {
    this.page = page;
    this.armed = null;
    this.form = null; // { step, event, type }
    $("undo").onclick = () => this.undo();
    $("fix-send").onclick = () => this.send();
    $("fix-void").onclick = () => this.voidStep();
    $("fix-cancel").onclick = () => this.close();
  }

  // Undo last: two taps, the second within a few seconds (a mis-tap at a noisy
  // table must not undo). The last action is the last one tapped: what the service
  // recorded by itself right after it (a sealed round's reveal) goes with it, voided
  // first in the same request (else the service would record it again at once).
  // An action tapped but not sent yet (it waits for the network) is the last one: it is
  // taken back from the queue, with nothing recorded (no network needed).
  async undo() {
    const refused = this.page.refused();
    if (refused) return this.page.note(refused);
    if (!this.armed) {
      const waiting = this.page.waiting();
      if (waiting && waiting.attempted) return this.page.note(`“${waiting.label}” is being sent: undo it once it is recorded.`);
      if (waiting) {
        this.arm({ waiting }, `Tap again to take back “${waiting.label}” (not sent yet)`);
        return;
      }
      const target = await this.lastInEffect();
      if (target === undefined) return; // the page already said why (no network)
      if (!target) return this.page.note("Nothing to undo.");
      this.arm(target, `Tap again to undo step ${target.step}: ${target.description}`);
      return;
    }
    const target = this.armed;
    this.disarm();
    if (target.waiting) {
      if (this.page.withdraw(target.waiting)) return;
      return this.page.note(`“${target.waiting.label}” may have reached the server already: tap Undo last again once it is recorded.`);
    }
    const voids = [...target.after, target].map((entry) => ({ type: "EventVoided", step: entry.step, reason: "undone on the recording page" }));
    this.page.record(voids, `Undo step ${target.step} (${target.description})`);
  }

  arm(target, text) {
    this.armed = target;
    $("undo").textContent = text;
    $("undo").classList.add("armed");
    clearTimeout(this.disarming);
    this.disarming = setTimeout(() => this.disarm(), CONFIRM_MS);
  }

  disarm() {
    clearTimeout(this.disarming);
    this.armed = null;
    $("undo").textContent = "Undo last";
    $("undo").classList.remove("armed");
  }

  async lastInEffect() {
    const from = Math.max(1, this.page.version() - 199);
    try {
      const reply = await this.page.get(`${this.page.matchPath}/events?from=${from}&limit=200`);
      const corrected = new Set(reply.events.filter((e) => e.type === "EventVoided").map((e) => e.event.step));
      const candidates = reply.events.filter((e) => e.step > 1 && !corrected.has(e.step) && !CORRECTIONS.has(e.type));
      // The last action tapped, with the automatic records after it, newest first.
      const after = [];
      while (candidates.length && candidates[candidates.length - 1].automatic) after.push(candidates.pop());
      return candidates.length ? { ...candidates[candidates.length - 1], after } : null;
    } catch {
      this.page.note("Undo needs the network to find the last action.");
      return undefined;
    }
  }

  drawHistory(frames) {
    // A step a later correction fixed or undid says so where it stands, and by which step
    // (only a correction's frame names the step it `corrects`; the latest one wins).
    const fixedBy = new Map(frames.filter((frame) => frame.corrects).map((frame) => [frame.corrects, frame]));
    $("history").replaceChildren(
      ...frames
        .slice()
        .reverse()
        .map((frame) => {
          const fix = fixedBy.get(frame.step);
          const undone = fix && fix.type === "EventVoided";
          return h(
            "li",
            { "data-step": frame.step, class: fix ? `corrected ${undone ? "voided" : "amended"}` : null },
            h("span", { class: "n" }, frame.step),
            h(
              "span",
              { class: "d" },
              h("span", { class: "what" }, frame.description),
              fix ? h("small", { class: "fixed-by" }, ` ${undone ? "undone" : "fixed"} at step ${fix.step}`) : null,
            ),
            h("time", null, clock(frame.recorded_at)),
            frame.step > 1 && !CORRECTIONS.has(frame.type) ? h("button", { type: "button", class: "secondary fix-step", onclick: () => this.open(frame.step) }, "Fix") : null,
          );
        }),
    );
  }

  async open(step) {
    let entry;
    try {
      const reply = await this.page.get(`${this.page.matchPath}/events?from=${step}&limit=1`);
      entry = reply.events[0];
    } catch {
      return this.page.note("Fixing a step needs the network.");
    }
    // A deep copy: the form edits it in place.
    this.form = { step, type: entry.type, event: JSON.parse(JSON.stringify(entry.event)) };
    delete this.form.event.type;
    $("fix").hidden = false;
    $("fix").dataset.step = step;
    $("fix-step").textContent = `${step} (${entry.description})`;
    this.drawForm();
    $("fix").scrollIntoView({ block: "nearest" });
  }

  close() {
    this.form = null;
    $("fix").hidden = true;
  }

  async send() {
    const { step, type, event } = this.form;
    this.close();
    const fix = [{ type: "EventAmended", step, event: { ...event, type }, reason: "fixed on the recording page" }];
    this.page.record(await this.withItsVoid(fix, step, `Fix step ${step}`), `Fix step ${step}`);
  }

  async voidStep() {
    const { step } = this.form;
    this.close();
    const fix = [{ type: "EventVoided", step, reason: "voided on the recording page" }];
    this.page.record(await this.withItsVoid(fix, step, `Void step ${step}`), `Void step ${step}`);
  }

  // A step that a record the service made by itself depends on (a commit that a sealed
  // round's reveal shows) is corrected together with a void of that record, first in the
  // same request: the server says which one when the correction alone is refused (dry run).
  async withItsVoid(fix, step, label) {
    try {
      const reply = await this.page.check(fix, label);
      const found = reply.status === 422 && /send a void of step (\d+) first/.exec(reply.body.error || "");
      if (found) return [{ type: "EventVoided", step: Number(found[1]), reason: `voided with the fix of step ${step}` }, ...fix];
    } catch {
      // Offline: the correction goes as it is; the server will say what it needs.
    }
    return fix;
  }

  drawForm() {
    const { event, step } = this.form;
    // The frame before the step: what the acting player held then.
    const before = this.page.frames()[step - 2];
    $("fix-fields").replaceChildren(...Object.keys(event).map((field) => this.drawField(event, field, field, before)));
  }

  // One field of `holder` (the event or an object inside it), by the kind of its value.
  drawField(holder, field, path, before) {
    const value = holder[field];
    const set = (next) => {
      holder[field] = next;
    };
    const label = h("span", { class: "field-name" }, fieldName(field, value));
    if (field === "player" || String(field).endsWith("_player")) {
      return h(
        "label",
        { class: "fix-field", "data-field": path },
        label,
        h("select", { onchange: (e) => (set(e.target.value), this.drawForm()) }, this.page.players().map((name) => h("option", { value: name, selected: name === value }, name))),
      );
    }
    if (typeof value === "boolean") {
      return h("label", { class: "fix-field", "data-field": path }, label, h("input", { type: "checkbox", checked: value, onchange: (e) => set(e.target.checked) }));
    }
    if (typeof value === "number") {
      return h("div", { class: "fix-field", "data-field": path }, label, stepper(value, (next) => set(next)));
    }
    if (Array.isArray(value) && value.every((item) => typeof item === "string") && (field === "cards" || value.some((item) => CARD_CODE.test(item)))) {
      return this.drawCards(holder, field, path, before);
    }
    if (typeof value === "string" && CARD_CODE.test(value) && this.handBefore(before, holder.player ?? this.form.event.player).length) {
      return this.drawCard(holder, field, path, before);
    }
    if (Array.isArray(value) && value.every((item) => typeof item === "number")) {
      return h("div", { class: "fix-field", "data-field": path }, label, value.map((n, i) => stepper(n, (next) => (value[i] = next))));
    }
    if (Array.isArray(value) || (value && typeof value === "object")) {
      const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
      return h("fieldset", { class: "fix-field nested", "data-field": path }, h("legend", null, fieldName(field, value)), keys.map((key) => this.drawField(value, key, `${path}.${key}`, before)));
    }
    // Text; a field recorded empty (null: a number left to be counted later) takes a
    // number when one is typed, and stays empty when nothing is.
    const typed = (text) => (value !== null ? text : text.trim() === "" ? null : /^-?\d+$/.test(text.trim()) ? Number(text) : text);
    return h("label", { class: "fix-field", "data-field": path }, label, h("input", { type: "text", value: value ?? "", oninput: (e) => set(typed(e.target.value)) }));
  }

  // The cards a player held in the frame before the step.
  handBefore(before, player) {
    const held = before && before.view ? this.page.heldCards(before.view, player) : [];
    return Array.isArray(held) ? held : [];
  }

  // A list of cards: the cards the acting player held before the step, each a toggle
  // (the recorded ones on), and any recorded card not among them.
  drawCards(holder, field, path, before) {
    const chosen = holder[field];
    const hand = this.handBefore(before, holder.player ?? this.form.event.player);
    const offered = inOrder([...new Set([...hand, ...chosen])], before);
    return h(
      "div",
      { class: "fix-field", "data-field": path },
      h("span", { class: "field-name" }, `${field} (${chosen.length})`),
      h(
        "div",
        { class: "choice-buttons" },
        offered.map((code) =>
          h(
            "button",
            {
              type: "button",
              class: `chip-button ${chosen.includes(code) ? "on" : ""}`,
              "data-value": code,
              "aria-pressed": String(chosen.includes(code)),
              onclick: () => ((holder[field] = chosen.includes(code) ? chosen.filter((c) => c !== code) : [...chosen, code]), this.drawForm()),
            },
            cardLabel(code),
          ),
        ),
        hand.length ? null : h("input", { type: "text", value: chosen.join(" "), "aria-label": field, oninput: (e) => (holder[field] = e.target.value.split(/[\s,]+/).filter(Boolean)) }),
      ),
    );
  }

  // One card (a card put down): the cards the player held before the step, one of them on, and the
  // card's code as text (for a card typed rather than tapped).
  drawCard(holder, field, path, before) {
    const chosen = holder[field];
    const offered = inOrder([...new Set([...this.handBefore(before, holder.player ?? this.form.event.player), chosen])], before);
    return h(
      "div",
      { class: "fix-field", "data-field": path },
      h("span", { class: "field-name" }, fieldName(field, chosen)),
      h(
        "div",
        { class: "choice-buttons" },
        offered.map((code) =>
          h(
            "button",
            {
              type: "button",
              class: `chip-button ${code === chosen ? "on" : ""}`,
              "data-value": code,
              "aria-pressed": String(code === chosen),
              onclick: () => ((holder[field] = code), this.drawForm()),
            },
            cardLabel(code),
          ),
        ),
      ),
      h("input", { type: "text", class: "card-code", value: chosen, size: 4, "aria-label": `${fieldName(field, chosen)} (code)`, oninput: (e) => (holder[field] = e.target.value.trim()) }),
    );
  }
}
