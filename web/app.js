// slidedb's web page: plays the puzzle against the server's JSON API
// (docs/SERVE.md). Plain JavaScript, no libraries, nothing from the
// internet; api.js, player.js and histogram.js are loaded before it.
'use strict';

const NAMES = {U: 'up', D: 'down', L: 'left', R: 'right'};
const OPPOSITE = {U: 'D', D: 'U', L: 'R', R: 'L'};

const S = {
  tables: [],          // what /api/tables offers
  board: '3x3', rows: 3, cols: 3,
  goal: null,          // the goal as the server writes it
  customGoal: false,   // the user chose the goal (it goes in the URL)
  cells: [],           // the labels on the board, row by row
  initial: [],         // what Reset goes back to
  history: [],         // earlier boards, for Undo
  moveCount: 0,
  info: null,          // {distance, moves} or {unsolvable: true, reason}
  startDistance: null, // the fewest moves from the start (Reset's position)
  seq: 0,              // answers to older requests are dropped
  player: null,        // {path, k, playing, timer} while Solve plays
  edit: null,          // {labels, placed, next, last} while tiles are placed by hand
  histogram: null,
};

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- positions

function showError(message) {
  const e = $('error');
  e.textContent = message || '';
  e.hidden = !message;
}

// Sets a new start typed by the user, drawn, or from the URL: the server
// checks it and writes it in its own form.
async function setStart(text, {keepHistory = false} = {}) {
  const my = ++S.seq;
  let res;
  try {
    res = await api('solve', tableParams({start: text}));
  } catch (e) {
    if (my === S.seq) showError(e.message);
    return false;
  }
  if (my !== S.seq) return false;
  showError('');
  stopPlayer();
  S.cells = parseState(res.start);
  if (res.goal) S.goal = res.goal;
  renderGoal();
  if (!keepHistory) {
    S.initial = S.cells.slice();
    S.history = [];
    S.moveCount = 0;
  }
  S.info = res.solvable === false ? {unsolvable: true, reason: res.reason}
                                  : {distance: res.distance, moves: null};
  if (!keepHistory) S.startDistance = res.solvable === false ? null : res.distance;
  $('hint-text').textContent = '';
  render();
  if (res.solvable !== false) await refresh();
  return true;
}

// Asks the server for the distance and the moves of the board shown.
async function refresh() {
  const my = ++S.seq;
  const start = formatState(S.cells);
  try {
    const res = await api('moves', tableParams({start}));
    // A newer question, or a board that changed without one, wins.
    if (my !== S.seq || formatState(S.cells) !== start) return;
    // An unsolvable start is answered as /api/solve answers it.
    S.info = res.solvable === false ? {unsolvable: true, reason: res.reason}
                                    : {distance: res.distance, moves: res.moves || []};
    showError('');
  } catch (e) {
    if (my !== S.seq || formatState(S.cells) !== start) return;
    showError(e.message);
  }
  render();
}

function moveTile(t) {
  if (S.edit) return placeTile(t);
  const move = blankMove(S.cells, t);
  if (!move) {
    const el = tileElement(S.cells[t]);
    if (el) { el.classList.remove('shake'); void el.offsetWidth; el.classList.add('shake'); }
    return;
  }
  stopPlayer();
  const label = S.cells[t];
  const known = S.info && S.info.moves ? S.info.moves.find((m) => m.move === move) : null;
  S.history.push(S.cells.slice());
  const b = blankIndex(S.cells);
  S.cells[t] = S.cells[b];
  S.cells[b] = label;
  S.moveCount++;
  $('hint-text').textContent = '';
  if (S.info && S.info.unsolvable) {
    render();
    return;
  }
  S.info = known ? {distance: known.distance, moves: null} : {distance: null, moves: null};
  render();
  refresh();
}

function undo() {
  if (S.edit || S.history.length === 0) return;
  stopPlayer();
  S.cells = S.history.pop();
  S.moveCount = Math.max(0, S.moveCount - 1);
  afterJump();
}

