// The match as files, from the replay page: its notation (a match as text, like PGN:
// GET /matches/{id}/notation; /new brings such a file back in as a new match) and its
// JSON Lines export (GET /matches/{id}/export; `recount import` or POST /imports).
// Both are the whole record: they need the write token, or a finished match whose
// hands are open to everyone; the server says so otherwise, and the page repeats it.
import { send } from "/static/api.js";
import { $, matchId, matchPath, readerToken } from "/static/replay-state.js";
import { notice } from "/static/replay-view.js";

const FILES = {
  "download-notation": { path: "/notation", name: `${matchId}.txt` },
  "download-export": { path: "/export", name: `${matchId}.jsonl` },
};

async function download(file) {
  let reply;
  try {
    reply = await send(`${matchPath}${file.path}`, { token: readerToken(), headers: { Accept: "*/*" } });
  } catch (error) {
    return notice(`The file could not be fetched: ${error.message}`);
  }
  if (!reply.ok) {
    const body = await reply.json().catch(() => ({}));
    return notice(`No file: ${body.error || reply.statusText}`);
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await reply.blob());
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

export function bindFiles() {
  for (const [id, file] of Object.entries(FILES)) {
    const button = $(id);
    if (button) button.addEventListener("click", () => download(file));
  }
}
