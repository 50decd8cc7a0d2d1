// slidedb's web page: the page's address and what can be copied from it.
// The address holds the board, the metric when it is MTM, the start as it
// was set, the goal when one was chosen, and the moves made since (the
// blank's letters, as the CLI writes a solution; in MTM a run with its
// count, "U2") with the solver's among them (`solver`, solverSteps): a
// reload or a shared link comes back to the same position, with its move
// count, Undo and who made each move; a link's board and goal, checked.
// Loaded before app.js.
'use strict';

// A value as a link writes it: encoded, but for the commas and slashes a
// query may hold as they are (a 4x4 start stays readable and copyable).
function queryValue(v) {
  return encodeURIComponent(v).replace(/%2C/gi, ',').replace(/%2F/gi, '/');
}

function linkQuery() {
  const parts = [['board', S.board]];
  if (isMtm()) parts.push(['metric', S.metric]);
  parts.push(['start', formatState(S.initial)]);
  if (S.customGoal && S.goal) parts.push(['goal', S.goal]);
  // Between the tiles of an MTM move of Solve's, those slid so far too, so
  // that the link opens the board shown (as one move with the last when
  // they go on with it, as Close would count them: pushMove).
  const moves = S.history.map((h) => h.move).concat(partMove() || []).join('');
  if (moves) parts.push(['moves', moves]);
  const solver = solverSteps();
  if (solver) parts.push(['solver', solver]);
  return parts.map(([k, v]) => `${k}=${queryValue(v)}`).join('&');
}

// The blank's single steps among the link's moves that the solver made
// (Solve's; in MTM a move the user went on with counts step by step),
// numbered from 1 as ranges, "3-9,12"; "" when none.
function solverSteps() {
  const makers = S.history.flatMap(stepMakers);
  const part = partMove();
  if (part) makers.push(...stepMakers({move: part, by: 'solver'}));
  const ranges = [];
  for (let i = 0; i < makers.length; i++) {
    if (makers[i] !== 'solver') continue;
    let j = i;
    while (j + 1 < makers.length && makers[j + 1] === 'solver') j++;
    ranges.push(i === j ? `${i + 1}` : `${i + 1}-${j + 1}`);
    i = j;
  }
  return ranges.join(',');
}

// The steps a link's `solver` names (solverSteps), as [first, last]
// ranges; what is neither a number nor a range of them is left out. Read
// as ranges, not step by step, so that no number a link holds, however
// large, takes long.
function parseSolverSteps(text) {
  const ranges = [];
  for (const item of (text || '').split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(item.trim());
    if (m) ranges.push([Number(m[1]), m[2] ? Number(m[2]) : Number(m[1])]);
  }
  return ranges;
}

function writeUrl() {
  if (S.edit || S.cells.length === 0) return;
  const url = location.pathname + '?' + linkQuery();
  if (url !== location.pathname + location.search) history.replaceState(null, '', url);
  $('permalink').href = url;
}

// Plays a link's moves (moveTokens) from the start, the steps numbered in
// `solver` (parseSolverSteps' ranges) as the solver's and the others as
// the user's; returns how many were legal (all of them, or the index of
// the first that is not). In MTM a run ("U2") is one move, and so are runs
// one way in a row ("UU", "U2U": pushMove joins the steps); in STM a run is
// its single steps. Letters may be lower case.
function replayMoves(tokens, solver = []) {
  const bySolver = (n) => solver.some(([first, last]) => first <= n && n <= last);
  let k = 0, step = 0;
  for (const token of tokens) {
    const run = parseRun(token);
    const cells = S.cells.slice();
    if (!run || !applyRun(cells, run.letter, run.count)) return k;
    for (let i = 0; i < run.count; i++) {
      step++;
      pushMove({cells: S.cells.slice(), move: run.letter,
                by: bySolver(step) ? 'solver' : 'you'});
      applyRun(S.cells, run.letter, 1);
    }
    k++;
  }
  return k;
}

// Copies `text` and says so on `button` for a moment.
async function copyText(text, button) {
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch (e) {
    // No clipboard (an insecure origin): select the text for Ctrl+C.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    button.textContent = ok ? 'Copied' : 'Copy failed: select the text';
  }
  setTimeout(() => { button.textContent = label; }, 1500);
}

function wireCopies() {
  $('copy-link').addEventListener('click', () =>
    copyText(new URL($('permalink').getAttribute('href'), location.href).href, $('copy-link')));
  $('copy-solution').addEventListener('click', () =>
    copyText($('solution-text').textContent, $('copy-solution')));
}

// ---------------------------------------------------------------- a link's fields

// The board a link asks for, if the page offers it; else the message
// (beside the board menu) and the default board. The boards offered are
// the database's the page plays (a database with 5x5 has more).
function linkBoard(asked) {
  const offered = boardsOffered();
  const fallback = offered.includes('3x3') ? '3x3' : offered[0] || '3x3';
  if (!asked || offered.includes(asked) || S.tables.length === 0) return asked || fallback;
  fieldError('board', `${missingBoard(asked)}; the page offers ${offered.join(', ')} from ` +
                      `this database. Showing ${fallback}.`);
  return fallback;
}

// Why a board a link asks for is not offered: slidedb plays boards of at
// least 2 rows and columns and at most 25 cells (as Board::IsValidShape
// says), the page those of up to 16; a board it could play is built by
// slidedb-build.
function missingBoard(asked) {
  const m = /^(\d+)x(\d+)$/.exec(asked);
  if (!m) return `There is no board '${asked}' (a board is written RxC, as 3x3)`;
  const r = Number(m[1]), c = Number(m[2]);
  if (r < 2 || c < 2 || r * c > 25) {
    return `Board ${asked} is not supported: rows and columns must be at least 2 and ` +
           'the board at most 25 cells';
  }
  if (r * c > 16) {
    return `The page plays boards of up to 16 cells; ${asked} is answered by the API ` +
           '(/api/solve with max_seconds) and slidedb-query';
  }
  return `This database has no ${asked} board (slidedb-build --board ${asked} builds it)`;
}

// A link's goal, checked by the server before it is used: a bad one is
// said beside the Goal box and the board's own goal is used.
async function linkGoal(goal) {
  $('goal-input').value = goal;
  try {
    await api('moves', {board: S.board, metric: S.metric, goal, start: goal});
  } catch (e) {
    if (e.network) { showError(e.message); return; }
    fieldError('goal', e.message + '. The default goal is used instead.');
    return;
  }
  S.goal = goal;
  S.customGoal = true;
}
