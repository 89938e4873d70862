// A ticket's Candidate Cards typed in from the table (a choice's hints.cards, see
// domain/mrpresident/choices.py): the name, the home state, each rating, the Effective
// Total added up as they change; cards typed before on this phone are offered again.
import { h, stepper } from "/static/dom.js";

const REMEMBERED = "recount.candidate-cards";
const REMEMBER_AT_MOST = 24;
// Illustration I of mr-president.md adds up to 27 with Campaign Ability 7.
const DEFAULT_RATINGS = { campaign_ability: 7, financial_support: 8, press_support: 4, fund_raising: 3, advertising: 5 };

const words = (field) => field.replaceAll("_", " ");

// The cards' starting values, each named after the party's office until typed over
// (no rule reads the name).
export function startCards(hint, party) {
  return Object.fromEntries(hint.fields.map((field) => [field, { ...blankCard(hint), name: `${party} ${words(field)}`.trim() }]));
}

function blankCard(hint) {
  return { name: "", home_state: "", issues: "", ...Object.fromEntries(hint.ratings.map((rating) => [rating, DEFAULT_RATINGS[rating] ?? 1])) };
}

// What the cards still lack, in words.
export function cardsWanting(hint, cards) {
  const wanting = [];
  for (const field of hint.fields) {
    const card = cards[field];
    if (!card.name.trim()) wanting.push(`write the ${words(field)}’s name`);
    if (!card.home_state) wanting.push(`choose the ${words(field)}’s home state`);
  }
  return wanting;
}

// The event's cards from those typed, kept on this phone for the next ticket.
export function applyCards(event, hint, typed) {
  const cards = [];
  for (const field of hint.fields) {
    event[field] = asCard(typed[field], hint);
    cards.push(event[field]);
  }
  remember(cards);
}

function asCard(typed, hint) {
  const ratings = Object.fromEntries(hint.ratings.map((rating) => [rating, typed[rating]]));
  const card = {
    name: typed.name.trim(),
    home_state: typed.home_state,
    issues: typed.issues.split(",").map((issue) => issue.trim()).filter(Boolean),
    ...ratings,
  };
  card[hint.total] = hint.ratings.reduce((sum, rating) => sum + typed[rating], 0);
  return card;
}

// Cards typed before on this phone, newest first, one per name.
function rememberedCards() {
  try {
    const stored = JSON.parse(localStorage.getItem(REMEMBERED) || "[]");
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

function remember(cards) {
  const names = new Set(cards.map((card) => card.name));
  const kept = [...cards, ...rememberedCards().filter((card) => !names.has(card.name))].slice(0, REMEMBER_AT_MOST);
  localStorage.setItem(REMEMBERED, JSON.stringify(kept));
}

// A compact Candidate Card: cards typed before (one tap fills it), the name, the
// home state, each rating a stepper, the Effective Total added up as they change.
export function drawCard(field, cards, hint, redraw) {
  const typed = cards[field];
  const total = h("output", { class: "card-total" }, String(hint.ratings.reduce((sum, rating) => sum + typed[rating], 0)));
  const retotal = () => (total.textContent = String(hint.ratings.reduce((sum, rating) => sum + typed[rating], 0)));
  const known = rememberedCards().filter((card) => hint.home_states.includes(card.home_state));
  const use = (card) => {
    cards[field] = { ...blankCard(hint), ...card, issues: (card.issues || []).join(", ") };
    redraw();
  };
  return h(
    "fieldset",
    { class: "candidate-card", "data-field": field },
    h("legend", null, `${words(field)} card`),
    known.length
      ? h(
          "div",
          { class: "remembered choice-buttons" },
          h("span", { class: "muted" }, "Typed before:"),
          known.map((card) => h("button", { type: "button", class: "chip-button remembered-card", "data-name": card.name, onclick: () => use(card) }, `${card.name} (${card.home_state}, ${card[hint.total]})`)),
        )
      : null,
    h("label", { class: "card-line" }, h("span", null, "Name"), h("input", { type: "text", class: "card-name", value: typed.name, autocomplete: "off", oninput: (e) => (typed.name = e.target.value) })),
    h(
      "label",
      { class: "card-line" },
      h("span", null, "Home state"),
      h(
        "select",
        { class: "card-home", onchange: (e) => ((typed.home_state = e.target.value), redraw()) },
        h("option", { value: "", selected: !typed.home_state }, "—"),
        hint.home_states.map((abbr) => h("option", { value: abbr, selected: abbr === typed.home_state }, abbr)),
      ),
    ),
    h(
      "div",
      { class: "card-ratings" },
      hint.ratings.map((rating) =>
        h(
          "div",
          { class: "card-rating", "data-rating": rating },
          h("span", null, words(rating)),
          stepper(typed[rating], (value) => ((typed[rating] = value), retotal()), { least: rating === "campaign_ability" ? 1 : 0, most: 20, label: words(rating) }),
        ),
      ),
      h("div", { class: "card-rating total" }, h("span", null, words(hint.total)), total),
    ),
    h("label", { class: "card-line" }, h("span", null, "Issues"), h("input", { type: "text", value: typed.issues, placeholder: "comma-separated (optional)", oninput: (e) => (typed.issues = e.target.value) })),
  );
}
