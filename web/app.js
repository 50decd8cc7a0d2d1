// slidedb's web page: plays the puzzle against the server's JSON API
// (docs/SERVE.md). Plain JavaScript, no libraries, nothing from the
// internet; api.js, metric.js, player.js, histogram.js, board.js,
// shuffle.js, link.js, analyse.js, timer.js, solutions.js, progress.js and
// boards.js are loaded before it.
'use strict';

const NAMES = {U: 'up', D: 'down', L: 'left', R: 'right'};
const OPPOSITE = {U: 'D', D: 'U', L: 'R', R: 'L'};

const S = {
  tables: [],          // what /api/tables offers
  board: '3x3', rows: 3, cols: 3,
  metric: 'stm',       // "stm" or "mtm": what a move is (metric.js)
  kind: 'table',       // what answers the board: "table", or "pdb" (a search)
  goal: null,          // the goal as the server writes it
  customGoal: false,   // the user chose the goal (it goes in the URL)
  cells: [],           // the labels on the board, row by row
  initial: [],         // the start: what Reset goes back to
  history: [],         // {cells, move, by}: each move made ("U", or "U2" in MTM),
                       // by "you" or "solver"
  info: null,          // {distance, moves} or {unsolvable: true, reason}
  startDistance: null, // the fewest moves from the start
  seq: 0,              // answers to older requests are dropped
  player: null,        // {path, moves, tiles, k, playing, timer} while Solve plays
  edit: null,          // {labels, placed, next, last} while tiles are placed by hand
  hintAsked: false,    // Hint was pressed before the server's answer came
  cancelled: false,    // Cancel stopped the last search (progress.js)
  histogram: null,
  clock: null,         // the speedsolver's timer (timer.js)
  waitSince: null,     // when the wait for the distance shown began (board.js)
};

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- messages

// A message about no one field.
function showError(message) {
  const e = $('error');
  e.textContent = message || '';
  e.hidden = !message;
}

// The fields a message can be about, and their inputs ("link": a link's
// moves, said beside the page's own link, has none).
const kFields = {start: 'start-input', goal: 'goal-input', board: 'board-select',
                 metric: 'metric-select', link: null};

