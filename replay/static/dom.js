// Small DOM helpers shared by the pages and the renderers. Text always goes in as
// text nodes, never as HTML, so nothing recorded can inject markup.

// The page's element with this id.
export const $ = (id) => document.getElementById(id);

export function h(tag, attrs, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") element.className = value;
    else if (name === "style" && typeof value === "object") {
      // setProperty, not assignment: custom properties (--owner) are not style fields.
      for (const [property, setting] of Object.entries(value)) element.style.setProperty(property, setting);
    }
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

export function append(element, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

// SVG needs its own namespace; same calling convention as h().
export function svg(tag, attrs, ...children) {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, String(value));
  }
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export function when(seconds) {
  if (!seconds) return "";
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function clock(seconds) {
  if (!seconds) return "";
  return new Date(seconds * 1000).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

// A renderer's own stylesheet, added to the page once.
export function useStylesheet(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}

// A player's colour: --seat-a … --seat-g by the player's place in `players`, then round again.
export function seatColour(players, player) {
  const index = players.indexOf(player);
  return index < 0 ? "var(--muted)" : `var(--seat-${"abcdefg"[index % 7]})`;
}

// A player's colour for the whole match (not the seat's, which re-seating between
// games changes): by the player's place in the match's player list (the summary's `players`,
// stable for the match), then those the list lacks (joined since, or no list given) in the order of
// `shown`, the players of the frame drawn.
export function playerColour(matchPlayers, shown, player) {
  const order = [...(matchPlayers || [])];
  for (const other of shown || []) if (!order.includes(other)) order.push(other);
  return seatColour(order, player);
}

// − n +: big buttons for a number, so none has to be typed.
export function stepper(value, changed, { least = -Infinity, most = Infinity, label = "" } = {}) {
  let current = value;
  const shown = h("output", { class: "stepper-value" }, String(current));
  const move = (by) => {
    const next = Math.min(most, Math.max(least, current + by));
    if (next === current) return;
    current = next;
    shown.textContent = String(current);
    changed(current);
  };
  return h(
    "span",
    { class: "stepper", "data-label": label },
    h("button", { type: "button", class: "step-down", "aria-label": `${label} one less`.trim(), onclick: () => move(-1) }, "−"),
    shown,
    h("button", { type: "button", class: "step-up", "aria-label": `${label} one more`.trim(), onclick: () => move(1) }, "+"),
  );
}
