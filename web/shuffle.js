// slidedb's web page: Shuffle. On a board with a full table, a random
// position at a chosen distance (/api/sample); on one answered by a search
// (the 15-puzzle), a uniformly random solvable position or a scramble of N
// random moves, whose exact distance the server then finds. Loaded before
// app.js.
'use strict';

// Scrambles offered on boards answered by a search.
const kScrambles = [5, 10, 20, 30, 40, 60, 80, 100];

// The Distance menu: "any" and 1..max on a table's board (max from its
// histogram); "uniformly random" and the scrambles on a searched one.
function fillShuffleDistances(max) {
  const sel = $('shuffle-distance');
  const old = sel.value;
  sel.textContent = '';
  const add = (value, text) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    sel.appendChild(o);
  };
  if (S.kind === 'pdb') {
    add('', 'uniformly random');
    for (const n of kScrambles) add(`moves:${n}`, `${n} random moves`);
    sel.value = [...sel.options].some((o) => o.value === old) ? old : '';
    return;
  }
  add('', 'any');
  for (let d = 1; d <= max; d++) add(String(d), `${d} ${movesWord(d)}`);
  sel.value = old !== '' && /^\d+$/.test(old) && Number(old) <= max
      ? old : String(Math.min(10, max));
}

async function shuffle({keepErrors = false} = {}) {
  if (S.edit) cancelEdit();
  const choice = $('shuffle-distance').value;
  const my = ++S.seq;
  $('status').textContent = 'Drawing a position…';
  let state = null, answer = null;
  try {
    if (S.kind === 'pdb') {
      if (choice.startsWith('moves:')) {
        state = scramble(Number(choice.slice('moves:'.length)));
      } else {
        ({state, answer} = await randomPosition());
      }
    } else {
      const seed = Math.floor(Math.random() * 2147483647);
      state = S.histogram && S.histogram.total > kServerSampleMax
          ? await walkTo(choice === '' ? null : Number(choice), seed)
          : firstSample(await api('sample', tableParams({n: 1, distance: choice, seed})));
    }
  } catch (e) {
    if (my === S.seq) { showError(e.message); renderStatus(); }
    return;
  }
  if (my !== S.seq) return;
  if (!state) { showError('the server sent no position'); renderStatus(); return; }
  await setStart(state, {answer, keepErrors});
}

// The goal's cells: the goal shown, else the board's goal with the blank
// last as /api/tables lists it.
function goalCells() {
  if (S.goal) return parseState(S.goal);
  const n = S.rows * S.cols;
  const goals = S.tables.filter((t) => t.board === S.board);
  const last = goals.find((t) => t.goal_blank === n - 1) || goals[0];
  return last ? parseState(last.goal) : [];
}

function randomIndex(n) {
  const r = new Uint32Array(1);
  crypto.getRandomValues(r);
  return r[0] % n;
}

// N random moves of the blank from the goal, never undoing the last one.
function scramble(n) {
  const cells = goalCells();
  let prev = null;
  for (let k = 0; k < n; k++) {
    const moves = ['U', 'D', 'L', 'R'].filter(
        (m) => m !== OPPOSITE[prev] && tileForMove(cells, m) >= 0);
    const m = moves[randomIndex(moves.length)];
    const t = tileForMove(cells, m), b = blankIndex(cells);
    [cells[t], cells[b]] = [cells[b], cells[t]];
    prev = m;
  }
  return formatState(cells);
}

// Every arrangement equally likely, then, when it cannot reach the goal
// (half of them; the server says which), two tiles swapped: that flips
// the parity, so every solvable position stays equally likely. Returns the
// state and, when the server has answered it already, its answer.
async function randomPosition() {
  const cells = goalCells();
  for (let i = cells.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  const state = formatState(cells);
  const answer = await api('moves', tableParams({start: state}));
  if (answer.solvable !== false) return {state, answer};
  const tiles = cells.map((l, i) => i).filter((i) => !isBlank(cells[i]));
  [cells[tiles[0]], cells[tiles[1]]] = [cells[tiles[1]], cells[tiles[0]]];
  return {state: formatState(cells), answer: null};
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
