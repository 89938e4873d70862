// Keeping what is to be tapped next within reach on a phone: once the actions are
// drawn anew (other choices, a composer opened or closed), the page scrolls only as
// far as needed for them to be on screen and not under the sticky header: the open
// composer, else the choices, with the turn and the acknowledgement above them when
// they fit. A redraw that changes neither (a chip tapped, the network's badge) leaves
// the page where the player has put it.
import { $ } from "/static/dom.js";

const MARGIN = 8; // px kept clear below the header and above the screen's edge

// The bottom of the sticky header: what lies above it is hidden.
function headerBottom() {
  const header = document.querySelector("header.top");
  if (!header || getComputedStyle(header).position !== "sticky") return 0;
  return Math.max(0, header.getBoundingClientRect().bottom);
}

// Scroll the least that shows `first`'s top to `last`'s bottom below the header; a
// span taller than the room shows its top just below the header. From `lead` (whose
// turn it is and what was just recorded) when that fits too.
export function bringIntoReach(first, last = first, lead = null) {
  if (!first || !last) return;
  const bottom = last.getBoundingClientRect().bottom;
  const roomTop = headerBottom() + MARGIN;
  const roomBottom = window.innerHeight - MARGIN;
  const leadTop = lead ? lead.getBoundingClientRect().top : null;
  const top = leadTop !== null && bottom - leadTop <= roomBottom - roomTop ? leadTop : first.getBoundingClientRect().top;
  let by = 0;
  if (top < roomTop || bottom - top > roomBottom - roomTop) by = top - roomTop;
  else if (bottom > roomBottom) by = bottom - roomBottom;
  if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: "instant" });
}

// What the actions offer, in short: a change of it is a new next control.
function signature(choices, open) {
  return `${open ? open.index : "-"} ${choices.map((choice) => `${choice.type}:${choice.player || ""}:${choice.label}`).join("|")}`;
}

export class Reach {
  constructor() {
    this.last = null;
  }

  // Called as the actions are drawn: once they are in the page (a microtask later),
  // bring the composer or the choices into reach if what is offered has changed.
  // `quiet`: the change came from a tap on the table, which stays where it is.
  after(choices, open, quiet = false) {
    const now = signature(choices, open);
    if (now === this.last || !choices.length) return;
    this.last = now;
    if (quiet) return;
    queueMicrotask(() => {
      const actions = $("actions");
      if (!actions) return;
      const lead = document.querySelector(".rec-turn");
      const composer = actions.querySelector(".composer");
      if (composer) return bringIntoReach(composer, composer, lead);
      const groups = actions.querySelectorAll(".choice-group");
      bringIntoReach(groups[0], groups[groups.length - 1], lead);
    });
  }
}
