// Quick entry on the recording page: an action typed in the notation's terse form
// ("b 3x9", "b p", "deal d"; docs/notation.md). The line is parsed on the server
// (POST /matches/{id}/notation/parse), dry-run (POST /matches/{id}/events/check) and
// shown with the words it would be recorded with; Enter records it through the
// page's outbox, exactly as a tap does. A line that does not parse, or that the rules
// refuse, is explained and nothing is recorded.
import { h } from "/static/dom.js";

const PAUSE_MS = 250; // typing pauses this long before the line is checked

export class QuickEntry {
  // hooks: call(path, options) -> {status, body}; matchPath; record(events, label);
  // rule(what, rule) shows a refusal with its rule; version() is the page's version.
  constructor(hooks, host) {
    this.hooks = hooks;
    this.refusal = null; // the dry run's 422 body for the line shown as refused
    this.checked = null; // {text, version, event, words} of the last line that passed the dry run
    this.timer = null;
    this.input = h("input", { id: "quick-line", type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false",
                              enterkeyhint: "send", style: { width: "100%", "box-sizing": "border-box", "font-size": "1rem", padding: "0.5rem" }, placeholder: "Type an action", "aria-label": "Type an action" });
    this.preview = h("p", { id: "quick-preview", class: "quick-preview", role: "status", "aria-live": "polite" });
    const form = h("form", { class: "quick-form", onsubmit: (e) => (e.preventDefault(), this.submit()) }, this.input);
    host.replaceChildren(form, this.preview);
    this.input.addEventListener("input", () => {
      clearTimeout(this.timer);
      this.checked = null;
      this.timer = setTimeout(() => this.check(), PAUSE_MS);
    });
  }

  // The placeholder's examples, in the game's own notation (a renderer's
  // quickExamples(tag), tag(i) naming the i-th player as the notation may: the
  // shortest start of the name no other player's shares).
  examples(renderer, players) {
    if (!renderer.quickExamples || !players.length) return;
    const tag = (i) => {
      const name = players[i % players.length].toLowerCase();
      const others = players.filter((_, j) => j !== i % players.length).map((other) => other.toLowerCase());
      for (let n = 1; n < name.length; n += 1) if (!others.some((other) => other.startsWith(name.slice(0, n)))) return name.slice(0, n);
      return name;
    };
    this.input.placeholder = `Type an action: ${renderer.quickExamples(tag, players.length)}`;
  }

  // rule, for a refusal: the rules' sentence that forbids it, quoted with its source.
  show(state, text, rule = null) {
    this.preview.dataset.state = state;
    this.preview.textContent = text;
    if (rule) this.preview.append(" ", h("q", { class: "quick-rule" }, rule.quote), " ", h("cite", null, rule.source));
  }

  // Parse then dry-run the typed line; the result is kept for Enter.
  async check() {
    const text = this.input.value.trim();
    if (!text) return this.show("idle", ""), null;
    const version = this.hooks.version();
    let parsed;
    try {
      parsed = await this.hooks.call(`${this.hooks.matchPath}/notation/parse`, { method: "POST", body: { line: text } });
    } catch {
      return this.show("error", "A typed line needs the network to be read; tap the buttons instead."), null;
    }
    if (text !== this.input.value.trim()) return null; // typed on meanwhile
    if (parsed.status !== 200) {
      // The words at fault are quoted once: where the server's sentence quotes them, there.
      const token = parsed.body.details && parsed.body.details.token;
      const error = parsed.body.error;
      const quoted = token && [`'${token}'`, `"${token}"`].find((form) => error.includes(form));
      if (quoted) return this.show("error", `Not understood: ${error.replace(quoted, `“${token}”`)}`), null;
      return this.show("error", `Not understood${token ? ` at “${token}”` : ""}: ${error}`), null;
    }
    const dry = await this.hooks.call(`${this.hooks.matchPath}/events/check`, { method: "POST", body: { events: [parsed.body.event], expected_version: version } });
    if (text !== this.input.value.trim()) return null;
    if (dry.status === 422) {
      this.refusal = dry.body;
      this.show("refused", `${parsed.body.line}: not allowed. ${dry.body.error}.`, dry.body.rule);
      return null;
    }
    if (dry.status !== 200) return this.show("error", dry.body.error || `${dry.status}`), null;
    const words = dry.body.events.map((e) => e.description).join("; ");
    this.checked = { text, version, event: parsed.body.event, words };
    this.show("ready", `Enter records: ${words}`);
    return this.checked;
  }

  async submit() {
    clearTimeout(this.timer);
    const text = this.input.value.trim();
    let ready = this.checked;
    if (!ready || ready.text !== text || ready.version !== this.hooks.version()) ready = await this.check();
    if (!ready) {
      // Enter on a line the rules refuse: the rule's sentence, as for a greyed tap.
      if (this.preview.dataset.state === "refused") this.hooks.rule(this.refusal.error, this.refusal.rule);
      return;
    }
    this.hooks.record([ready.event], ready.words);
    this.checked = null;
    this.input.value = "";
    this.show("sent", `Recording: ${ready.words}`);
  }

  // An action was recorded: the line typed for it, if shown, is done with (the
  // acknowledgement says it).
  recorded(words) {
    if (this.preview.dataset.state === "sent" && this.preview.textContent === `Recording: ${words}`) this.show("idle", "");
  }
}