function reset() {
  if (S.edit) cancelEdit();
  stopPlayer();
  S.cells = S.initial.slice();
  S.history = [];
  S.moveCount = 0;
  afterJump();
}

function afterJump() {
  $('hint-text').textContent = '';
  if (S.info && S.info.unsolvable) { render(); return; }
  S.info = {distance: null, moves: null};
  render();
  refresh();
}

function optimalMove() {
  if (!S.info || !S.info.moves || S.info.distance == null) return null;
  return S.info.moves.find((m) => m.distance === S.info.distance - 1) || null;
}

function hint() {
  if (S.edit) return;
  const text = $('hint-text');
  document.querySelectorAll('.tile.hinted').forEach((el) => el.classList.remove('hinted'));
  if (S.info && S.info.unsolvable) {
    text.textContent = 'No move reaches the goal from here: see why above.';
    return;
  }
  if (S.info && S.info.distance === 0) {
    text.textContent = 'Already solved.';
    return;
  }
  const m = optimalMove();
  if (!m) { text.textContent = 'Still asking the server…'; return; }
  const t = tileForMove(S.cells, m.move);
  const label = t >= 0 ? S.cells[t] : String(m.tile);
  text.textContent = `Hint: slide tile ${label} ${NAMES[OPPOSITE[m.move]]}` +
      ` (then ${m.distance} ${movesWord(m.distance)} to go).`;
  const el = tileElement(label);
  if (el) el.classList.add('hinted');
}

// ---------------------------------------------------------------- placing tiles

function startEdit() {
  stopPlayer();
  const goal = parseState(S.goal || formatState(S.cells));
  const labels = goal.filter((l) => !isBlank(l));
  S.edit = {labels, placed: new Array(S.rows * S.cols).fill(null), next: 0, last: -1};
  $('edit-cells').setAttribute('aria-pressed', 'true');
  $('edit-cells').textContent = 'Cancel placing';
  renderEditText();
  render();
}

function cancelEdit() {
  S.edit = null;
  $('edit-cells').setAttribute('aria-pressed', 'false');
  $('edit-cells').textContent = 'Place tiles by clicking';
  $('edit-text').hidden = true;
  render();
}

function renderEditText() {
  const e = S.edit;
  $('edit-text').hidden = false;
  $('edit-text').textContent = e
      ? `Click the cell for tile ${e.labels[e.next]} (${e.next + 1} of ${e.labels.length}); ` +
        'the last free cell becomes the blank.'
      : '';
}

function placeTile(cell) {
  const e = S.edit;
  if (e.placed[cell] !== null) return;
  e.placed[cell] = e.labels[e.next++];
  e.last = cell;
  if (e.next === e.labels.length) {
    const cells = e.placed.map((l) => (l === null ? '0' : l));
    cancelEdit();
    setStart(formatState(cells));
    return;
  }
  renderEditText();
  render();
}

// ---------------------------------------------------------------- drawing

function tileElement(label) {
  return document.querySelector(`#board [data-label="${CSS.escape(label)}"]`);
}

function buildBoard() {
  const board = $('board');
  board.textContent = '';
  board.style.setProperty('--rows', S.rows);
  board.style.setProperty('--cols', S.cols);
  board.classList.toggle('wide', S.cols * S.rows > 9);
}

