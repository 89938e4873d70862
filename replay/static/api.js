// Every page's one way to ask the API, and to read what its address says of the match.
// send() is the request (throws NetworkDown when no reply came); call() its status and
// JSON body; api() the body, or an ApiError with the server's words.

export class NetworkDown extends Error {}

export class ApiError extends Error {
  constructor(status, message, body = {}) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

// The token in the address's fragment (never sent to the server in a URL).
export const addressToken = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";
// The match a page names as the last part of its path (/view/{id}, /record/{id}).
export const addressMatchId = () => decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
export const matchPathOf = (matchId) => `/matches/${encodeURIComponent(matchId)}`;
// The write token this phone keeps for a match (the new-match page keeps it and shows
// the match's links again from it), and the token the recording page last recorded
// with (the write token or a seat's), read when its link comes without the fragment.
// Apart: a seat link opened on the phone that created the match must not take the
// write token's place.
const writeTokenKey = (matchId) => `recount.write.${matchId}`;
const recordTokenKey = (matchId) => `recount.record.${matchId}`;
export const keptWriteToken = (matchId) => localStorage.getItem(writeTokenKey(matchId)) || "";
export const keepWriteToken = (matchId, token) => localStorage.setItem(writeTokenKey(matchId), token);
export const keptRecordToken = (matchId) => localStorage.getItem(recordTokenKey(matchId)) || keptWriteToken(matchId);
export const keepRecordToken = (matchId, token) => localStorage.setItem(recordTokenKey(matchId), token);

// options: method, body (sent as JSON) or text (sent as plain text), token (as a Bearer
// header), key (Idempotency-Key), headers.
export async function send(path, { method = "GET", body, text, token, key, headers = {} } = {}) {
  const sent = { Accept: "application/json", ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  if (text !== undefined) sent["Content-Type"] = "text/plain; charset=utf-8";
  if (key) sent["Idempotency-Key"] = key;
  try {
    return await fetch(path, { method, headers: sent, body: body === undefined ? text : JSON.stringify(body), cache: "no-store" });
  } catch (error) {
    throw new NetworkDown(error.message);
  }
}

export async function call(path, options) {
  const reply = await send(path, options);
  const body = await reply.json().catch(() => ({}));
  return { status: reply.status, body, reply };
}

export async function api(path, options) {
  return (await apiPage(path, options)).body;
}

// api() of a paged list: its body, and the address of the next page (the Link header's rel="next"), or null.
export async function apiPage(path, options) {
  const { status, body, reply } = await call(path, options);
  if (status >= 400) throw new ApiError(status, body.error || `${status} ${reply.statusText}`, body);
  const next = /<([^>]+)>;\s*rel="next"/.exec(reply.headers.get("Link") || "");
  return { body, next: next ? next[1] : null };
}
