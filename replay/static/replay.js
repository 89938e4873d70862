// The replay page: loads a match's frames for one perspective, draws the step the
// address names with the game system's renderer, and follows a running match live.
// Knows no single game: render-<system>.js does the drawing, render-generic.js when
// a system has no renderer of its own.
//
// Its parts: replay-state.js (the state, the address, the API), replay-frames.js
// (loading the frames and the live follow), replay-view.js (drawing the board, the
// steps and the standings), replay-controls.js (the buttons, the slider and the keys).
import { bindControls } from "/static/replay-controls.js";
import { bindFiles } from "/static/replay-files.js";
import { loadFrames } from "/static/replay-frames.js";
import { api, matchPath, replay } from "/static/replay-state.js";
import { drawHeading, drawMissing, fillPerspectives, notice } from "/static/replay-view.js";
import { loadRenderer } from "/static/renderers.js";

async function start() {
  bindControls();
  bindFiles();
  try {
    const summary = await api(matchPath);
    replay.summary = summary;
    replay.renderer = await loadRenderer(summary.system);
    drawHeading(summary);
    fillPerspectives(summary.players);
    await loadFrames();
  } catch (error) {
    if (error.status === 404) return drawMissing();
    notice(error.message);
  }
}

start();
