// What the recording page offers with no network once what it tapped waits: the rules'
// answer to a queued action needs the server, so the page offers, for the seat that
// acted next last time after such an action, the choices of the kinds it last saw for
// that seat, marked "checked when back online". Nothing here knows a rule: it only
// remembers what GET /allowed (and the live stream) listed, per seat, and who was
// offered something after whose action. What the phone can check itself it checks: a
// pick's bounds (the composer's own) and that a card tapped once is not offered again.
// Kept in localStorage per match, so a reload with no network still has it.
import { CARD_CODE } from "/static/record-fixes.js";

const key = (value) => JSON.stringify(value);

// A choice's kind: its type, its fixed event fields and its scalar hints (a play's rank
// and count). Its picks' values and bounds, and its object hints, are of the moment
// (the places a roll reaches, what is left to take).
function kindOf(choice) {
  const { player: _, ...fixed } = choice.event || {};
  const hints = Object.entries(choice.hints || {}).filter(([, value]) => value === null || typeof value !== "object");
  return key([choice.type, fixed, hints.sort()]);
}

// The words two labels of one kind share ("Move to Texas", "Move to Ohio" → "Move"),
// without a last short joining word.
function sharedWords(a, b) {
  if (a === b) return a;
  const left = a.split(" ");
  const right = b.split(" ");
  const shared = [];
  while (shared.length < left.length && left[shared.length] === right[shared.length]) shared.push(left[shared.length]);
  if (shared.length && shared[shared.length - 1].length <= 3) shared.pop();
  return shared.length ? shared.join(" ") : b;
}

// One value `times` times, as a list pick lists it.
const repeat = (value, times) => Array.from({ length: times }, () => value);
const count = (among, value) => among.filter((other) => key(other) === key(value)).length;

// Two sightings of one kind with different words (a roll's states): the values of both.
function widen(old, seen) {
  const picks = seen.picks.map((pick) => {
    const before = (old.picks || []).find((each) => each.field === pick.field);
    if (!before) return pick;
    const values = [...new Map([...before.among, ...pick.among].map((value) => [key(value), value])).values()];
    const among = values.flatMap((value) => repeat(value, Math.max(count(before.among, value), count(pick.among, value))));
    const limits = { ...before.limits };
    for (const [value, limit] of Object.entries(pick.limits || {})) limits[value] = Math.max(limit, limits[value] || 0);
    return { ...pick, among, limits, least: Math.min(pick.least ?? 0, before.least ?? 0), most: pick.most == null ? pick.most : Math.max(pick.most, before.most ?? 0) };
  });
  return { ...seen, label: sharedWords(old.label, seen.label), picks };
}

// Offline, a list pick whose size the moment chose (a roll's number of pieces) may take
// as many as its values allow; a fixed size (a pair) stays.
function loosened(pick) {
  if (pick.most == null || pick.least === pick.most) return pick;
  const limits = pick.limits || {};
  const values = [...new Map(pick.among.map((value) => [key(value), value])).values()];
  const room = values.reduce((sum, value) => sum + (typeof value === "string" && value in limits ? limits[value] : count(pick.among, value)), 0);
  return { ...pick, most: Math.max(pick.most, room) };
}

export class Kinds {
  constructor(matchId, players) {
    this.storageKey = `recount.kinds.${matchId}`;
    this.players = players;
    const kept = (() => {
      try {
        return JSON.parse(localStorage.getItem(this.storageKey) || "{}");
      } catch {
        return {};
      }
    })();
    this.seats = kept.seats || {}; // player ("" the table) → kind → choice last seen
    this.after = kept.after || {}; // "player|type" of an action → who was offered something next
    this.tap = null; // this phone's last action recorded, until the choices that follow it come
    this.before = null; // the choices last seen: { version, seats: type → the one seat offered it }
  }

  save() {
    localStorage.setItem(this.storageKey, JSON.stringify({ seats: this.seats, after: this.after }));
  }

