// slidedb's web page: browsing the optimal solutions Solve plays. On a board
// with a table, /api/solve with count and all gives how many optimal
// solutions there are and the first of them (U < D < L < R), at most
// kSolutionsListed as the API lists them unless asked for more; "3 of 40
// optimal solutions" with Previous and Next plays another from the same
// start. On 4x4 in single-tile moves the count is a second search after
// the solve's (milliseconds, a second at most for Korf's 100), asked with
// its progress shown and Cancel as a solve is (progress.js), within
// kCountSeconds; the 5x5's can take minutes and multi-tile moves are not
// counted there, so those ask for none. Loaded before app.js.
'use strict';

const kSolutionsListed = 100;
// A searched count's budget (max_seconds): past it the player keeps the one
// solution (with weaker databases than the default 8-7, a far position's
// count can take longer than a visitor waits).
const kCountSeconds = 10;

// Asks for the solutions of the player `p`'s start; shows them while `p`
// is still the player.
async function loadSolutions(p) {
  $('solutions').hidden = true;
  const counted = S.kind === 'pdb' && S.board === '4x4' && !isMtm();
  if (S.kind !== 'table' && !counted) return;
  const params = tableParams(Object.assign(
      {start: formatState(p.path[0]), count: 1, all: 1, limit: kSolutionsListed},
      counted ? {max_seconds: kCountSeconds} : {}));
  let res;
  try {
    // Given up with the solve's (key 'solve') when the board changes.
    res = counted ? await searched('solve', params, 'for the other optimal solutions', 'solve')
                  : await api('solve', params);
  } catch (e) {
    return;  // the solution played stays, without the others
  }
  if (S.player !== p || !Array.isArray(res.solutions) || res.solutions.length === 0) return;
  const list = res.solutions.slice();
  let i = list.indexOf(p.moves);
  // Not among the first listed: it comes first, and the others after it.
  if (i < 0) { list.unshift(p.moves); i = 0; }
  p.solutions = {list, count: Math.max(res.optimal_solutions || 0, list.length), i};
  renderSolutions();
}

// A /api/solve-like answer for `moves` from `start`: the state after each
// move, and the tiles slid one a step.
function answerFor(start, moves) {
  const cells = start.slice();
  const path = [formatState(cells)];
  const tiles = [];
  for (const token of moveTokens(moves)) {
    const run = parseRun(token);
    for (let k = 0; run && k < run.count; k++) {
      const t = tileForMove(cells, run.letter);
      if (t >= 0) tiles.push(cells[t]);
      applyRun(cells, run.letter, 1);
    }
    path.push(formatState(cells));
  }
  return {path, moves, tiles};
}

// Plays solution number i of the list instead, from the start, paused.
function showSolution(i) {
  const old = S.player;
  if (!old || !old.solutions) return;
  const sol = old.solutions;
  if (i < 0 || i >= sol.list.length) return;
  const p = playerFor(answerFor(old.path[0], sol.list[i]));
  if (!p) return;
  clearTimeout(old.timer);
  // From the same start: the moves made before Solve stay as they were
  // (playerFor read the history as it is now, with the solver's steps).
  p.base = old.base;
  p.baseLast = old.baseLast;
  p.playing = false;
  p.solutions = Object.assign(sol, {i});
  S.player = p;
  $('solution-text').textContent = solutionText(p);
  showStep(0);
  schedule();
  renderSolutions();
}

function renderSolutions() {
  const p = S.player;
  const box = $('solutions');
  if (!p || !p.solutions) { box.hidden = true; return; }
  const {list, count, i} = p.solutions;
  box.hidden = false;
  const listed = count > list.length ? ` (the first ${list.length} can be browsed)` : '';
  $('solutions-text').textContent =
      `${i + 1} of ${count} optimal ${count === 1 ? 'solution' : 'solutions'}${listed}`;
  $('prev-solution').disabled = i === 0;
  $('next-solution').disabled = i >= list.length - 1;
}

// Previous and Next are shown only with a list (renderSolutions); a click
// that comes without one does nothing.
function wireSolutions() {
  const step = (by) => {
    const p = S.player;
    if (p && p.solutions) showSolution(p.solutions.i + by);
  };
  $('prev-solution').addEventListener('click', () => step(-1));
  $('next-solution').addEventListener('click', () => step(1));
}
