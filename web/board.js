// slidedb's web page: drawing the board and its status, and placing tiles
// by hand. Loaded before app.js; it reads and draws app.js's state S.
'use strict';

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
    const refocus = $('board').contains(document.activeElement);
    cancelEdit();
    // A keyboard user goes on from the tile just placed (render keeps the
    // focus on it when the new start is drawn), not from the page's top.
    const placed = refocus ? tileElement(e.placed[cell]) : null;
    if (placed) placed.focus();
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

function placeAt(el, i) {
  el.style.setProperty('--r', Math.floor(i / S.cols));
  el.style.setProperty('--c', i % S.cols);
}

function renderEditing(board, n) {
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
}

// The tiles stand in the document in the board's reading order, so that
// Tab visits them as they stand now. A tile moved in the document keeps the
// place it was drawn at until the next frame's layout, so it still slides.
function orderTiles(board, els) {
  let moved = false;
  els.forEach((el, i) => {
    if (board.children[i] !== el) {
      board.insertBefore(el, board.children[i] || null);
      moved = true;
    }
  });
  if (moved) void board.offsetWidth;  // lay out at the old places first
}

function renderTile(el, label, i, goal, byTile) {
  placeAt(el, i);
  el.title = '';
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
  if (slideOf(S.cells, i)) {
    cls.push('movable');
    const m = byTile.get(label);
    if (m && S.info.distance != null) {
      const good = m.distance === S.info.distance - 1;
      cls.push(good ? 'good' : 'bad');
      note += good ? ', optimal move'
                   : `, not optimal (${m.distance} ${movesWord(m.distance)} after it)`;
      el.title = good ? 'optimal: one move closer to the goal'
                      : `not optimal: ${m.distance} ${movesWord(m.distance)} to the goal after it`;
    }
  }
  el.className = cls.join(' ');
  el.setAttribute('aria-description', note);
}

function render() {
  const board = $('board');
  const n = S.rows * S.cols;
  board.classList.toggle('editing', !!S.edit);
  if (S.edit) {
    renderEditing(board, n);
  } else {
    // Cells left from placing tiles have no label: start afresh.
    if (board.querySelector('.tile:not([data-label])') || board.children.length !== n) {
      board.textContent = '';
    }
    const goal = S.goal ? parseState(S.goal) : [];
    const byTile = new Map();
    if (S.info && S.info.moves) {
      // In MTM a move is marked on the tile it is made with (the farthest).
      for (const m of S.info.moves) byTile.set(tileOfMove(m), m);
    }
    const els = S.cells.map((label, i) => {
      let el = tileElement(label);
      if (!el) {
        el = document.createElement('button');
        el.type = 'button';
        el.dataset.label = label;
        placeAt(el, i);  // a new tile appears where it stands
        el.addEventListener('click', () => {
          const at = S.cells.indexOf(el.dataset.label);
          if (at >= 0 && !isBlank(el.dataset.label)) moveTile(at);
        });
      }
      return el;
    });
    // A tile moved in the document loses the keyboard's focus: it gets it
    // back, so that Enter on a tile moves it again, whichever way it went.
    const focused = board.contains(document.activeElement) ? document.activeElement : null;
    orderTiles(board, els);
    // Tiles whose label left the board (a start in other labels) go.
    for (const el of [...board.children]) if (!els.includes(el)) el.remove();
    els.forEach((el, i) => renderTile(el, S.cells[i], i, goal, byTile));
    if (focused && focused.isConnected && document.activeElement !== focused) {
      focused.focus({preventScroll: true});
    }
  }
  renderStatus();
  $('move-count').textContent = S.history.length;
  $('undo').disabled = S.history.length === 0 || !!S.edit;
  $('reset').disabled = !!S.edit;
  renderPlayer();
  renderClock();
  renderHistogramMark();
  writeUrl();
}

function renderUnsolvable(reason) {
  reason.hidden = false;
  reason.textContent = '';
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
}

