// slidedb's web page: a searched answer's progress, and Cancel. A question
// that may search (the distance, Solve, an analysis) goes through
// searched(): it carries an id (`progress=`); once it has waited
// kShowSearchAfter ms the status line shows the bound of the search under
// way and the seconds waited ("Searching for the distance… bound 52,
// 1.3 s", the numbers outside the live region), asked of GET /api/progress
// every kPollSearchEvery ms, beside a Cancel button. Cancel aborts the
// requests: the server stops a search whose client leaves (docs/SERVE.md).
// Loaded before app.js.
'use strict';

const kShowSearchAfter = 500;
const kPollSearchEvery = 400;

// The questions awaited: {id, what, key, controller, since, shown, bound,
// counting, timer}, in the order asked.
const searches = new Set();
// This page's ids: a random prefix (another tab's ids differ) and a count.
const searchPrefix = Math.random().toString(36).slice(2, 10) || 'page';
let searchCount = 0;

// api(path, params) with the progress shown while it waits. A question of
// the same `key` still awaited is aborted (its answer would be stale: the
// callers drop it), so that the server does not search for nothing. A
// cancelled question throws an ApiError with `cancelled`.
async function searched(path, params, what, key) {
  S.cancelled = false;
  for (const old of searches) {
    if (key && old.key === key) old.controller.abort();
  }
  const w = {id: `${searchPrefix}-${++searchCount}`, what, key, since: performance.now(),
             controller: new AbortController(), shown: false, bound: null, counting: false,
             timer: null};
  searches.add(w);
  w.timer = setTimeout(() => pollSearch(w), kShowSearchAfter);
  try {
    return await api(path, Object.assign({}, params, {progress: w.id}), w.controller.signal);
  } finally {
    searches.delete(w);
    clearTimeout(w.timer);
    if (w.shown) renderSearch();
  }
}

// Shows `w` and asks the server how far its search has gone, until it is
// answered.
async function pollSearch(w) {
  if (!searches.has(w)) return;
  w.shown = true;
  renderSearch();
  try {
    // 404 until the server starts on it (it may wait for a work thread).
    const res = await fetch('api/progress?id=' + encodeURIComponent(w.id));
    const p = res.ok ? await res.json() : null;
    if (p && p.bound != null) {
      w.bound = p.bound;
      w.counting = p.counting === true;
    }
  } catch (e) {
    // The answer's own request says what failed.
  }
  if (!searches.has(w)) return;
  renderSearch();
  w.timer = setTimeout(() => pollSearch(w), kPollSearchEvery);
}

// The newest question awaited long enough to be shown, or null.
function shownSearch() {
  let last = null;
  for (const w of searches) if (w.shown) last = w;
  return last;
}

// What the status says of `w` (announced once), and its progress shown
// beside it ("bound 52, 1.3 s", not announced: board.js's setStatus).
function searchText(w) {
  return `Searching ${w.what}${metricNote()}…`;
}

function searchProgress(w) {
  const seconds = ((performance.now() - w.since) / 1000).toFixed(1);
  // A count of the optimal solutions tells their length as its bound.
  const bound = w.bound == null ? '' : w.counting ? `counting paths of ${w.bound} moves, `
                                                  : `bound ${w.bound}, `;
  return `${bound}${seconds} s`;
}

// The status line and Cancel: a search's progress while one is shown,
// else the board's status.
function renderSearch() {
  const w = shownSearch();
  $('cancel-search').hidden = !w;
  if (w) setStatus(searchText(w), searchProgress(w));
  else renderStatus();
}

// Aborts the questions of `keys` still awaited, without a word: the board
// they are about is no longer shown (a move, a new start, board or metric),
// so their answers would be dropped, and the server stops searching for
// them (the client left). The status is the board's at once.
function abandonSearches(keys) {
  let shown = false;
  for (const w of searches) {
    if (!keys.includes(w.key)) continue;
    searches.delete(w);
    clearTimeout(w.timer);
    w.controller.abort();
    shown = shown || w.shown;
    w.shown = false;  // its own end (searched's finally) draws nothing
  }
  if (shown) renderSearch();
}

// Cancel: every question awaited is aborted; the status says so until the
// next question.
function cancelSearches() {
  if (searches.size === 0) return;
  S.cancelled = true;
  for (const w of searches) w.controller.abort();
}

// The seconds go on while no answer comes: every 100 ms (started by
// app.js's wire()).
function tickSearch() {
  const w = shownSearch();
  if (w) setStatus(searchText(w), searchProgress(w));
}