function render() {
  const board = $('board');
  const n = S.rows * S.cols;
  board.classList.toggle('editing', !!S.edit);
  if (S.edit) {
    const refocus = board.contains(document.activeElement);
    board.textContent = '';
    for (let i = 0; i < n; i++) {
      const b = document.createElement('button');
      b.type = 'button';
      const l = S.edit.placed[i];
      b.className = 'tile' + (l === null ? ' empty' : '');
      b.textContent = l === null ? '' : l;
      b.setAttribute('aria-label', l === null ? `Empty cell ${i + 1}` : `Tile ${l}`);
      b.dataset.cell = i;
      placeAt(b, i);
      b.addEventListener('click', () => placeTile(i));
      board.appendChild(b);
    }
    // A keyboard user goes on from the next free cell.
    if (refocus) {
      const free = [...board.querySelectorAll('.empty')];
      (free.find((b) => Number(b.dataset.cell) > S.edit.last) || free[0])?.focus();
    }
  } else {
    // Cells left from placing tiles have no label: start afresh.
    if (board.querySelector('.tile:not([data-label])') || board.children.length !== n) {
      board.textContent = '';
    }
    const goal = S.goal ? parseState(S.goal) : [];
    const byTile = new Map();
    if (S.info && S.info.moves) {
      for (const m of S.info.moves) byTile.set(String(m.tile), m);
    }
    S.cells.forEach((label, i) => {
      let el = tileElement(label);
      if (!el) {
        el = document.createElement('button');
        el.type = 'button';
        el.dataset.label = label;
        el.addEventListener('click', () => {
          const at = S.cells.indexOf(el.dataset.label);
          if (at >= 0 && !isBlank(el.dataset.label)) moveTile(at);
        });
        board.appendChild(el);
      }
      placeAt(el, i);
      if (isBlank(label)) {
        el.className = 'tile blank';
        el.textContent = '';
        el.setAttribute('aria-label', 'Blank');
        el.tabIndex = -1;
        return;
      }
      el.textContent = label;
      el.setAttribute('aria-label', `Tile ${label}`);
      const cls = ['tile'];
      if (goal[i] === label) cls.push('home');
      let note = `row ${Math.floor(i / S.cols) + 1}, column ${i % S.cols + 1}`;
      if (blankMove(S.cells, i)) {
        cls.push('movable');
        const m = byTile.get(label);
        if (m && S.info.distance != null) {
          const good = m.distance === S.info.distance - 1;
          cls.push(good ? 'good' : 'bad');
          note += good ? ', optimal move' : `, not optimal (${m.distance} ${movesWord(m.distance)} after it)`;
          el.title = good ? 'optimal: one move closer to the goal'
                          : `not optimal: ${m.distance} ${movesWord(m.distance)} to the goal after it`;
        } else {
          el.title = '';
        }
      } else {
        el.title = '';
      }
      el.className = cls.join(' ');
      el.setAttribute('aria-description', note);
    });
  }
  renderStatus();
  $('move-count').textContent = S.moveCount;
  $('undo').disabled = S.history.length === 0 || !!S.edit;
  $('reset').disabled = !!S.edit;
  renderPlayer();
  renderHistogramMark();
  writeUrl();
}

function placeAt(el, i) {
  el.style.setProperty('--r', Math.floor(i / S.cols));
  el.style.setProperty('--c', i % S.cols);
}

function renderStatus() {
  const st = $('status');
  const reason = $('reason');
  st.classList.remove('solved', 'unsolvable');
  if (S.edit) {
    st.textContent = 'Placing tiles…';
    reason.hidden = true;
    return;
  }
  if (S.info && S.info.unsolvable) {
    st.textContent = 'Cannot reach the goal';
    st.classList.add('unsolvable');
    reason.hidden = false;
    reason.innerHTML = '';
    const h = document.createElement('strong');
    h.textContent = 'This position can never reach the goal. ';
    reason.appendChild(h);
    reason.appendChild(document.createTextNode(
        'Why: ' + (S.info.reason || 'the parity of the position differs from the goal\'s') + '.'));
    const more = document.createElement('p');
    more.textContent = 'No sequence of slides ever changes this, so exactly half of all ' +
        'arrangements of the tiles can reach a given goal. Swap two tiles (type a new start) ' +
        'or Shuffle to play.';
    reason.appendChild(more);
    return;
  }
  reason.hidden = true;
  const d = S.info ? S.info.distance : null;
  if (d == null) {
    st.textContent = 'Asking the server…';
  } else if (d === 0) {
    st.textContent = 'Solved';
    st.classList.add('solved');
    if (S.moveCount > 0 && S.startDistance != null && !S.player) {
      const best = S.startDistance;
      $('hint-text').textContent = S.moveCount === best
          ? `Solved in ${best} ${movesWord(best)}: as few as possible.`
          : `Solved in ${S.moveCount} moves; the fewest possible from the start is ${best}.`;
    }
  } else {
    st.textContent = `${d} ${movesWord(d)} to the goal`;
  }
}

