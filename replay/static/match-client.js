// One match as a page reads it: loaded once (its frames as patches, a page at a time),
// then followed on the live stream (GET /matches/{id}/live?patches=true), which brings
// each step as a patch of the one before, the standings when they change and, for the
// write token, what it may record after the step (a patch of what it could before).
// The client keeps them; the page subscribes and draws. A read can come in any order
// with the stream's messages: frames are kept only in step order, the standings and
// the allowed actions only when newer than those kept, and whenever the client is
// behind the match (a step acknowledged but not yet here, a gap, a patch of allowed
// actions it lacks the base of) it catches up through GET reads.
import { api } from "/static/api.js";
import { apply } from "/static/patches.js";

export const PAGE_SIZE = 500;
// A step acknowledged to this page that the stream has not brought by then is read.
const LATE_MS = 800;
const RECONNECT_MS = 2000;

// Frames come as patches (replay/patches.py): a page's first frame patches step 1's
// view, the others the step before; `base` 0 is a whole view. Each frame kept in
// `frames` (frames[i] is step i + 1) has its whole `view` put back, so renderers read
// frames as they always did. Returns the page's frames, whole.
export function withViews(page, frames) {
  for (const frame of page.frames) {
    const base = frame.base === 0 ? undefined : frames[frame.base - 1];
    if (frame.base !== 0 && !base) throw new Error(`step ${frame.step} came before step ${frame.base}`);
    const { patch, base: _, ...rest } = frame;
    frames[frame.step - 1] = { ...rest, view: frame.base === 0 ? patch : apply(base.view, patch) };
  }
  return page.frames.map((frame) => frames[frame.step - 1]);
}

export class MatchClient {
  // token: the reader's; recorder: it is the write token (the client keeps what it may
  // record); query(): more parameters for the frames and the stream (a perspective);
  // standingsPatches: the stream sends the standings as patches (the client then keeps
  // the latest; a page that keeps those of each step shown, as the viewer, takes them whole).
  constructor(matchPath, { token = "", recorder = false, query = () => new URLSearchParams(), standingsPatches = true } = {}) {
    Object.assign(this, { matchPath, token, recorder, query, standingsPatches });
    this.frames = [];
    this.sent = []; // the frames as they came (patches), for a snapshot
    this.version = 0; // the match's version as last heard (it may be ahead of the frames)
    this.finished = false;
    this.perspective = "";
    this.standings = null;
    this.standingsAt = -1;
    this.allowed = null; // { version, finished, choices } for the recorder
    this.source = null;
    this.reading = null;
    this.again = false;
    this.late = null;
    this.listeners = new Set();
    this.stopped = false;
  }

  // fn({ frames: the whole frames added, standings, allowed, finished }) after each change.
  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  tell(change) {
    for (const fn of this.listeners) fn(change);
  }

  get(path) {
    return api(path, { token: this.token });
  }

  framesPage(params) {
    const query = this.query();
    for (const [key, value] of Object.entries({ ...params, patches: true })) query.set(key, value);
    return this.get(`${this.matchPath}/frames?${query}`);
  }

  // The match has every step up to the frames kept, the allowed actions at that step (for
  // the recorder) and nothing newer is known.
  current() {
    return this.frames.length === this.version && (!this.recorder || (this.allowed && this.allowed.version === this.version));
  }

  // Keeps frames that run on from those kept; true if the page had a gap (it must be read).
  keepFrames(page) {
    const have = this.frames.length;
    const next = page.frames.filter((frame) => frame.step > have);
    if (next.length && next[0].step !== have + 1) return { added: [], gap: true };
    for (const frame of next) this.sent[frame.step - 1] = frame;
    return { added: withViews({ frames: next }, this.frames), gap: false };
  }

  // What the client knows, as plain data (frames as patches: small), to be kept where a
  // page reloaded with no network finds it; restore() puts it back before any read.
  snapshot() {
    const { version, finished, perspective, standings, standingsAt, allowed } = this;
    return { frames: this.sent, version, finished, perspective, standings, standingsAt, allowed };
  }

  restore(kept) {
    const { frames, ...rest } = kept;
    Object.assign(this, rest);
    this.keepFrames({ frames });
    this.tell({ frames: this.frames, standings: this.standings, allowed: this.allowed, restored: true });
  }

  heard(version, finished) {
    if (version > this.version) this.version = version;
    if (version >= this.frames.length && finished !== undefined) this.finished = finished;
  }

  keepAllowed(allowed) {
    if (this.allowed && allowed.version < this.allowed.version) return false;
    this.allowed = allowed;
    return true;
  }

