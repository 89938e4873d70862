// The recording page's live stream (GET /matches/{id}/live, server-sent events):
// other phones' steps as they are recorded. It is paused while this phone records
// (from a tap until IDLE_MS after the last acknowledgement): while a stream is open
// the server polls its store and sends frames at each commit, and bench/tap_to_ack.py
// measured that work landing on the next tap's append (p99 204 ms with the stream
// open, 45 ms without). Meanwhile each acknowledgement's catch-up brings other
// phones' steps, and a conflict is a 409.
const IDLE_MS = 1500;

export class Live {
  // on: { url() the stream's address (it says which steps the page has), frames(reply),
  // finished(), open(), idle() nothing waits to be sent, refused() the page records nothing }
  constructor(on) {
    this.on = on;
    this.source = null;
    this.resume = null;
  }

  pause() {
    clearTimeout(this.resume);
    if (this.source) this.source.close();
    this.source = null;
  }

  resumeLater() {
    clearTimeout(this.resume);
    this.resume = setTimeout(() => this.on.idle() && this.start(), IDLE_MS);
  }

  start() {
    if (!window.EventSource || this.source || this.on.refused()) return;
    const source = new EventSource(this.on.url());
    this.source = source;
    source.addEventListener("frames", (message) => this.on.frames(JSON.parse(message.data)));
    source.addEventListener("finished", () => this.on.finished());
    source.onopen = () => this.on.open();
  }
}