// A message beside the field it is about, whose input is marked invalid.
function fieldError(field, message) {
  const out = $(field + '-error');
  out.textContent = message || '';
  out.hidden = !message;
  const input = kFields[field] && $(kFields[field]);
  if (!input) return;
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

// An API error where it belongs: the server names a bad goal "goal '...'",
// and answers a goal whose table is not built with a 404; a malformed start
// comes with its "input".
function reportError(e, field) {
  if (e.cancelled) return showError('');  // the status says so
  if (e.network) return showError(e.message);
  // A goal whose table was not built: the server's 404 names the command.
  if (/^goal /.test(e.message) || (field === 'goal' && e.status === 404)) {
    return fieldError('goal', e.message);
  }
  if (e.body && e.body.input !== undefined) return fieldError(field, e.message);
  showError(failureText(e));
}

function clearHint() {
  S.hintAsked = false;
  $('hint-text').textContent = '';
  document.querySelectorAll('.tile.hinted').forEach((el) => el.classList.remove('hinted'));
}

// ---------------------------------------------------------------- positions

function setInfo(res) {
  S.info = res.solvable === false ? {unsolvable: true, reason: res.reason}
                                  : {distance: res.distance, moves: res.moves || []};
}

// Sets a new start typed by the user, drawn, or from the URL: the server
// checks it and writes it in its own form. `answer`: its /api/moves answer
// when the caller has it already; `drawn`: Shuffle's, given up when the
// server has no answer for it.
async function setStart(text, {field = 'start', answer = null, keepErrors = false,
                               drawn = false} = {}) {
  if (S.edit) cancelEdit();  // a start typed while placing tiles wins
  abandonSearches(['solve']);  // a solution of the old start would be dropped
  const my = ++S.seq;
  let res = answer;
  if (!res) {
    try {
      res = await searched('moves', tableParams({start: text}), 'for the distance', 'distance');
    } catch (e) {
      if (my !== S.seq) return false;
      // A server that is only slow or busy (503), or gone, has not refused
      // the start: it is set, its distance unknown, and the message goes
      // under the board. A search cancelled, or a draw, leaves the board as
      // it was.
      const cells = !drawn && notRefused(e) ? looseCells(text) : null;
      if (cells) {
        res = {start: formatState(cells), failed: true};
      } else {
        // The board stays as it was, and so does its status (not "Drawing
        // a position…" when the server could not answer a drawn one).
        reportError(e, field);
        renderStatus();
        return false;
      }
      showError(failureText(e));
    }
  }
  if (my !== S.seq) return false;
  if (!res.failed) showError('');
  if (!keepErrors) {
    fieldError(field, '');
    fieldError('link', '');
  }
  stopPlayer();
  S.cells = parseState(res.start);
  // The Start box shows the start now set, as the server writes it (after
  // Shuffle or placing tiles too); a refused start stays there, marked.
  if (!keepErrors) $('start-input').value = res.start;
  if (res.goal) S.goal = res.goal;
  // Not answered: the board's goal as /api/tables lists it, when the start
  // has its labels (a goal typed is kept), so that the Goal line and the
  // marks stay true until the server answers with the start's own.
  const guess = goalCells();
  const labels = (cells) => cells.slice().sort().join();
  if (!S.goal && res.failed && guess.length && labels(guess) === labels(S.cells)) {
    S.goal = formatState(guess);
  }
  renderGoal();
  S.initial = S.cells.slice();
  S.history = [];
  clockClear();
  S.startDistance = res.solvable === false || res.failed ? null : res.distance;
  if (res.failed) S.info = {distance: null, moves: null, failed: true};
  else setInfo(res);
  clearHint();
  render();
  return true;
}

// Asks the server for the distance and the moves of the board shown.
async function refresh() {
  const my = ++S.seq;
  const start = formatState(S.cells);
  try {
    const res = await searched('moves', tableParams({start}), 'for the distance', 'distance');
    // A newer question, or a board that changed without one, wins.
    if (my !== S.seq || formatState(S.cells) !== start) return;
    setInfo(res);
    // The start's own goal (unless one was typed): a guess made while the
    // server gave no answer is replaced.
    if (res.goal && !S.customGoal && res.goal !== S.goal) { S.goal = res.goal; renderGoal(); }
    // A start the server could not answer when it was set: its distance.
    if (S.history.length === 0 && S.startDistance == null && res.solvable !== false) {
      S.startDistance = res.distance;
    }
    showError('');
  } catch (e) {
    if (my !== S.seq || formatState(S.cells) !== start) return;
    if (S.hintAsked) clearHint();  // the error says why there is none
    if (S.info && S.info.distance == null) S.info = {distance: null, moves: null, failed: true};
    // A distance known before (a move's): its moves will not come either.
    else if (S.info && !S.info.moves) S.info.failed = true;
    showError(e.cancelled ? '' : failureText(e));
  }
  render();
  // A hint asked for while the server searched is given now.
  if (S.hintAsked) hint();
}

// A click on the tile on cell t: it slides into the blank, and in MTM so
// do the tiles between it and the blank, as one move.
function moveTile(t) {
  if (S.edit) return placeTile(t);
  const run = slideOf(S.cells, t);
  if (!run) {
    const el = tileElement(S.cells[t]);
    if (el) { el.classList.remove('shake'); void el.offsetWidth; el.classList.add('shake'); }
    return;
  }
  stopPlayer();
  const known = S.info && S.info.moves ? S.info.moves.find((m) => m.move === run.name) : null;
  clockMove();
  pushMove({cells: S.cells.slice(), move: run.name, by: 'you'});
  applyRun(S.cells, run.letter, run.count);
  clearHint();
  // Known at once from the last answer; the next answer brings the rest
  // (and, on an unsolvable board, the parity of the position now shown).
  S.info = known && known.distance != null ? {distance: known.distance, moves: null}
                                           : {distance: null, moves: null};
  render();
  refresh();
}

function undo() {
  if (S.edit || S.history.length === 0) return;
  stopPlayer();
  S.cells = S.history.pop().cells;
  clockUndo();
  afterJump();
}

function reset() {
  if (S.edit) cancelEdit();
  stopPlayer();
  S.cells = S.initial.slice();
  S.history = [];
  clockClear();
  afterJump();
}

function afterJump() {
  clearHint();
  S.info = {distance: null, moves: null};
  render();
  refresh();
}

function optimalMove() {
  if (!S.info || !S.info.moves || S.info.distance == null) return null;
  return S.info.moves.find((m) => m.distance === S.info.distance - 1) || null;
}

// While tiles are placed there is no position to answer for: Hint and
// Solve say so rather than do nothing.
function sayPlacing() {
  $('hint-text').textContent = 'Place the remaining tiles first, or press Cancel placing.';
}

function hint() {
  if (S.edit) return sayPlacing();
  clearHint();
  const text = $('hint-text');
  if (S.info && S.info.unsolvable) {
    text.textContent = 'No move reaches the goal from here: see why above.';
    return;
  }
  if (S.info && S.info.distance === 0) {
    text.textContent = 'Already solved.';
    return;
  }
  const m = optimalMove();
  if (!m && S.info && S.info.failed) {
    text.textContent = 'No hint: the server gave no answer for this position (see above).';
    return;
  }
  if (!m) {
    text.textContent = 'Still asking the server…';
    S.hintAsked = true;
    return;
  }
  const run = parseRun(m.move) || {letter: m.move, count: 1};
  const label = tileOfMove(m);
  // In MTM the tiles slid along with it, from the blank out.
  const others = run.count > 1 ? m.tiles.slice(0, -1) : [];
  const along = others.length === 0 ? ''
      : ` with ${others.length === 1 ? 'tile' : 'tiles'} ${others.join(', ')} (one move)`;
  const then = m.distance === 0 ? 'that solves it'
                                : `then ${m.distance} ${movesWord(m.distance)} to go`;
  text.textContent = `Hint: slide tile ${label} ${NAMES[OPPOSITE[run.letter]]}${along} (${then}).`;
  const el = tileElement(label);
  if (el) el.classList.add('hinted');
}

async function setGoal(text) {
  if (S.edit) cancelEdit();
  const goal = unquote(text) || null;
  const ask = (start) => api('moves', Object.assign({board: S.board, metric: S.metric, start},
                                                    goal ? {goal} : {}));
  let res = null;
  try {
    // The board's tiles kept; the server writes the goal in its own form.
    res = await ask(formatState(S.cells));
  } catch (e) {
    // A goal in other labels than the board's: start at the goal itself.
    const retry = goal && !e.network && e.status !== 404 && !/^goal /.test(e.message);
    try {
      if (!retry) throw e;
      res = await ask(goal);
    } catch (e2) {
      reportError(e2, 'goal');
      return;
    }
  }
  fieldError('goal', '');
  // The goal played already (the box empty on the board's own goal, or the
  // goal typed again): the game goes on, its moves and clock kept.
  if (res.goal && res.goal === S.goal && res.start === formatState(S.cells)) return;
  S.customGoal = goal !== null;
  S.goal = goal;
  fieldError('metric', '');  // a metric's failure was the old goal's
  await setStart(res.start, {answer: res, field: 'goal'});
  await loadHistogram();
}

// ---------------------------------------------------------------- input

function directionToTile(key) {
  // The arrow says which way the tile slides; the blank goes the other way.
  const move = {ArrowUp: 'D', ArrowDown: 'U', ArrowLeft: 'R', ArrowRight: 'L'}[key];
  return move ? tileForMove(S.cells, move) : null;
}

function onKey(e) {
  const tag = (e.target && e.target.tagName) || '';
  if (/^(INPUT|SELECT|TEXTAREA)$/.test(tag) || e.altKey || e.ctrlKey || e.metaKey) return;
  if (S.edit) {
    if (e.key === 'Escape') cancelEdit();
    return;
  }
  const t = directionToTile(e.key);
  if (t === null) return;
  e.preventDefault();
  if (t >= 0) moveTile(t);
}

function setupSwipe() {
  const board = $('board');
  let start = null;
  board.addEventListener('touchstart', (e) => {
    if (e.touches.length === 1) start = {x: e.touches[0].clientX, y: e.touches[0].clientY};
  }, {passive: true});
  // The board does not scroll the page under a swipe.
  board.addEventListener('touchmove', (e) => { if (start) e.preventDefault(); }, {passive: false});
  board.addEventListener('touchcancel', () => { start = null; });
  board.addEventListener('touchend', (e) => {
    if (!start || S.edit) return;
    const t = e.changedTouches[0];
    const dx = t.clientX - start.x, dy = t.clientY - start.y;
    start = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;  // a tap, not a swipe
    e.preventDefault();
    const key = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft')
                                            : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    const cell = directionToTile(key);
    if (cell !== null && cell >= 0) moveTile(cell);
  });
}

function wire() {
  $('hint').addEventListener('click', hint);
  $('solve').addEventListener('click', solve);
  $('undo').addEventListener('click', undo);
  $('reset').addEventListener('click', reset);
  $('shuffle').addEventListener('click', () => shuffle());
  $('shuffle-distance').addEventListener('change', (e) => { shuffleChosen = e.target.value; });
  $('step-back').addEventListener('click', stepBack);
  $('step-forward').addEventListener('click', () => stepForward(false));
  $('play-pause').addEventListener('click', togglePlay);
  $('stop-solution').addEventListener('click', () => {
    stopPlayer();
    render();
    $('solve').focus();  // the player it was in is hidden: back where it came from
  });
  $('speed').addEventListener('input', () => {
    $('speed-out').textContent = `${speed()} ${speed() === 1 ? 'move' : 'moves'}/s`;
    schedule();
  });
  $('board-select').addEventListener('change', (e) => changeBoard(e.target.value));
  $('metric-select').addEventListener('change', (e) => changeMetric(e.target.value));
  $('start-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const v = unquote($('start-input').value);
    if (v) setStart(v);
  });
  $('goal-form').addEventListener('submit', (e) => {
    e.preventDefault();
    setGoal($('goal-input').value);
  });
  $('edit-cells').addEventListener('click', () => (S.edit ? cancelEdit() : startEdit()));
  $('cancel-search').addEventListener('click', cancelSearches);
  wireCopies();
  wireAnalyse();
  wireSolutions();
  $('analyse-notation').addEventListener('change', renderClock);
  document.addEventListener('keydown', onKey);
  setupSwipe();
  // The clocks of the page, once S exists: the scripts before this one
  // start none (app.js may load long after them on a busy machine).
  setInterval(() => {
    tickWaiting();
    tickClock();
    tickSearch();
  }, 100);
}