  // Reads what the client lacks (frames after those kept, the allowed actions and the
  // standings) until it is current; calls while one runs make it read once more.
  catchUp() {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          const added = [];
          for (let from = this.frames.length + 1; from; ) {
            const page = await this.framesPage({ from, limit: PAGE_SIZE });
            this.perspective = page.perspective;
            added.push(...this.keepFrames(page).added);
            this.heard(page.version, page.finished);
            from = page.next_step && page.next_step === this.frames.length + 1 ? page.next_step : null;
          }
          // Whole, only what the stream has not brought for the last step kept: a phone
          // that is behind by a step reads that step, not the match's choices again.
          const at = this.frames.length;
          const [allowed, standings] = await Promise.all([
            this.recorder && !(this.allowed && this.allowed.version === at && at === this.version) ? this.get(`${this.matchPath}/allowed`) : null,
            this.standingsAt === at && this.standings ? this.standings : this.get(`${this.matchPath}/standings?step=${at}`),
          ]);
          if (allowed) {
            this.keepAllowed(allowed);
            this.heard(allowed.version, allowed.finished);
          }
          // (The stream may have brought newer ones while this read was on its way.)
          if (this.standingsAt <= at) {
            this.standings = standings;
            this.standingsAt = at;
          }
          if (this.frames.length < this.version) this.again = true; // recorded meanwhile
          this.tell({ frames: added, standings, allowed });
        } while (this.again && !this.stopped);
      } finally {
        this.reading = null;
      }
      this.follow();
    })();
    return this.reading;
  }

  // Loads the match and follows it; rejects with the API's error (ApiError) or NetworkDown.
  async load() {
    await this.catchUp();
  }

  // A write of this page was acknowledged at `version`: the stream brings it, else it is read.
  acknowledged(version) {
    this.heard(version);
    if (this.current()) return;
    clearTimeout(this.late);
    const read = () => !this.current() && this.catchUp().catch(() => {});
    if (!this.source) read();
    else this.late = setTimeout(read, LATE_MS);
  }

  follow() {
    if (this.source || this.stopped || this.finished || !window.EventSource) return;
    const params = this.query();
    params.set("after", this.frames.length);
    params.set("patches", true);
    if (this.standingsPatches) params.set("standings_patches", true);
    if (this.token) params.set("token", this.token);
    const source = new EventSource(`${this.matchPath}/live?${params}`);
    this.source = source;
    source.onopen = () => this.tell({ open: true });
    source.onerror = () => {
      // EventSource reconnects by itself after the last step it got; one the server
      // refused outright (a 5xx while it restarts) is closed for good: open another.
      if (source.readyState === EventSource.CLOSED && this.source === source) {
        this.source = null;
        setTimeout(() => this.follow(), RECONNECT_MS);
      }
      this.tell({ lost: true });
    };
    source.addEventListener("frames", (message) => this.onFrames(JSON.parse(message.data)));
    source.addEventListener("finished", () => {
      this.close();
      this.finished = true;
      this.tell({ finished: true });
    });
  }

  onFrames(page) {
    const { added, gap } = this.keepFrames(page);
    this.heard(page.version, page.finished);
    const change = { frames: added };
    const missed = this.keepStandings(page, gap, change) | this.keepSentAllowed(page.allowed, change);
    if (this.current()) clearTimeout(this.late);
    this.tell(change);
    // A gap, or standings or allowed actions patched from a step the client never had: read them.
    if (gap || missed) this.catchUp().catch(() => {});
  }

  // The stream says the standings when they change, as a patch of those as of the step
  // before its first frame: unsaid, they are those. True if the client lacks that base.
  keepStandings(page, gap, change) {
    if (gap || page.next_step != null || !page.frames.length) return false; // a page a later one completes says nothing of them
    const base = page.frames[0].step - 1;
    const last = page.frames[page.frames.length - 1].step;
    const sent = page.standings ? { version: last, base: 0, patch: page.standings } : page.standings_patch;
    if (!sent) {
      if (this.standingsAt === base) this.standingsAt = last;
      return false;
    }
    if (sent.version <= this.standingsAt) return false;
    if (sent.base !== 0 && sent.base !== this.standingsAt) return true;
    this.standings = sent.base === 0 ? sent.patch : apply(this.standings, sent.patch);
    this.standingsAt = sent.version;
    change.standings = this.standings;
    return false;
  }

  // The allowed actions after the page's last step, as a patch of those after the step
  // before its first. True if the client lacks that base.
  keepSentAllowed(sent, change) {
    if (!sent || (this.allowed && sent.version <= this.allowed.version)) return false;
    if (sent.base === 0) change.allowed = { version: sent.version, ...sent.patch };
    else if (this.allowed && this.allowed.version === sent.base) {
      const { version: _, ...had } = this.allowed;
      change.allowed = { version: sent.version, ...apply(had, sent.patch) };
    } else return true;
    this.keepAllowed(change.allowed);
    return false;
  }

  close() {
    if (this.source) this.source.close();
    this.source = null;
  }

  stop() {
    this.stopped = true;
    this.close();
    clearTimeout(this.late);
  }
}
