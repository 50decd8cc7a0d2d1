// slidedb's web page: the server's JSON API (docs/SERVE.md) and the
// puzzle's states as the server writes them. Loaded before app.js.
'use strict';

const BLANKS = new Set(['0', '_', '.', '-']);

// ---------------------------------------------------------------- the API

// A failed question: the server's message, and its body ({"error"}, or
// {"input","error"} when the start is malformed); `network` when the
// server could not be reached at all.
class ApiError extends Error {
  constructor(message, body, network = false, status = 0) {
    super(message);
    this.body = body;
    this.network = network;
    this.status = status;  // the HTTP status (503: no answer in time)
  }
}

// What the page says when the server could not answer: its message, and
// for a search that ran out of the server's time (503), that it did.
function failureText(e) {
  if (e.cancelled) return e.message;
  if (e.status === 503) return `No answer from the server in time (503): ${e.message}`;
  if (e.status >= 500) return `The server failed (${e.status}): ${e.message}`;
  return e.message;
}

// Whether a failed question says nothing against its start: no answer in
// time or a busy server (503), a question this server cannot answer
// (501: tables past its whole --memory-limit), or no server.
function notRefused(e) {
  return e.network || e.status === 503 || e.status === 501;
}

// A question aborted by its AbortSignal (progress.js: Cancel).
function cancelledError() {
  const e = new ApiError('Search cancelled', null);
  e.cancelled = true;
  return e;
}

// `signal` (may be absent): an AbortSignal that cancels the question.
async function api(path, params, signal) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const qs = q.toString();
  let res, text;
  try {
    res = await fetch('api/' + path + (qs ? '?' + qs : ''), signal ? {signal} : undefined);
    text = await res.text();
  } catch (e) {
    if (signal && signal.aborted) throw cancelledError();
    throw new ApiError(`Cannot reach the slidedb server at ${location.host}: ` +
                       'is slidedb-serve still running?', null, true);
  }
  const body = parseBody(text);
  if (!res.ok) {
    throw new ApiError((body && body.error) || `the server answered ${res.status}`, body,
                       false, res.status);
  }
  return body;
}

// A JSON answer, or JSON Lines (/api/sample) as a list of objects.
function parseBody(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    try {
      return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    } catch (e2) {
      return null;
    }
  }
}

// A question about the board shown, in the page's metric (metric.js).
function tableParams(extra) {
  const p = Object.assign({board: S.board, metric: S.metric}, extra || {});
  if (S.customGoal && S.goal) p.goal = S.goal;
  return p;
}

// ---------------------------------------------------------------- states

function isBlank(label) { return BLANKS.has(label); }

// A state as typed or pasted: quotes around the whole of it go.
function unquote(text) {
  const m = /^\s*(["'])([\s\S]*)\1\s*$/.exec(text);
  return m ? m[2].trim() : text.trim();
}

function parseState(text) {
  text = String(text).trim();
  if (text.includes(',')) return text.split(',').map((s) => s.trim());
  if (/\s/.test(text)) return text.split(/\s+/);
  return Array.from(text);
}

// The cells of a start as the server reads it (lib/puzzle/notation.h), for
// a start the server could not answer: words between spaces, commas and
// slashes, or one character a cell; the blank written 0. Null unless it
// fills the board with different labels and one blank.
function looseCells(text) {
  const t = unquote(text);
  let cells = /[\s,]/.test(t) ? t.split(/[\s,/]+/).filter(Boolean) : [];
  if (cells.length !== S.rows * S.cols && !t.includes(',')) {
    cells = Array.from(t.replace(/[\s/]+/g, ''));
  }
  cells = cells.map((l) => (isBlank(l) ? '0' : l));
  const ok = cells.length === S.rows * S.cols && new Set(cells).size === cells.length &&
             cells.filter(isBlank).length === 1;
  return ok ? cells : null;
}

function formatState(cells) {
  const wide = cells.length > 9 || cells.some((c) => c.length > 1);
  return cells.join(wide ? ',' : '');
}

function blankIndex(cells) { return cells.findIndex(isBlank); }

// The cell of the tile that slides when the blank travels `move`.
function tileForMove(cells, move) {
  const b = blankIndex(cells);
  const r = Math.floor(b / S.cols), c = b % S.cols;
  const to = {U: [r - 1, c], D: [r + 1, c], L: [r, c - 1], R: [r, c + 1]}[move];
  if (!to || to[0] < 0 || to[0] >= S.rows || to[1] < 0 || to[1] >= S.cols) return -1;
  return to[0] * S.cols + to[1];
}

function movesWord(n) { return n === 1 ? 'move' : 'moves'; }
