// The house rules of the new-match form, in people's words: each option of the ruleset
// schema is drawn with the game's words for it (GET /systems/{name} `option_words`:
// a label, a group, the words of each value), its value as a person says it, and the
// rules text's sentence (the schema's description) beneath, its code words turned into
// the page's words. The form's bounds are the schema's, which are the API's.
import { h } from "/static/dom.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
// A value's key among an option's value words: a string itself, anything else its JSON.
const keyOf = (value) => (typeof value === "string" ? value : JSON.stringify(value));

// What a person reads for a value: its words when the game gives them, else the value
// written plainly (a list with commas, a mapping as "code = name").
export function valueWords(words, value) {
  const said = words?.values?.[keyOf(value)];
  if (said !== undefined) return said;
  if (value === "" || value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  if (typeof value === "object") return Object.keys(value).length ? Object.entries(value).map(([code, name]) => `${code} = ${name}`).join(", ") : "none";
  return words?.unit ? `${value} ${words.unit}` : String(value);
}

// The rules text's sentence without code: True/False as the option's yes/no, a quoted
// value as its words, Markdown emphasis and backquotes dropped.
export function plainQuote(text, schema, words, allWords) {
  const values = words?.values || {};
  let plain = text
    .replace(/`([^`]+)`/g, (_, code) => (allWords[code] ? `“${allWords[code].label}”` : code))
    .replace(/(^|[\s("“])_([^_\s][^_]*?)_(?=[\s:,.;)"”]|$)/g, "$1$2")
    // A pointer to the source ("(ruleset_bounds.py)", "; see rules.py") is for the API's readers.
    .replace(/\s*\([\w/]+\.py\)/g, "")
    .replace(/;\s*see [\w/]+\.py/g, "");
  if (schema.type === "boolean") {
    const yes = (values.true || "yes").split(":")[0];
    const no = (values.false || "no").split(":")[0];
    plain = plain.replace(/\b(True|true|False|false)\b/g, (word) => `“${/^t/i.test(word) ? yes : no}”`);
  }
  for (const choice of schema.enum || []) {
    if (typeof choice !== "string" || !(choice in values)) continue;
    plain = plain.replaceAll(`"${choice}"`, `“${values[choice]}”`);
  }
  return plain;
}

// One control per option: a switch, a choice in words, a number with its bounds, a text,
// or a list written with commas.
function control(field, schema, value, words, label) {
  if (schema.type === "boolean") {
    const input = h("input", { type: "checkbox", role: "switch", name: field, checked: value === true });
    return { element: input, read: () => input.checked };
  }
  const known = words?.values || {};
  const choices = Array.isArray(schema.enum) ? [...schema.enum] : schema.type === "string" && Object.keys(known).length ? [...Object.keys(known)] : null;
  if (choices) {
    if (!choices.some((choice) => same(choice, value))) choices.push(value);
    const select = h("select", { name: field, "aria-label": label }, choices.map((choice, i) => h("option", { value: String(i), selected: same(choice, value) }, valueWords(words, choice))));
    return { element: select, read: () => choices[Number(select.value)] };
  }
  if (schema.type === "integer" || schema.type === "number") {
    const input = h("input", { type: "number", name: field, inputmode: "numeric", step: schema.type === "integer" ? 1 : "any", min: schema.minimum, max: schema.maximum, value, "aria-label": label });
    const read = () => readNumber(input.value, schema);
    return { element: input, read, unit: words?.unit };
  }
  if (schema.type === "string") {
    const input = h("input", { type: "text", name: field, value, maxlength: schema.maxLength, placeholder: "none", autocomplete: "off", "aria-label": label });
    return { element: input, read: () => input.value.trim() };
  }
  const input = h("input", { type: "text", name: field, value: writeList(value), placeholder: "none", autocomplete: "off", spellcheck: "false", "aria-label": label });
  return { element: input, read: () => readList(input.value, schema, words) };
}

function readNumber(text, schema) {
  const number = Number(text);
  const whole = schema.type === "integer";
  const bounds = schema.minimum !== undefined && schema.maximum !== undefined ? ` from ${schema.minimum} to ${schema.maximum}` : schema.maximum !== undefined ? ` up to ${schema.maximum}` : schema.minimum !== undefined ? ` of at least ${schema.minimum}` : "";
  if (text.trim() === "" || !Number.isFinite(number) || (whole && !Number.isInteger(number)) || number < (schema.minimum ?? -Infinity) || number > (schema.maximum ?? Infinity)) {
    throw new Error(`${whole ? "a whole number" : "a number"}${bounds}`);
  }
  return number;
}

const writeList = (value) => (Array.isArray(value) ? value.join(", ") : Object.entries(value || {}).map(([code, name]) => `${code} = ${name}`).join(", "));

// "2, 1" -> [2, 1]; "D = Doppelgänger, 0 = Bomb" -> { D: "Doppelgänger", 0: "Bomb" }.
function readList(text, schema, words) {
  const entries = text.split(",").map((entry) => entry.trim()).filter(Boolean);
  const item = words?.item || "entry";
  if (schema.type === "object") {
    const mapping = {};
    for (const entry of entries) {
      const [code, ...name] = entry.split("=");
      if (!name.length || !code.trim()) throw new Error(`each ${item} written as code = name, with commas between`);
      mapping[code.trim()] = name.join("=").trim();
    }
    if (schema.maxProperties !== undefined && Object.keys(mapping).length > schema.maxProperties) throw new Error(`at most ${schema.maxProperties} of them`);
    return mapping;
  }
  const itemSchema = schema.prefixItems?.[0] || schema.items || {};
  const values = entries.map((entry) => (itemSchema.type === "integer" ? readNumber(entry, itemSchema) : entry));
  const least = schema.minItems ?? 0;
  const most = schema.maxItems ?? Infinity;
  if (values.length < least || values.length > most) {
    throw new Error(least === most ? `${least} of them, with commas between` : `${least ? `${least} to ` : "at most "}${most} of them, with commas between`);
  }
  const long = values.find((value) => typeof value === "string" && itemSchema.maxLength !== undefined && value.length > itemSchema.maxLength);
  if (long !== undefined) throw new Error(`each ${item} at most ${itemSchema.maxLength} characters (“${long}” is longer)`);
  return values;
}

// The option rows, grouped as the game's words file them, each knowing the preset's value.
export function drawOptions(setup, preset, changed) {
  const properties = setup.ruleset_schema.properties || {};
  const allWords = setup.option_words || {};
  const groups = new Map();
  const controls = [];
  for (const [field, schema] of Object.entries(properties)) {
    const words = allWords[field];
    const label = words?.label || field;
    const value = field in preset ? preset[field] : schema.default;
    const { element, read, unit } = control(field, schema, value, words, label);
    const said = h("span", { class: "value-words" }, schema.type === "boolean" ? valueWords(words, value) : "");
    const name = h("span", { class: "name" }, label);
    if (schema.description) element.setAttribute("aria-describedby", `why-${field}`);
    const line = schema.type === "boolean" ? h("label", { class: "option-line switch-line" }, element, h("span", { class: "switch-text" }, name, said)) : h("label", { class: "option-line" }, name, unit ? h("span", { class: "with-unit" }, element, h("span", { class: "unit" }, unit)) : element);
    const row = h(
      "div",
      { class: "option", dataset: { field } },
      line,
      schema.description ? h("p", { class: "why", id: `why-${field}` }, plainQuote(schema.description, schema, words, allWords)) : null,
      h("p", { class: "field-error", hidden: true }),
    );
    const mark = () => {
      let now;
      try {
        now = read();
        if (schema.type === "boolean") said.textContent = valueWords(words, now);
      } catch {
        now = undefined;
      }
      row.classList.toggle("changed", now === undefined || !same(now, value));
      changed();
    };
    element.addEventListener("input", mark);
    element.addEventListener("change", mark);
    const group = words?.group || "Other";
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(row);
    controls.push({ field, label, read, preset: value, row });
  }
  // The groups in the order the game's words file them (its own order of the table's questions).
  const order = [...new Set(Object.values(allWords).map((words) => words.group))];
  const rank = (group) => (order.includes(group) ? order.indexOf(group) : order.length);
  const sections = [...groups].sort(([a], [b]) => rank(a) - rank(b)).map(([group, rows]) => h("section", { class: "option-group" }, h("h3", null, group), rows));
  return { sections, controls };
}