function renderGoal() {
  $('goal-text').textContent = S.goal || '';
}

// ---------------------------------------------------------------- shuffle

function fillShuffleDistances(max) {
  const sel = $('shuffle-distance');
  const old = sel.value;
  sel.textContent = '';
  const any = document.createElement('option');
  any.value = '';
  any.textContent = 'any';
  sel.appendChild(any);
  for (let d = 1; d <= max; d++) {
    const o = document.createElement('option');
    o.value = String(d);
    o.textContent = `${d} ${movesWord(d)}`;
    sel.appendChild(o);
  }
  const want = old !== '' && Number(old) <= max ? old : String(Math.min(10, max));
  sel.value = want;
}

async function shuffle() {
  if (S.edit) cancelEdit();
  const d = $('shuffle-distance').value;
  const seed = Math.floor(Math.random() * 2147483647);
  const my = ++S.seq;
  $('status').textContent = 'Drawing a position…';
  let state;
  try {
    state = S.histogram && S.histogram.total > kServerSampleMax
        ? await walkTo(d === '' ? null : Number(d), seed)
        : firstSample(await api('sample', tableParams({n: 1, distance: d, seed})));
  } catch (e) {
    if (my === S.seq) { showError(e.message); renderStatus(); }
    return;
  }
  if (my !== S.seq) return;
  if (!state) { showError('the server sent no position'); renderStatus(); return; }
  $('hint-text').textContent = '';
  await setStart(state);
}

// On a table of more states than this, /api/sample with a distance scans the
// whole table (14-25 s on 2x6), so the page draws any position
// (fast) and walks from it with /api/moves, one exact step at a time.
const kServerSampleMax = 1000000;

async function walkTo(target, seed) {
  let state = firstSample(await api('sample', tableParams({n: 1, seed})));
  if (target === null || !state) return state;
  let at = await api('moves', tableParams({start: state}));
  for (let steps = 0; at.distance !== target && steps < 200; steps++) {
    const want = at.distance > target ? at.distance - 1 : at.distance + 1;
    const options = (at.moves || []).filter((m) => m.distance === want);
    if (options.length === 0) break;  // no way farther out from here
    state = options[Math.floor(Math.random() * options.length)].state;
    at = await api('moves', tableParams({start: state}));
  }
  if (at.distance === target) return state;
  return firstSample(await api('sample', tableParams({n: 1, distance: target, seed})));
}

// /api/sample answers with the CLI's JSON Lines objects: as a list, or
// under "states"/"samples".
function firstSample(res) {
  let list = res;
  if (!Array.isArray(list)) list = res && (res.states || res.samples || (res.state ? [res] : null));
  if (!list || list.length === 0) return null;
  const first = list[0];
  return typeof first === 'string' ? first : first.state;
}

// ---------------------------------------------------------------- boards and URL

function boardsOffered() {
  const seen = [];
  for (const t of S.tables) if (!seen.includes(t.board)) seen.push(t.board);
  return seen.sort((a, b) => {
    const [ar, ac] = a.split('x').map(Number), [br, bc] = b.split('x').map(Number);
    return ar * ac - br * bc || ar - br;
  });
}

function fillBoards() {
  const sel = $('board-select');
  sel.textContent = '';
  const boards = boardsOffered();
  if (!boards.includes(S.board)) boards.push(S.board);
  for (const b of boards) {
    const o = document.createElement('option');
    o.value = b;
    const t = S.tables.find((x) => x.board === b);
    o.textContent = t ? `${b} (${Number(t.states).toLocaleString('en')} positions)` : b;
    sel.appendChild(o);
  }
  sel.value = S.board;
  fillGoals();
}

