// The renderer contract: everything that knows one game system is in that system's
// renderer, render-<system>.js (with its own render-<system>-*.js modules and
// render-<system>.css); the viewer and the recording page load it by the match's system
// (loadRenderer) and know no game. docs/renderer-contract.md says the same at length.
//
// A renderer module exports:
//   name                        the system's name (the board's data-renderer)          required
//   render(frame, ctx)          → an Element: the table at frame.step                   required
//     frame: { step, type, description, view, … } (view: the perspective's view, whole)
//     ctx:   { step, frames, players (the match's, in order), perspective,
//              standings (as of the step, or null), go(step) (the viewer shows a step) }
//   title                       the game's name in words (the heading)                  optional
//   standingsWords(standings)   → { unit: [one, many], heading, together }: what a score
//                               counts, and whether players sharing a place are partners
//   quickExamples(tag, count)   → the typed line's placeholder examples; tag(i) names the
//                               i-th of the `count` players as the notation may
// and for the recording page (choices: GET /matches/{id}/allowed's, record-choices.js):
//   forbidden(frame, choices)   → [{ player, label, event }]: actions drawn greyed, which
//                               the page explains with the dry run's rule when tapped
//   bindHandTaps(board, choices, controls)  makes the drawn table tappable; controls:
//                               { open, openWith(index, filled), close(), actions.explain(event, label) }
//   confirmLabel(choice)        → the composer's button word ("Play"), or null: "Record"
//   heldCards(view, player)     → the cards the player holds in a view (card codes), offered
//                               by the fix form for a step's cards
//   valueLabel(value)           → a pick's value in words, or undefined: the page's words
//   choiceHints                 the inputs a choice's hints ask for (see NO_HINTS)
// A renderer leaves out what its game does not need; hintsOf() fills in the rest.

import * as generic from "/static/render-generic.js";

// The inputs a choice's `hints` ask the page for, beyond its picks. `open` is the open
// composer: { index, filled: { field: value or [values] }, extra: start()'s values }.
const NO_HINTS = {
  needsForm: (choice) => false, // the choice needs the composer even without picks
  supplies: (choice) => [], // → the fields of hints.supply the inputs fill (the page draws no text box for them)
  start: (choice) => ({}), // → the inputs' starting values (open.extra)
  wanting: (choice, open) => [], // → what the inputs still lack, in words
  apply: (event, choice, open) => {}, // completes the event from the inputs
  supply: (event, choice, open) => {}, // fields derived on sending (open: null for a one-tap choice)
  draw: (choice, open, redraw) => null, // → the inputs, drawn in the composer
  underPick: (pick, choice, open, redraw) => null, // → drawn under a list pick's values
  picked: (pick, choice, open, change) => {}, // a list pick changes: { removed: [indexes], added: 0 or 1 }
};

export const hintsOf = (renderer) => ({ ...NO_HINTS, ...(renderer.choiceHints || {}) });

// The system's renderer, else the generic one (a system with no renderer of its own).
export async function loadRenderer(system) {
  try {
    return await import(`/static/render-${encodeURIComponent(system)}.js`);
  } catch {
    return generic;
  }
}
