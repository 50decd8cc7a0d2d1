// slidedb's web page: the board menu, the boards the page offers, a board
// set and a board changed (a new position drawn on it). Loaded before
// app.js.
'use strict';

// Boards over 16 cells (5x5) are left out: the page shows exact distances
// after every move, which their search cannot give in time (the API answers
// them, with max_seconds).
function boardsOffered() {
  const seen = [];
  for (const t of S.tables) {
    const [r, c] = t.board.split('x').map(Number);
    if (r * c <= 16 && !seen.includes(t.board)) seen.push(t.board);
  }
  return seen.sort((a, b) => {
    const [ar, ac] = a.split('x').map(Number), [br, bc] = b.split('x').map(Number);
    return ar * ac - br * bc || ar - br;
  });
}

function fillBoards() {
  const sel = $('board-select');
  sel.textContent = '';
  for (const b of boardsOffered()) {
    const o = document.createElement('option');
    o.value = b;
    const t = S.tables.find((x) => x.board === b);
    const how = t.kind === 'pdb' ? ', searched' : '';
    o.textContent = `${b} (${Number(t.states).toLocaleString('en')} positions${how})`;
    sel.appendChild(o);
  }
  sel.value = S.board;
  fillGoals();
}

function fillGoals() {
  const list = $('goal-list');
  list.textContent = '';
  // Each goal once: /api/tables lists it for each metric it has a table in.
  const goals = new Set(S.tables.filter((x) => x.board === S.board).map((x) => x.goal));
  for (const goal of goals) {
    const o = document.createElement('option');
    o.value = goal;
    list.appendChild(o);
  }
}

function setBoard(name) {
  const m = /^(\d+)x(\d+)$/.exec(name);
  if (!m) return false;
  S.board = name;
  S.rows = Number(m[1]);
  S.cols = Number(m[2]);
  const t = S.tables.find((x) => x.board === name);
  S.kind = t ? t.kind : 'table';
  buildBoard();
  $('start-input').placeholder = startExample(S.rows, S.cols);
  return true;
}

// The Start box's example, in the forms the board takes: one character a
// cell or rows between slashes up to 9 cells, commas between the labels
// beyond.
function startExample(rows, cols) {
  const n = rows * cols;
  const cells = [...Array(n - 1).keys()].map((i) => String(i + 1)).concat('0');
  if (n > 9) return `${cells.slice(0, 3).join(',')},…,${cells.slice(-2).join(',')} (commas)`;
  const lines = [];
  for (let r = 0; r < rows; r++) lines.push(cells.slice(r * cols, (r + 1) * cols).join(''));
  return `${cells.join('')} or ${lines.join('/')}`;
}

async function changeBoard(name) {
  if (S.edit) cancelEdit();
  stopPlayer();
  ++S.seq;  // answers about the old board still on their way are dropped
  // and so are its questions still awaited: the server stops searching.
  abandonSearches(['distance']);
  dropAnalysis();
  setBoard(name);
  S.goal = null;
  S.customGoal = false;
  S.cells = [];
  S.info = null;
  $('goal-input').value = '';
  $('start-input').value = '';
  for (const f of Object.keys(kFields)) fieldError(f, '');
  renderGoal();
  fillGoals();
  showError('');
  await keepMetricFor();
  await loadHistogram();
  await shuffle();
  // A draw the server could not answer leaves no board of the new size:
  // its goal is set instead, its distance unknown until a move asks again
  // (the message under the board says why).
  if (S.cells.length === 0 && S.board === name && goalCells().length) {
    const goal = formatState(goalCells());
    await setStart(goal, {answer: {start: goal, failed: true}, keepErrors: true});
  }
}
