// slidedb's web page: Solve's player, which plays an optimal solution with
// pause, step back and forward and a speed. Loaded before app.js.
'use strict';

// ---------------------------------------------------------------- Solve

async function solve() {
  if (S.edit) return;
  stopPlayer();
  clearHint();
  if (S.info && S.info.unsolvable) {
    $('hint-text').textContent = 'This position cannot be solved: see why above.';
    return;
  }
  const my = ++S.seq;
  let res;
  try {
    res = await api('solve', tableParams({start: formatState(S.cells), steps: 1}));
  } catch (e) {
    if (my === S.seq) showError(e.message);
    return;
  }
  if (my !== S.seq) return;
  if (!res.path) { showError('the server gave no path'); return; }
  S.player = {path: res.path.map(parseState), moves: res.moves || '',
              tiles: (res.tiles || []).map(String), k: 0,
              playing: res.path.length > 1, timer: null};
  $('solution-text').textContent = solutionText(S.player);
  $('player').hidden = false;
  S.info = {distance: res.distance, moves: null};
  render();
  refresh();
  schedule();
}

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

// Shows step k of the solution; Undo and the move counter follow it, the
// moves counted as the solver's.
function showStep(k) {
  const p = S.player;
  for (; p.k < k; p.k++) {
    S.history.push({cells: p.path[p.k].slice(), move: p.moves[p.k], by: 'solver'});
  }
  for (; p.k > k; p.k--) S.history.pop();
  clearHint();
  S.cells = p.path[p.k].slice();
  const left = p.path.length - 1 - p.k;
  S.info = {distance: left, moves: left > 0 ? null : []};
  render();
  if (left > 0) refresh();
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

function stopPlayer() {
  if (!S.player) return;
  clearTimeout(S.player.timer);
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
  let text = `Optimal solution: step ${p.k} of ${total}` + (p.playing ? '' : ' (paused)');
  if (total === 0) text = 'Already at the goal.';
  else if (p.k === total) text = `Optimal solution played: ${total} ${movesWord(total)}.`;
  $('player-text').textContent = text;
  $('solution-copy').hidden = total === 0;
  const seq = $('solution-moves');
  seq.textContent = '';
  const letters = Array.from(p.moves);
  letters.forEach((m, i) => {
    const span = document.createElement('span');
    // Shown as the way the tile slides, like the arrow keys.
    span.textContent = {U: '↓', D: '↑', L: '→', R: '←'}[m] || m;
    span.title = `step ${i + 1}: the blank goes ${NAMES[m] || m}`;
    if (i < p.k) span.className = 'done';
    if (i === p.k) span.className = 'next';
    seq.appendChild(span);
  });
}
