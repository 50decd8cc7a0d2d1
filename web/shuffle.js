// slidedb's web page: Shuffle. On a board with a full table, a random
// position at a chosen distance (/api/sample); on one answered by a search
// (the 15-puzzle), a uniformly random solvable position or a scramble of N
// random moves, whose exact distance the server then finds. Loaded before
// app.js.
'use strict';

// Scrambles offered on boards answered by a search.
const kScrambles = [5, 10, 20, 30, 40, 60, 80, 100];

// The value last chosen in the Distance menu (app.js), or null before any:
// a board whose farthest position is nearer shows its farthest instead,
// and the next board the choice again, not the value it was cut to.
let shuffleChosen = null;

// The Distance menu: "any" and 1..max on a table's board (max from its
// histogram); "uniformly random" and the scrambles on a searched one.
function fillShuffleDistances(max) {
  const sel = $('shuffle-distance');
  const chosen = shuffleChosen;
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
    sel.value = [...sel.options].some((o) => o.value === chosen) ? chosen : '';
    return;
  }
  add('', 'any');
  for (let d = 1; d <= max; d++) add(String(d), `${d} ${movesWord(d)}`);
  // The distance chosen ("any" too), else 10; at most the board's farthest.
  let value = String(Math.min(10, max));
  if (/^\d+$/.test(chosen || '')) value = String(Math.min(Number(chosen), max));
  else if (chosen === '') value = '';
  sel.value = value;
}

async function shuffle({keepErrors = false} = {}) {
  if (S.edit) cancelEdit();
  const choice = $('shuffle-distance').value;
  abandonSearches(['solve']);  // a solution of the board replaced would be dropped
  const my = ++S.seq;
  setStatus('Drawing a position…');
  let state = null;
  try {
    if (S.kind === 'pdb') {
      state = choice.startsWith('moves:') ? scramble(Number(choice.slice('moves:'.length)))
                                          : randomPosition();
    } else {
      const seed = Math.floor(Math.random() * 2147483647);
      state = S.histogram && S.histogram.total > kServerSampleMax
          ? await walkTo(choice === '' ? null : Number(choice), seed)
          : firstSample(await api('sample', tableParams({n: 1, distance: choice, seed})));
    }
  } catch (e) {
    if (my === S.seq) { showError(failureText(e)); renderStatus(); }
    return;
  }
  if (my !== S.seq) return;
  if (!state) { showError('the server sent no position'); renderStatus(); return; }
  await setStart(state, {keepErrors, drawn: true});
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

// A uniformly random integer in [0, n): draws past the last whole multiple
// of n are drawn again, so that no value is likelier than another.
function randomIndex(n) {
  const limit = 0x100000000 - (0x100000000 % n);
  const r = new Uint32Array(1);
  do {
    crypto.getRandomValues(r);
  } while (r[0] >= limit);
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

// Whether `cells` can reach `goal` on a board `cols` wide, by the rule the
// server explains an unsolvable start with: number each tile by its cell in
// the goal and count the inversions (pairs of tiles in the wrong order,
// read row by row, the blank left out). On a board of odd width a move never
// changes whether that count is odd or even; on an even width a vertical
// move changes it and the blank's row together. So the start reaches the
// goal when the count is even (odd width), or when the count plus the
// blank's rows away from the goal's is even (even width).
function solvable(cells, goal, cols) {
  const at = new Map(goal.map((label, i) => [label, i]));
  const order = cells.filter((l) => !isBlank(l)).map((l) => at.get(l));
  let inversions = 0;
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length; j++) {
      if (order[i] > order[j]) inversions++;
    }
  }
  const rows = Math.abs(Math.floor(blankIndex(cells) / cols) -
                        Math.floor(blankIndex(goal) / cols));
  return (inversions + (cols % 2 === 0 ? rows : 0)) % 2 === 0;
}

// Every arrangement equally likely (a Fisher-Yates shuffle of the goal's
// tiles), then, when it cannot reach the goal (half of them), two tiles
// swapped: that flips the parity, and pairs each unsolvable arrangement
// with exactly one solvable one, so every solvable position stays equally likely.
function randomPosition() {
  const goal = goalCells();
  const cells = goal.slice();
  for (let i = cells.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  if (!solvable(cells, goal, S.cols)) {
    const [a, b] = cells.map((l, i) => i).filter((i) => !isBlank(cells[i]));
    [cells[a], cells[b]] = [cells[b], cells[a]];
  }
  return formatState(cells);
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
