// slidedb's web page: Solve's player, which plays an optimal solution with
// pause, step back and forward and a speed. In MTM a move of several tiles
// is played one tile a step, and counted as one move when its last tile has
// slid. Loaded before app.js.
'use strict';

// ---------------------------------------------------------------- Solve

async function solve() {
  if (S.edit) return sayPlacing();
  stopPlayer();
  clearHint();
  if (S.info && S.info.unsolvable) {
    $('hint-text').textContent = 'This position cannot be solved: see why above.';
    return;
  }
  const my = ++S.seq;
  let res;
  try {
    res = await searched('solve', tableParams({start: formatState(S.cells), steps: 1}),
                         'for a solution', 'solve');
  } catch (e) {
    if (my === S.seq) {
      showError(e.cancelled ? '' : failureText(e));
      renderStatus();
    }
    return;
  }
  if (my !== S.seq) return;
  if (!res.path) { showError('the server gave no path'); return; }
  const p = playerFor(res);
  if (!p) { showError(`the server's moves do not lead along its path: ${res.moves}`); return; }
  S.player = p;
  // Its moves are on the screen now: this solve is not timed. A Solve that
  // failed has not helped.
  if (p.path.length > 1) clockHelped();
  $('solution-text').textContent = solutionText(S.player);
  $('player').hidden = false;
  S.info = {distance: res.distance, moves: null};
  render();
  refresh();
  schedule();
  loadSolutions(p);  // solutions.js: the others, to browse
}

// The player of a /api/solve answer: its moves (runs of one letter and a
// count) played one tile a step from the first state of its path, which
// lists the state after each move; null when they do not agree.
function playerFor(res) {
  const runs = [];
  const cells = parseState(res.path[0]);
  const path = [cells.slice()];
  for (const token of moveTokens(res.moves)) {
    const run = parseRun(token);
    if (!run) return null;
    const first = path.length - 1;
    for (let i = 0; i < run.count; i++) {
      if (!applyRun(cells, run.letter, 1)) return null;
      path.push(cells.slice());
    }
    runs.push(Object.assign(run, {first, end: path.length - 1}));
    if (formatState(cells) !== formatState(parseState(res.path[runs.length] || ''))) return null;
  }
  return {path, runs, moves: res.moves || '', tiles: (res.tiles || []).map(String), k: 0,
          base: S.history.length, baseLast: S.history[S.history.length - 1],
          playing: path.length > 1, timer: null};
}

// The moves of the player done by step k.
function runsDone(p, k) { return p.runs.filter((r) => r.end <= k).length; }

function speed() { return Number($('speed').value); }

function schedule() {
  const p = S.player;
  if (!p) return;
  clearTimeout(p.timer);
  if (p.playing && p.k < p.path.length - 1) {
    p.timer = setTimeout(() => { stepForward(true); }, 1000 / speed());
  } else if (p.playing) {
    p.playing = false;
    renderStatus();  // played to the end: say who made the moves
  }
  renderPlayer();
}

// The solution as text to copy: the blank's moves as the CLI writes them,
// and the tiles that slide, in order.
function solutionText(p) {
  if (p.moves.length === 0) return '';
  return `moves: ${p.moves}\ntiles: ${p.tiles.join(' ')}`;
}

// Shows step k of the solution; Undo and the move counter follow it, each
// move whose last tile has slid counted as the solver's (in MTM its first
// continues a move the same way before it: pushMove). Between the tiles
// of one MTM move the distance is the server's (refresh).
function showStep(k) {
  const p = S.player;
  p.k = k;
  S.history.length = p.base;
  if (p.base > 0) S.history[p.base - 1] = p.baseLast;  // as before a merge
  for (const r of p.runs) {
    if (r.end <= k) pushMove({cells: p.path[r.first].slice(), move: r.name, by: 'solver'});
  }
  clearHint();
  S.cells = p.path[k].slice();
  const done = runsDone(p, k);
  const between = done < p.runs.length && p.runs[done].first < k;
  const left = between ? null : p.runs.length - done;
  S.info = {distance: left, moves: left === 0 ? [] : null};
  render();
  if (left !== 0) refresh();
}

function stepForward(auto) {
  const p = S.player;
  if (!p || p.k >= p.path.length - 1) return;
  if (!auto) p.playing = false;
  showStep(p.k + 1);
  schedule();
}

function stepBack() {
  const p = S.player;
  if (!p || p.k === 0) return;
  p.playing = false;
  showStep(p.k - 1);
  schedule();
}

function togglePlay() {
  const p = S.player;
  if (!p) return;
  if (p.k >= p.path.length - 1) showStep(0);  // play again from the start
  p.playing = !p.playing;
  schedule();
}

// The tiles of the player's move under way slid so far, as a move of their
// own ("U"), or null: paused between the tiles of an MTM move, the board
// shown is past the moves made (the link says it: link.js).
function partMove() {
  const p = S.player;
  if (!p) return null;
  const r = p.runs[runsDone(p, p.k)];
  return r && r.first < p.k ? runName(r.letter, p.k - r.first) : null;
}

// Stops the player where it is. Stopped between the tiles of an MTM move,
// the tiles slid so far are a move of their own, so that the moves made
// still lead from the start to the board shown (Undo, the link, Analyse).
// A solution still awaited is given up too (progress.js): it was asked for
// the board shown, which is changing.
function stopPlayer() {
  abandonSearches(['solve']);
  const p = S.player;
  if (!p) return;
  clearTimeout(p.timer);
  const part = partMove();
  if (part) {
    const r = p.runs[runsDone(p, p.k)];
    pushMove({cells: p.path[r.first].slice(), move: part, by: 'solver'});
  }
  S.player = null;
  $('player').hidden = true;
}

function renderPlayer() {
  const p = S.player;
  if (!p) return;
  const total = p.path.length - 1;
  const pp = $('play-pause');
  pp.setAttribute('aria-label', p.playing ? 'Pause' : 'Play');
  pp.innerHTML = p.playing ? '&#10073;&#10073;' : '&#9654;';
  $('step-back').disabled = p.k === 0;
  $('step-forward').disabled = p.k >= total;
  const moves = p.runs.length, done = runsDone(p, p.k);
  // In MTM the moves are counted, and the tiles of the one under way.
  const now = done < moves && p.runs[done].first < p.k
      ? `, tile ${p.k - p.runs[done].first} of ${p.runs[done].count} of move ${done + 1}` : '';
  let text = isMtm() ? `Optimal solution${metricNote()}: move ${done} of ${moves}${now}`
                     : `Optimal solution: step ${p.k} of ${total}`;
  text += p.playing ? '' : ' (paused)';
  if (total === 0) text = 'Already at the goal.';
  else if (p.k === total) text = `Optimal solution played: ${moves} ${movesWord(moves)}${metricNote()}.`;
  $('player-text').textContent = text;
  $('solution-copy').hidden = total === 0;
  const seq = $('solution-moves');
  seq.textContent = '';
  p.runs.forEach((r, i) => {
    const span = document.createElement('span');
    // Shown as the way the tile slides, like the arrow keys.
    span.textContent = ({U: '↓', D: '↑', L: '→', R: '←'}[r.letter] || r.letter) +
                       (r.count > 1 ? r.count : '');
    const cells = r.count > 1 ? ` ${r.count} cells` : '';
    span.title = `${isMtm() ? 'move' : 'step'} ${i + 1}: the blank goes ${NAMES[r.letter]}${cells}`;
    if (r.end <= p.k) span.className = 'done';
    else if (i === done) span.className = 'next';
    seq.appendChild(span);
  });
}
