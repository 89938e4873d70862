// The fallback renderer: any game system's view as a readable tree, for a system
// that has no renderer of its own yet. Short lists of plain values stay on one line;
// nested parts fold, the first two levels open.
import { h } from "/static/dom.js";

export const name = "generic";

export function render(frame) {
  return h("div", { class: "generic" }, tree(frame.view, 0));
}

function isPlain(value) {
  return value === null || typeof value !== "object";
}

function plain(value) {
  if (value === null) return h("span", { class: "null" }, "—");
  if (typeof value === "boolean") return h("span", { class: "bool" }, value ? "yes" : "no");
  if (typeof value === "number") return h("span", { class: "num" }, String(value));
  return h("span", { class: "str" }, String(value));
}

export function tree(value, depth) {
  if (isPlain(value)) return plain(value);
  const entries = Array.isArray(value) ? value.map((item, index) => [index + 1, item]) : Object.entries(value);
  if (entries.length === 0) return h("span", { class: "null" }, Array.isArray(value) ? "none" : "—");
  if (Array.isArray(value) && value.every(isPlain) && value.length <= 30) {
    return h("span", { class: "inline-list" }, value.map((item, index) => [index ? ", " : "", plain(item)]));
  }
  return h(
    "dl",
    { class: "tree" },
    entries.map(([key, item]) => {
      const label = Array.isArray(value) ? `${key}.` : String(key).replaceAll("_", " ");
      if (isPlain(item) || (Array.isArray(item) && item.every(isPlain) && item.length <= 30)) {
        return h("div", { class: "leaf" }, h("dt", null, label), h("dd", null, tree(item, depth + 1)));
      }
      const count = Array.isArray(item) ? ` (${item.length})` : "";
      return h(
        "div",
        { class: "branch" },
        h("details", { open: depth < 2 }, h("summary", null, label + count), tree(item, depth + 1)),
      );
    }),
  );
}
