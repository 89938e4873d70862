// The replay page's controls: first, back, play or pause, forward, last, the slider,
// the steps' links, the perspective, the token, and the keys that do the same.
import { $, askedStep, replay, setAddress, stepHref, token, wanted } from "/static/replay-state.js";
import { drawTokenButton, show } from "/static/replay-view.js";
import { loadFrames } from "/static/replay-frames.js";

const PLAY_EVERY_MS = 900;

function play() {
  if (replay.timer) return pause();
  if (replay.step >= replay.frames.length) show(1);
  replay.timer = setInterval(() => {
    if (replay.step >= replay.frames.length) pause();
    else show(replay.step + 1);
  }, PLAY_EVERY_MS);
  $("play").querySelector(".label").textContent = "Pause";
  $("play").setAttribute("aria-pressed", "true");
  $("play").setAttribute("aria-label", "Pause");
}

function pause() {
  clearInterval(replay.timer);
  replay.timer = null;
  $("play").querySelector(".label").textContent = "Play";
  $("play").setAttribute("aria-pressed", "false");
  $("play").setAttribute("aria-label", "Play");
}

// A step tapped in the list of steps, the standings or a dispute's verdict. It is a place in
// the history, so Back returns to the step the reader left (stepping through is not: Back
// would have to undo every step). On a phone those lists lie below the board: the board is
// brought into view, or the tap would seem to change only the standings being read.
function jump(target) {
  pause();
  if (target !== replay.step) history.pushState(null, "", stepHref(target));
  show(target);
  const caption = $("caption").getBoundingClientRect();
  if (caption.top < 0 || caption.bottom > window.innerHeight) $("caption").scrollIntoView({ block: "start" });
}

function step(by) {
  pause();
  show(replay.step + by);
}

export function bindControls() {
  $("first").onclick = () => (pause(), show(1));
  $("prev").onclick = () => step(-1);
  $("next").onclick = () => step(1);
  $("last").onclick = () => (pause(), show(replay.frames.length));
  $("play").onclick = play;
  $("slider").oninput = (event) => (pause(), show(Number(event.target.value)));
  for (const list of [$("events"), $("standings"), $("claims"), $("caption")]) {
    list.addEventListener("click", (event) => {
      const link = event.target.closest("a[data-step]");
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      jump(Number(link.dataset.step));
    });
  }
  // Back and Forward after a jump: the step (and the perspective) the address names.
  window.addEventListener("popstate", () => {
    pause();
    if ($("as").value !== wanted()) {
      $("as").value = wanted();
      loadFrames();
    } else show(askedStep() || replay.frames.length);
  });
  $("as").onchange = (event) => {
    pause();
    setAddress({ as: event.target.value });
    // A token refused for one view (a seat token asking for every hand) may well be good for
    // this one (the player's own hand): it gets its chance again.
    replay.tokenRefused = false;
    drawTokenButton();
    loadFrames();
  };
  $("token").onclick = () => {
    const entered = prompt("A seat token or the match’s write token (kept only in this page’s address; leave empty to forget it):", token());
    if (entered === null) return;
    const hash = entered.trim() ? `#token=${encodeURIComponent(entered.trim())}` : "";
    setAddress({}, hash);
    replay.tokenRefused = false; // a new token gets its chance
    drawTokenButton();
    loadFrames();
  };
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    // Form fields keep their own keys; the slider moves itself with the arrows, Home
    // and End (firing "input"), but space still plays or pauses.
    const field = target.closest ? target.closest("input, select, textarea") : null;
    if (field && !(field.id === "slider" && event.key === " ")) return;
    // A form's own buttons (the claim check) take space and Enter as buttons do.
    if (target.closest && target.closest("form")) return;
    const actions = {
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => (pause(), show(1)),
      End: () => (pause(), show(replay.frames.length)),
      " ": play,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault(); // no page scroll, and no click on a focused button for space
    action();
  });
}
