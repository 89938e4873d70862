// The recording page's outbox: every action the scorekeeper taps is queued here
// first (in localStorage, per match, so a reload keeps it), with its own
// Idempotency-Key and the version it was composed against, and sent in order.
// A request whose reply is lost is sent again with the same key and body, so the
// server answers it from the first result instead of recording it twice. A 409 means
// someone else recorded first: the page reloads, and each queued action is checked
// again (the dry run) against the new head before it is sent; an action the rules
// now forbid is dropped, and the page says so. An action queued unchecked (offline,
// from the kinds of choices last seen: record-offline.js) that the rules refuse is
// held at the head of the queue with the rule, and what was queued after it waits
// until it is fixed (replaced by what really happened) or dropped.

import { NetworkDown, call } from "/static/api.js";

const RETRY_MS = 1500;

export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class Outbox {
  // hooks: head() the version the page knows; sent(item, reply); dropped(item, reply);
  // conflict(body, item) reloads the match (resolves when done) after `item` met another
  // recorder's step; changed() redraws; network(up); held(item) an unchecked action the
  // rules refused now holds the queue.
  constructor(matchPath, token, hooks) {
    this.path = matchPath;
    this.token = token;
    this.hooks = hooks;
    this.storageKey = `recount.outbox.${matchPath.split("/").pop()}`;
    this.items = this.load();
    this.busy = false;
    this.timer = null;
    window.addEventListener("online", () => this.pump());
  }

  load() {
    try {
      const stored = JSON.parse(localStorage.getItem(this.storageKey) || "[]");
      return Array.isArray(stored) ? stored : [];
    } catch {
      return [];
    }
  }

  save() {
    if (this.items.length) localStorage.setItem(this.storageKey, JSON.stringify(this.items));
    else localStorage.removeItem(this.storageKey);
    this.hooks.changed();
  }

  // Queue actions composed against version `expected` (`unchecked`: not from the
  // choices the service listed at that version); returns the queued item.
  // named: the label is the record's own words.
  add(events, label, expected, { unchecked = false, named = false, tapped = performance.now() } = {}) {
    const item = { key: newKey(), events, label, expected, recheck: false, tries: 0, tapped, unchecked, named };
    this.items.push(item);
    this.save();
    this.pump();
    return item;
  }

  // Players who already have an action waiting (the page offers them nothing more
  // until it is recorded: each acts once in a given state).
  waitingPlayers() {
    return new Set(this.items.flatMap((item) => item.events.map((event) => event.player).filter(Boolean)));
  }

  later() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pump(), RETRY_MS);
  }

  async pump() {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.items.length && !this.held()) {
        const item = this.items[0];
        const done = item.recheck ? await this.recheck(item) : await this.send(item);
        if (!done) break;
      }
    } catch (error) {
      if (!(error instanceof NetworkDown)) throw error;
      this.hooks.network(false);
      this.later();
    } finally {
      this.busy = false;
    }
  }

  // The action at the head of the queue the rules refused, which holds the rest, if any.
  held() {
    return this.items.length && this.items[0].refused ? this.items[0] : null;
  }

  // A refused unchecked action: held at the head with the refusal; false (the queue waits).
  hold(item, body) {
    item.refused = { error: body.error || "refused", rule: body.rule || null };
    this.save();
    this.hooks.held(item);
    return false;
  }

  // What really happened instead of the held action, at the version it was to follow;
  // those queued after it follow this one.
  fix(events, label) {
    const held = this.held();
    const head = this.hooks.head();
    for (const next of this.items.slice(1)) if (next.expected === held.expected) next.expected = head;
    Object.assign(held, { key: newKey(), events, label, expected: head, refused: null, unchecked: false, recheck: false, tries: 0, attempted: false, tapped: performance.now() });
    this.save();
    this.pump();
  }

  // The held action never happened: the rest is sent.
  drop() {
    const held = this.held();
    if (!held) return;
    this.items.shift();
    for (const next of this.items) if (next.expected === held.expected) next.expected = this.hooks.head();
    this.save();
    this.pump();
  }

  // The last action queued, if any; `attempted` once it may have reached the server.
  last() {
    return this.items[this.items.length - 1] || null;
  }

  // Take back the last action queued, if it is `item` and was never sent (a request
  // that got no reply may still have been recorded, so a sent one is not); true if done.
  withdraw(item) {
    if (this.last() !== item || item.attempted) return false;
    this.items.pop();
    this.save();
    return true;
  }

  // Send the head of the queue; false when the queue must wait.
  async send(item) {
    // With no network at all (the browser says so) nothing leaves: the action stays
    // unsent, and Undo last can still take it back.
    if (!navigator.onLine) throw new NetworkDown("offline");
    item.attempted = true; // from now on it may reach the server: it is not taken back
    localStorage.setItem(this.storageKey, JSON.stringify(this.items));
    item.sentAt = performance.now(); // for the tap-to-acknowledgement breakdown
    const reply = await call(`${this.path}/events`, {
      token: this.token,
      method: "POST",
      body: { events: item.events, expected_version: item.expected },
      key: item.key,
    });
    item.answeredAt = performance.now();
    this.hooks.network(true);
    if (reply.status === 201) {
      this.items.shift();
      // Every action composed against the same head as this one was tapped after it
      // (the queue is in the order of the taps): each follows this one, so each is
      // sent at the version this one made (the next one made, in turn, by this rule).
      for (const next of this.items) if (next.expected === item.expected && !next.recheck) next.expected = reply.body.version;
      this.hooks.sent(item, reply.body); // the page learns its new head before it redraws
      this.save();
      return true;
    }
    if (reply.status === 409) {
      // Once with the same key and body: the first attempt may have been recorded with
      // its reply lost, or may be being recorded right now; the server then answers
      // from it. A second 409 is another recorder's action: reload and check again.
      if (item.tries < 1) {
        item.tries += 1;
        this.save();
        await new Promise((resolve) => setTimeout(resolve, 150));
        return true;
      }
      for (const queued of this.items) queued.recheck = true;
      this.save();
      await this.hooks.conflict(reply.body, item);
      return true;
    }
    if (reply.status >= 500 || reply.status === 0) {
      this.later();
      return false;
    }
    // 4xx: the rules (or the request) refuse it; it will never be recorded as it is.
    if (item.unchecked) return this.hold(item, reply.body);
    this.items.shift();
    this.hooks.dropped(item, reply.body);
    this.save();
    return true;
  }

  // After a conflict: is the action still allowed at the new head? If so it is composed
  // again against that head, with a new key (its body changed, and the old key's
  // request was refused, so nothing was recorded under it).
  async recheck(item) {
    const head = this.hooks.head();
    const reply = await call(`${this.path}/events/check`, {
      token: this.token,
      method: "POST",
      body: { events: item.events, expected_version: head },
    });
    this.hooks.network(true);
    if (reply.status === 200) {
      Object.assign(item, { expected: head, key: newKey(), recheck: false, tries: 0, attempted: false });
      this.save();
      return true;
    }
    if (reply.status === 409) {
      await this.hooks.conflict(reply.body, item);
      return true;
    }
    if (reply.status >= 500) {
      this.later();
      return false;
    }
    if (item.unchecked) return this.hold(Object.assign(item, { recheck: false }), reply.body);
    this.items.shift();
    this.save();
    this.hooks.dropped(item, reply.body);
    return true;
  }
}
