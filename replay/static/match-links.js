// A match's links as the new-match page shows them once it is created (or imported):
// recording, each seat and spectators, each with a QR code the server draws (POST /qr
// keeps tokens out of third-party URLs) and a copy button.
import { send } from "/static/api.js";
import { $, h } from "/static/dom.js";
import { linkBase } from "/static/public-address.js";

async function drawQr(holder, text) {
  try {
    const reply = await send("/qr", { method: "POST", body: { text }, headers: { Accept: "image/svg+xml" } });
    if (!reply.ok) throw new Error((await reply.json().catch(() => ({}))).error || reply.statusText);
    // The server's own SVG (paths only), parsed as XML rather than set as HTML.
    const parsed = new DOMParser().parseFromString(await reply.text(), "image/svg+xml").documentElement;
    if (parsed.localName !== "svg") throw new Error("not an SVG image");
    holder.replaceChildren(document.importNode(parsed, true));
  } catch (error) {
    holder.replaceChildren(h("p", { class: "muted" }, `No QR code: ${error.message}`));
  }
}

function copyButton(text) {
  const button = h("button", { type: "button", class: "secondary copy" }, "Copy link");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Copy failed: press on the link";
    }
  });
  return button;
}

function linkCard(kind, heading, note, url) {
  const qr = h("div", { class: "qr-box", role: "img", "aria-label": `QR code: ${heading}` }, h("p", { class: "muted" }, "QR code…"));
  drawQr(qr, url);
  return h(
    "article",
    { class: `link-card ${kind}`, dataset: { kind } },
    h("h3", null, heading),
    note ? h("p", { class: "note" }, note) : null,
    h("a", { class: "link", href: url }, url),
    qr,
    copyButton(url),
  );
}

// The links of a match, into #created-summary and #links. `heading` is its title and system in words.
export async function drawLinks(id, writeToken, seatTokens, heading) {
  const base = await linkBase();
  const record = `${base}/record/${encodeURIComponent(id)}#token=${encodeURIComponent(writeToken)}`;
  const spectators = `${base}/view/${encodeURIComponent(id)}`;
  $("created-summary").replaceChildren(h("strong", null, heading.title), ` · ${heading.rules} · `, h("span", { class: "match-id" }, id));
  $("links").replaceChildren(
    h("a", { class: "primary button", href: record }, "Start recording"),
    linkCard("record", "Recording link", "Whoever opens it can record. This phone keeps it already; share it only with a co-recorder.", record),
    ...Object.entries(seatTokens).map(([player, token]) =>
      linkCard("seat", `${player}'s phone`, `Only for ${player}: ${player}'s hand, and ${player}'s own actions recorded from ${player}'s phone when it is ${player}'s turn.`, `${base}/record/${encodeURIComponent(id)}#token=${encodeURIComponent(token)}`),
    ),
    linkCard("spectators", "Spectators", "For anyone: only what is shown face up to the whole table.", spectators),
  );
}