  // The service listed `choices` at `version` (the step recorded then was of type
  // `recorded`): remembered per seat; and whose turn came after whose action, when the
  // step followed this phone's last tap or choices only one seat had of its type.
  saw(choices, version, recorded) {
    const before = this.before;
    if (before && version === before.version + 1 && before.seats[recorded] !== undefined && choices.length) {
      this.after[`${before.seats[recorded]}|${recorded}`] = choices[0].player || "";
    }
    const seats = {};
    for (const choice of choices) seats[choice.type] = seats[choice.type] === undefined || seats[choice.type] === (choice.player || "") ? choice.player || "" : null;
    this.before = { version, seats: Object.fromEntries(Object.entries(seats).filter(([, seat]) => seat !== null)) };
    for (const choice of choices) {
      const seat = (this.seats[choice.player || ""] ||= {});
      const kind = kindOf(choice);
      const old = seat[kind];
      const copy = structuredClone(choice); // its values are used up here, not in the page's
      seat[kind] = old && old.label !== copy.label ? widen(old, copy) : copy;
    }
    if (this.tap && version > this.tap.version && choices.length) {
      this.after[this.tap.what] = choices[0].player || "";
      this.tap = null;
    }
    this.save();
  }

  // An action queued or recorded by this phone at `version`: a card it put on the
  // table is offered to nobody again.
  used(event, version) {
    const player = event.player || "";
    this.tap = { what: `${player}|${event.type}`, version };
    const cards = Object.values(event).flatMap((value) => (Array.isArray(value) ? value : [])).filter((value) => typeof value === "string" && CARD_CODE.test(value));
    if (!cards.length) return;
    for (const choice of Object.values(this.seats).flatMap((seat) => Object.values(seat))) {
      for (const pick of choice.picks || []) {
        for (const value of cards) {
          const at = pick.among.findIndex((other) => key(other) === key(value));
          if (at >= 0) pick.among.splice(at, 1);
        }
      }
    }
    this.save();
  }

  // Who acts after `event` (the last action waiting): whoever did last time after
  // such an action, else the next player in the match's order.
  next(event) {
    if (!event) return null;
    const player = event.player || "";
    const learned = this.after[`${player}|${event.type}`];
    if (learned !== undefined) return learned;
    const at = this.players.indexOf(player);
    return at < 0 ? null : this.players[(at + 1) % this.players.length];
  }

  // Seats this phone has seen choices for.
  known() {
    return Object.keys(this.seats).filter((seat) => this.offer(seat).length);
  }

  // The choices of `seat`'s kinds, those a pick can still fill, marked unchecked.
  offer(seat) {
    return Object.values(this.seats[seat] || {})
      .map((choice) => ({ ...choice, picks: (choice.picks || []).map(loosened), unchecked: true }))
      .filter((choice) => choice.picks.every((pick) => pick.most == null || new Set(pick.among.map(key)).size > 0 && pick.among.length >= (pick.least || 0)));
  }
}

// The match as this page last saw it (its summary and the match client's snapshot),
// kept so a reload with no network draws it; written at most once a turn of the page
// (and at once when the page goes away), since a long match's frames take a while.
export class LastSeen {
  constructor(matchId) {
    this.storageKey = `recount.seen.${matchId}`;
    this.timer = null;
    this.take = null;
    addEventListener("pagehide", () => this.flush());
  }

  load() {
    try {
      return JSON.parse(localStorage.getItem(this.storageKey) || "null");
    } catch {
      return null;
    }
  }

  // take() → the data to keep; written soon.
  later(take) {
    this.take = take;
    if (!this.timer) this.timer = setTimeout(() => this.flush(), 250);
  }

  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.take) return;
    const began = performance.now();
    try {
      localStorage.setItem(this.storageKey, JSON.stringify(this.take()));
      (window.recountKeptMs ||= []).push(performance.now() - began);
    } catch {
      // Storage full: the page works on; a reload with no network has less to show.
    }
    this.take = null;
  }
}

// Above the choices offered offline: whose they are, that the server checks them later,
// and the other seats seen, one tap away.
export function drawOfflineOffer(h, seat, known, choose) {
  const others = known.filter((each) => each !== seat);
  return h(
    "div",
    { id: "offline-offer", class: "offline-offer", "data-seat": seat },
    h("p", { class: "muted" }, `Offline: ${seat || "the table"}’s choices as last seen, checked when back online.`),
    others.length
      ? h("div", { class: "choice-buttons" }, h("span", { class: "values-label" }, "Someone else:"), others.map((other) => h("button", { type: "button", class: "secondary seat", "data-seat": other, onclick: () => choose(other) }, other || "The table")))
      : null,
  );
}
