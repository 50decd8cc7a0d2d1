// slidedb's web page: plays the puzzle against the server's JSON API
// (docs/API.md). Plain JavaScript, no libraries, nothing from the internet.
'use strict';

const BLANKS = new Set(['0', '_', '.', '-']);
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

// ---------------------------------------------------------------- the API

class ApiError extends Error {}

async function api(path, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const qs = q.toString();
  const res = await fetch('api/' + path + (qs ? '?' + qs : ''));
  const body = parseBody(await res.text());
  if (!res.ok) {
    throw new ApiError((body && body.error) || `the server answered ${res.status}`);
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

function tableParams(extra) {
  const p = Object.assign({board: S.board}, extra || {});
  if (S.customGoal && S.goal) p.goal = S.goal;
  return p;
}

// ---------------------------------------------------------------- states

function isBlank(label) { return BLANKS.has(label); }

function parseState(text) {
  text = String(text).trim();
  if (text.includes(',')) return text.split(',').map((s) => s.trim());
  if (/\s/.test(text)) return text.split(/\s+/);
  return Array.from(text);
}

function formatState(cells) {
  const wide = cells.length > 9 || cells.some((c) => c.length > 1);
  return cells.join(wide ? ',' : '');
}

function blankIndex(cells) { return cells.findIndex(isBlank); }

// The direction the blank travels when the tile on cell t slides into it.
function blankMove(cells, t) {
  const b = blankIndex(cells);
  const C = S.cols;
  if (t === b - C) return 'U';
  if (t === b + C) return 'D';
  if (t === b - 1 && Math.floor(t / C) === Math.floor(b / C)) return 'L';
  if (t === b + 1 && Math.floor(t / C) === Math.floor(b / C)) return 'R';
  return null;
}

// The cell of the tile that slides when the blank travels `move`.
function tileForMove(cells, move) {
  const b = blankIndex(cells);
  const r = Math.floor(b / S.cols), c = b % S.cols;
  const to = {U: [r - 1, c], D: [r + 1, c], L: [r, c - 1], R: [r, c + 1]}[move];
  if (!to || to[0] < 0 || to[0] >= S.rows || to[1] < 0 || to[1] >= S.cols) return -1;
  return to[0] * S.cols + to[1];
}

function movesWord(n) { return n === 1 ? 'move' : 'moves'; }

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
    if (my !== S.seq) return;
    // An unsolvable start is answered as /api/solve answers it.
    S.info = res.solvable === false ? {unsolvable: true, reason: res.reason}
                                    : {distance: res.distance, moves: res.moves || []};
    showError('');
  } catch (e) {
    if (my !== S.seq) return;
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

// ---------------------------------------------------------------- Solve

async function solve() {
  if (S.edit) return;
  stopPlayer();
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
  S.player = {path: res.path.map(parseState), moves: res.moves || '', k: 0,
              playing: res.path.length > 1, timer: null};
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
  } else {
    p.playing = false;
  }
  renderPlayer();
}

// Shows step k of the solution; Undo and the move counter follow it.
function showStep(k) {
  const p = S.player;
  for (; p.k < k; p.k++) {
    S.history.push(p.path[p.k].slice());
    S.moveCount++;
  }
  for (; p.k > k; p.k--) {
    S.history.pop();
    S.moveCount = Math.max(0, S.moveCount - 1);
  }
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
  $('player-text').textContent = total === 0
      ? 'Already at the goal.'
      : `Optimal solution: step ${p.k} of ${total}` + (p.playing ? '' : ' (paused)');
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

// ---------------------------------------------------------------- the histogram

async function loadHistogram() {
  const my = S.board + '|' + (S.customGoal ? S.goal : '');
  S.histogram = null;
  $('histogram').textContent = '';
  try {
    const h = await api('histogram', tableParams());
    if (my !== S.board + '|' + (S.customGoal ? S.goal : '')) return;
    S.histogram = h;
    fillShuffleDistances(h.max_distance);
  } catch (e) {
    $('histogram-text').textContent = 'No histogram: ' + e.message;
    return;
  }
  drawHistogram();
}

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

function drawHistogram() {
  const h = S.histogram;
  const box = $('histogram');
  box.textContent = '';
  if (!h) return;
  const counts = h.counts;
  const W = 480, H = 236, L = 46, B = 36, T = 22, Rm = 8;
  const peak = Math.max(...counts);
  const bw = (W - L - Rm) / counts.length;
  const root = svg('svg', {viewBox: `0 0 ${W} ${H}`, role: 'img',
                           'aria-label': `Histogram: positions at each distance on ${h.board}`});
  svg('line', {x1: L, y1: H - B, x2: W - Rm, y2: H - B, class: 'axis'}, root);
  const nice = niceStep(peak);
  for (let y = 0; y <= peak; y += nice) {
    const py = H - B - (H - B - T) * y / peak;
    svg('line', {x1: L, y1: py, x2: W - Rm, y2: py, class: 'grid'}, root);
    const t = svg('text', {x: L - 4, y: py + 3, class: 'ylabel'}, root);
    t.textContent = compact(y);
  }
  const every = counts.length > 40 ? 10 : 5;
  counts.forEach((c, d) => {
    const bh = (H - B - T) * c / peak;
    const r = svg('rect', {x: L + d * bw + 0.5, y: H - B - bh, width: Math.max(1, bw - 1),
                           height: bh, class: 'bar', 'data-d': d}, root);
    svg('title', {}, r).textContent = `${d} ${movesWord(d)}: ${c.toLocaleString('en')} positions`;
    if (d % every === 0) {
      const t = svg('text', {x: L + (d + 0.5) * bw, y: H - B + 14, class: 'xlabel'}, root);
      t.textContent = d;
    }
  });
  const xl = svg('text', {x: L + (W - L - Rm) / 2, y: H - 4, class: 'xlabel'}, root);
  xl.textContent = 'moves to the goal';
  svg('g', {id: 'hist-mark'}, root);
  box.appendChild(root);
  renderHistogramMark();
}

function compact(n) {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${+(n / 1e3).toFixed(1)}k`;
  return n.toLocaleString('en');
}

function percent(part, total) {
  const p = 100 * part / total;
  if (p === 0 || p === 100) return `${p}%`;
  if (p < 0.1) return p.toPrecision(2) + '%';
  // Enough decimals that a share just short of all does not read 100%.
  const digits = p > 99.9 ? Math.min(8, Math.ceil(-Math.log10(100 - p)) + 1) : 1;
  return p.toFixed(digits) + '%';
}

function niceStep(peak) {
  const raw = peak / 4;
  const p = Math.pow(10, Math.floor(Math.log10(raw || 1)));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

function renderHistogramMark() {
  const h = S.histogram;
  const text = $('histogram-text');
  const mark = document.getElementById('hist-mark');
  if (!h || !mark) return;
  document.querySelectorAll('#histogram .bar.current').forEach((b) => b.classList.remove('current'));
  mark.textContent = '';
  const total = h.total.toLocaleString('en');
  const base = `${h.board}, goal ${h.goal}: ${total} positions can reach the goal; ` +
               `the farthest need ${h.max_distance} moves.`;
  const d = S.info && !S.info.unsolvable ? S.info.distance : null;
  if (d == null || d >= h.counts.length) { text.textContent = base; return; }
  const bar = document.querySelector(`#histogram .bar[data-d="${d}"]`);
  if (bar) {
    bar.classList.add('current');
    const x = Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')) / 2;
    const y = Number(bar.getAttribute('y'));
    svg('path', {d: `M${x - 5} ${y - 11} L${x + 5} ${y - 11} L${x} ${y - 3} Z`, class: 'marker'}, mark);
    const t = svg('text', {x: Math.min(Math.max(x, 40), 440), y: y - 13, class: 'marklabel'}, mark);
    t.textContent = 'you';
  }
  if (d === 0) { text.textContent = base + ' You are at the goal.'; return; }
  const closer = h.counts.slice(0, d).reduce((a, b) => a + b, 0);
  const farther = h.counts.slice(d + 1).reduce((a, b) => a + b, 0);
  text.textContent = base + ` Yours is one of ${h.counts[d].toLocaleString('en')} at ${d} ` +
      `${movesWord(d)}: ${percent(closer, h.total)} of all positions are closer to the goal, ` +
      `${percent(farther, h.total)} farther.`;
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
    S.tables = Array.isArray(t) ? t : (t.tables || []);
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
