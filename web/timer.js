// slidedb's web page: the speedsolver's timer. A solve is timed from the
// user's first move from the start to the move that reaches the goal; at the
// end the page says the moves (in the page's metric), the time to the
// millisecond, the moves per second (TPS), the solution in the notation the
// analysis panel has chosen, and the fewest moves possible beside it. A
// solve the solver helped with (Solve) is not timed. Loaded before app.js.
'use strict';

// S.clock: {began, last, done, helped} from the user's first move from the
// start; null before it and after a new start or Reset. `done` while the
// board shown is at the goal.

// A move of the user's: the first from the start starts the clock. A move
// after the goal was reached goes on with it: the solve ends at the move
// that reaches the goal, and until then none is shown.
function clockMove() {
  const now = performance.now();
  if (!S.clock && S.history.length === 0) {
    S.clock = {began: now, last: now, done: false, helped: false};
  } else if (S.clock) {
    S.clock.last = now;
    S.clock.done = false;
  }
}

// Undo: the board may no longer be at the goal; the clock runs on, and
// stops again when the goal is reached (renderStatus).
function clockUndo() {
  if (!S.clock) return;
  S.clock.last = performance.now();
  S.clock.done = false;
}

function clockClear() {
  S.clock = null;
  $('clock-text').textContent = '';
}

// The solver played a move: this solve is not timed.
function clockHelped() {
  if (S.clock) S.clock.helped = true;
}

// The goal reached (renderStatus): the clock stops at the last move, the
// user's own; a solve the solver helped with (its moves not the user's)
// stops where the goal was reached, not back at the user's last move.
function clockFinish() {
  if (!S.clock || S.clock.done) return;
  if (S.clock.helped) S.clock.last = performance.now();
  S.clock.done = true;
}

// The board shown is not at the goal (renderStatus; a step of Solve's
// player back from it too): no solve is shown.
function clockAway() {
  if (S.clock) S.clock.done = false;
}

function clockMillis() {
  const c = S.clock;
  if (!c) return 0;
  return Math.round((c.done ? c.last : performance.now()) - c.began);
}

// The moves made, in the notation chosen in the analysis panel: the blank's
// letters, or the tiles' (the opposite way), a count after a run of several.
function clockSolution() {
  const tile = $('analyse-notation').value === 'tile';
  return S.history.map((h) => {
    const run = parseRun(h.move);
    if (!run) return h.move;
    return runName(tile ? OPPOSITE[run.letter] : run.letter, run.count);
  }).join(' ');
}

function renderClock() {
  const c = S.clock;
  $('clock').textContent = `${(clockMillis() / 1000).toFixed(c && c.done ? 3 : 1)} s`;
  const out = $('clock-text');
  if (!c || !c.done || c.helped) {
    out.textContent = c && c.done && c.helped ? 'Not timed: the solver helped.' : '';
    return;
  }
  const n = S.history.length, ms = clockMillis();
  const tps = ms > 0 ? (n / (ms / 1000)).toFixed(2) : '—';
  // The start's distance is unknown when the server could not answer it
  // before the first move (busy, gone): the fewest is then not said.
  const best = S.startDistance == null ? '' : `; the fewest possible: ${S.startDistance}`;
  const notation = $('analyse-notation').value === 'tile' ? 'tile' : 'blank';
  out.textContent = `Timed solve: ${n} ${movesWord(n)}${metricNote()} in ` +
      `${(ms / 1000).toFixed(3)} s, ${tps} TPS${best}. ` +
      `Solution (${notation} notation): ${clockSolution()}`;
}

// Every 100 ms (started by app.js's wire(), once S exists).
function tickClock() {
  if (S.clock && !S.clock.done) renderClock();
}