// What the moves that reached the goal were: the user's, the solver's or
// both (and in MTM a move one began and the other went on with: pushMove),
// against the fewest possible from the start.
function solvedText() {
  const count = (by) => S.history.filter((h) => h.by === by).length;
  const yours = count('you'), solver = count('solver'), shared = count('both');
  const best = S.startDistance;
  const note = metricNote();
  if (solver === 0 && shared === 0) {
    return yours === best
        ? `Solved in ${best} ${movesWord(best)}${note}: as few as possible.`
        : `Solved in ${yours} ${movesWord(yours)}${note}; the fewest possible from the ` +
          `start is ${best}.`;
  }
  if (yours === 0 && shared === 0) {
    return `The solver played an optimal solution: ${solver} ${movesWord(solver)}${note}.`;
  }
  const parts = [[yours, 'by you'], [solver, 'by the solver'], [shared, 'by you both']]
      .filter(([n]) => n > 0)
      .map(([n, who], i) => (i === 0 ? `${n} ${movesWord(n)} ${who}` : `${n} ${who}`));
  return `Solved with the solver's help: ${parts.join(', ')}; the fewest possible from the ` +
         `start is ${best}.`;
}

// The status line: `text` in the live region (#status), rewritten only
// when it changes, so that a screen reader hears each state once; a
// search's `progress` (its bound, the seconds waited) beside it, shown but
// not announced.
function setStatus(text, progress = '') {
  const st = $('status');
  if (st.textContent !== text) st.textContent = text;
  const more = progress ? ` ${progress}` : '';
  if ($('status-progress').textContent !== more) $('status-progress').textContent = more;
}

function renderStatus() {
  const st = $('status');
  const reason = $('reason');
  st.classList.remove('solved', 'unsolvable');
  if (S.edit) {
    setStatus('Placing tiles…');
    reason.hidden = true;
    return;
  }
  if (S.info && S.info.unsolvable) {
    setStatus('Cannot reach the goal');
    st.classList.add('unsolvable');
    renderUnsolvable(reason);
    return;
  }
  reason.hidden = true;
  // A search awaited long enough: its progress (progress.js).
  const search = shownSearch();
  if (search) {
    setStatus(searchText(search), searchProgress(search));
    return;
  }
  const d = S.info ? S.info.distance : null;
  if (d != null) S.waitSince = null;  // the next wait counts from its own start
  let text, progress = '';
  if (d == null) {
    [text, progress] = waitingText();
  } else if (d === 0) {
    if (S.history.length > 0) clockFinish();
    text = 'Solved';
    st.classList.add('solved');
    if (S.history.length > 0 && S.startDistance != null && !(S.player && S.player.playing)) {
      $('hint-text').textContent = solvedText();
    }
  } else {
    clockAway();
    text = `${d} ${movesWord(d)} to the goal${metricNote()}`;
  }
  // Until the next question: what Cancel did.
  if (S.cancelled) text = `Search cancelled. ${text}`;
  setStatus(text, progress);
}

// ---------------------------------------------------------------- waiting

// While the distance of the board shown is awaited, the status says so; on
// a board answered by a search (the 15-puzzle, in either metric) with the
// time it has taken so far, a tenth of a second at a time (the progress
// beside the status: [text, progress]). An answer that did not come says
// so (the error beside it has the server's message).
function waitingText() {
  const search = shownSearch();
  if (search) return [searchText(search), searchProgress(search)];
  if (S.info && S.info.failed) return [`No answer from the server${metricNote()}`, ''];
  if (S.kind !== 'pdb') return ['Asking the server…', ''];
  const seconds = S.waitSince === null ? 0 : (performance.now() - S.waitSince) / 1000;
  return [`Searching for the distance${metricNote()}…`, `${seconds.toFixed(1)} s`];
}

function tickWaiting() {
  const waiting = !S.edit && S.info && S.info.distance == null && !S.info.unsolvable &&
                  !S.info.failed;
  if (!waiting) {
    S.waitSince = null;
    return;
  }
  if (S.waitSince === null) S.waitSince = performance.now();
  setStatus(...waitingText());
}

function renderGoal() {
  $('goal-text').textContent = S.goal || '';
}