function fillGoals() {
  const list = $('goal-list');
  list.textContent = '';
  for (const t of S.tables.filter((x) => x.board === S.board)) {
    const o = document.createElement('option');
    o.value = t.goal;
    list.appendChild(o);
  }
}

function setBoard(name) {
  const m = /^(\d+)x(\d+)$/.exec(name);
  if (!m) return false;
  S.board = name;
  S.rows = Number(m[1]);
  S.cols = Number(m[2]);
  buildBoard();
  return true;
}

function writeUrl() {
  if (S.edit || S.cells.length === 0) return;
  const q = new URLSearchParams();
  q.set('board', S.board);
  q.set('start', formatState(S.cells));
  if (S.customGoal && S.goal) q.set('goal', S.goal);
  const url = location.pathname + '?' + q.toString();
  if (url !== location.pathname + location.search) history.replaceState(null, '', url);
  $('permalink').href = url;
}

async function changeBoard(name) {
  if (S.edit) cancelEdit();
  stopPlayer();
  setBoard(name);
  S.goal = null;
  S.customGoal = false;
  S.cells = [];
  S.info = null;
  $('goal-input').value = '';
  $('start-input').value = '';
  renderGoal();
  fillGoals();
  showError('');
  await loadHistogram();
  await shuffle();
}

async function setGoal(text) {
  const old = {goal: S.goal, custom: S.customGoal};
  text = text.trim();
  S.customGoal = text !== '';
  S.goal = text || null;
  // Keep the board's tiles; the server writes the goal in its own form.
  let ok = S.cells.length > 0 && await setStart(formatState(S.cells));
  // A goal in other labels than the board's: start at the goal itself.
  if (!ok && text) ok = await setStart(text);
  if (!ok) {
    S.goal = old.goal;
    S.customGoal = old.custom;
    return;
  }
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
  $('shuffle').addEventListener('click', shuffle);
  $('step-back').addEventListener('click', stepBack);
  $('step-forward').addEventListener('click', () => stepForward(false));
  $('play-pause').addEventListener('click', togglePlay);
  $('stop-solution').addEventListener('click', stopPlayer);
  $('speed').addEventListener('input', () => {
    $('speed-out').textContent = `${speed()} ${speed() === 1 ? 'move' : 'moves'}/s`;
    schedule();
  });
  $('board-select').addEventListener('change', (e) => changeBoard(e.target.value));
  $('start-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const v = $('start-input').value.trim();
    if (v) setStart(v);
  });
  $('goal-form').addEventListener('submit', (e) => {
    e.preventDefault();
    setGoal($('goal-input').value);
  });
  $('edit-cells').addEventListener('click', () => (S.edit ? cancelEdit() : startEdit()));
  document.addEventListener('keydown', onKey);
  setupSwipe();
}

async function main() {
  wire();
  const q = new URLSearchParams(location.search);
  try {
    const t = await api('tables');
    // Goals answered by a search (kind "pdb", the 15-puzzle) are not offered
    // yet: the page draws, samples and shuffles from full tables.
    S.tables = (Array.isArray(t) ? t : (t.tables || []))
      .filter((x) => x.kind !== 'pdb');
  } catch (e) {
    showError('Cannot list the tables: ' + e.message);
  }
  const offered = boardsOffered();
  let board = q.get('board') || (offered.includes('3x3') ? '3x3' : offered[0] || '3x3');
  if (!setBoard(board)) setBoard('3x3');
  fillBoards();
  if (q.get('goal')) {
    S.goal = q.get('goal');
    S.customGoal = true;
    $('goal-input').value = S.goal;
  }
  await loadHistogram();
  if (q.get('start')) {
    $('start-input').value = q.get('start');
    if (await setStart(q.get('start'))) return;
  }
  await shuffle();
}

main();