async function main() {
  wire();
  // On a phone the help is folded, so that Shuffle and Start fit the screen.
  if (matchMedia('(max-width: 600px)').matches) $('help').open = false;
  const q = new URLSearchParams(location.search);
  try {
    const t = await api('tables');
    S.tables = Array.isArray(t) ? t : (t.tables || []);
  } catch (e) {
    showError('Cannot list the boards: ' + e.message);
  }
  setBoard(linkBoard(q.get('board')));
  fillBoards();
  // The link's metric, else the board's: STM unless it has only MTM tables
  // (said only when the link asked for STM).
  if (q.get('metric') === 'mtm') S.metric = 'mtm';
  await keepMetricFor({say: q.get('metric') === 'stm'});
  if (q.get('goal')) await linkGoal(q.get('goal'));
  await loadHistogram();
  const start = q.get('start');
  if (start) {
    $('start-input').value = start;
    if (await setStart(unquote(start))) {
      const moves = moveTokens(q.get('moves'));
      const legal = replayMoves(moves, parseSolverSteps(q.get('solver')));
      if (legal < moves.length) {
        fieldError('link', `The link's moves stop at move ${legal + 1} of ${moves.length}: ` +
                           `'${moves[legal]}' is not a legal move there (moves are U, D, L, R, ` +
                           'the way the blank goes, with a count for a run: U2).');
      }
      if (legal > 0) afterJump();
      return;
    }
    // The start's error stays beside the Start box; a board to play anyway,
    // and the message says that it replaced the link's start.
    const why = $('start-error').hidden ? $('error').textContent : $('start-error').textContent;
    await shuffle({keepErrors: true});
    if (why && S.cells.length) {
      fieldError('start', `The link's start '${start}' cannot be used: ${why}. ` +
                          'A random position is shown instead.');
    }
    return;
  }
  // Errors of the link's board, goal or metric are beside their own fields.
  await shuffle();
}

main();
