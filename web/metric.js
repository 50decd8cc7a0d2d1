// slidedb's web page: the metric moves are counted in. STM, the single-tile
// metric: one tile slid is one move. MTM, the multi-tile metric: sliding one
// or more tiles of the blank's row or column at once is one move, written
// with its count ("U2": the blank goes up two cells). Every question the
// page asks carries metric= (tableParams). Loaded before app.js.
'use strict';

const METRIC_NAMES = {stm: 'single-tile', mtm: 'multi-tile'};

function isMtm() { return S.metric === 'mtm'; }

// " (multi-tile)" after a count of moves in MTM; nothing in STM, whose
// counts read as they always did.
function metricNote() { return isMtm() ? ' (multi-tile)' : ''; }

// A move as answers write it in the blank's notation: its letter, and its
// count when over one.
function runName(letter, count) { return count > 1 ? letter + count : letter; }

// A move's letter and count: "U2" -> {letter: 'U', count: 2}; null when it
// is not one. A lower-case letter is read as the CLI reads it ("u2").
function parseRun(token) {
  const m = /^([UDLR])(\d*)$/i.exec(token);
  if (!m) return null;
  const letter = m[1].toUpperCase();
  const count = m[2] === '' ? 1 : Number(m[2]);
  return count >= 1 ? {letter, count, name: runName(letter, count)} : null;
}

// Adds a move made to S.history. In MTM the blank going on the same way
// continues the last move, as the metric counts it (lib/puzzle/metric.cc,
// MoveEnd: a run of steps one way is one move, "U U" as "U2"), whoever
// made each part: the last move's count grows, its `parts` say who made
// how many of its steps (a move the user and the solver each made part of
// is 'both's), and Undo takes back the whole run. Entries are replaced,
// not changed: the player keeps a copy of the last one (player.js).
function pushMove(h) {
  const last = S.history[S.history.length - 1];
  const run = parseRun(h.move), prev = last && parseRun(last.move);
  if (isMtm() && run && prev && prev.letter === run.letter) {
    const parts = (last.parts || [{by: last.by, count: prev.count}])
        .concat(h.parts || [{by: h.by, count: run.count}]);
    S.history[S.history.length - 1] = Object.assign({}, last, {
      move: runName(run.letter, prev.count + run.count),
      by: parts.every((p) => p.by === parts[0].by) ? parts[0].by : 'both', parts});
    return;
  }
  S.history.push(h);
}

// A moves text split into its moves: "ULDR" (STM as answers write it),
// "U L D R2 U2" (MTM) and "U2L" (a link's) alike. Anything else stays a
// token of its own, which parseRun refuses.
function moveTokens(text) {
  return String(text || '').match(/[^\s\d]\d*|\d+/g) || [];
}

// Slides the blank `count` cells toward `letter` in `cells` (changed in
// place); false when it would leave the board.
function applyRun(cells, letter, count) {
  for (let i = 0; i < count; i++) {
    const t = tileForMove(cells, letter);
    if (t < 0) return false;
    const b = blankIndex(cells);
    [cells[t], cells[b]] = [cells[b], cells[t]];
  }
  return true;
}

// The move that slides the tile on cell t toward the blank: in STM only a
// tile next to the blank, in MTM any tile of the blank's row or column (it
// and every tile between it and the blank slide). Null when there is none.
function slideOf(cells, t) {
  const b = blankIndex(cells), C = S.cols;
  const br = Math.floor(b / C), bc = b % C, tr = Math.floor(t / C), tc = t % C;
  let letter = null, count = 0;
  if (tc === bc && tr !== br) {
    letter = tr < br ? 'U' : 'D';
    count = Math.abs(tr - br);
  } else if (tr === br && tc !== bc) {
    letter = tc < bc ? 'L' : 'R';
    count = Math.abs(tc - bc);
  }
  if (!letter || (count > 1 && !isMtm())) return null;
  return {letter, count, name: runName(letter, count)};
}

// The tile a listed move is made with on the board: the farthest of the
// tiles it slides (/api/moves lists them from the blank out in MTM).
function tileOfMove(m) {
  return String(m.tiles && m.tiles.length ? m.tiles[m.tiles.length - 1] : m.tile);
}

// Who made each single step of the move `h` ('you' or 'solver'): a move
// both made part of says so in its `parts`.
function stepMakers(h) {
  const run = parseRun(h.move);
  return (h.parts || [{by: h.by, count: run ? run.count : 1}])
      .flatMap((p) => Array(p.count).fill(p.by));
}

// The moves made, as one move each in the metric: in STM a run made in MTM
// becomes its single steps; in MTM steps one way in a row become one move.
function historyInMetric() {
  const made = S.history;
  S.history = [];
  if (isMtm()) {
    for (const h of made) pushMove(Object.assign({}, h));
    return;
  }
  const out = [];
  for (const h of made) {
    const run = parseRun(h.move);
    if (!run || run.count === 1) { out.push({cells: h.cells, move: h.move, by: h.by}); continue; }
    const cells = h.cells.slice();
    const by = stepMakers(h);
    for (let i = 0; i < run.count; i++) {
      out.push({cells: cells.slice(), move: run.letter, by: by[i]});
      applyRun(cells, run.letter, 1);
    }
  }
  S.history = out;
}

// The metric menu: the server is asked for the board shown in the new
// metric; while it answers (a search on the 15-puzzle: seconds) the status
// says that it searches, in the metric the menu shows. When the server has
// no table for it (a 404 naming the build command) or no answer in time (a
// 503), its message is shown beside the menu, and the menu and the status
// go back to the old metric.
async function changeMetric(metric) {
  const old = S.metric;
  fieldError('metric', '');
  if (metric === old) return;
  if (S.edit) cancelEdit();
  stopPlayer();
  const before = {info: S.info, history: S.history.slice()};
  const my = ++S.seq;  // answers in the old metric still on their way are dropped
  S.metric = metric;
  historyInMetric();
  S.info = {distance: null, moves: null};
  clearHint();
  render();
  const res = await checkMetric(metric, old);
  if (my !== S.seq) return;
  if (!res) {
    S.metric = old;
    S.info = before.info;
    S.history = before.history;
    $('metric-select').value = old;
    render();
    return;
  }
  dropAnalysis();  // an analysis awaited counts the old metric's moves
  showError('');  // the server answers: an older failure's message is stale
  await loadHistogram();
  if (my !== S.seq) return;  // moved on meanwhile: `res` is of the old board
  if (S.cells.length === 0) {
    // No board yet (its start had no answer in the old metric): one is
    // drawn in the new one.
    await shuffle();
    return;
  }
  setInfo(res);
  S.startDistance = null;
  if (S.history.length === 0) {
    S.startDistance = res.solvable === false ? null : res.distance;
  } else {
    try {
      const start = await api('moves', tableParams({start: formatState(S.initial)}));
      S.startDistance = start.solvable === false ? null : start.distance;
    } catch (e) {
      showError(failureText(e));
    }
  }
  if (my === S.seq) render();
}

// The server's answer for the board shown in `metric`; when there is none,
// null and its message beside the metric menu (counting `old` moves again).
async function checkMetric(metric, old) {
  const cells = S.cells.length ? S.cells : goalCells();
  try {
    return await api('moves', tableParams({start: formatState(cells), metric}));
  } catch (e) {
    if (e.network) {
      showError(e.message);
    } else {
      fieldError('metric', `${failureText(e)} (counting ${METRIC_NAMES[old] || old} ` +
                           'moves instead)');
    }
    return null;
  }
}

// The metrics /api/tables lists tables of `board` in; none for a board
// answered by a search (its search counts either metric).
function tableMetrics(board) {
  const tables = S.tables.filter((t) => t.board === board && t.kind !== 'pdb');
  return [...new Set(tables.map((t) => t.metric || 'stm'))];
}

// A new board, or a link's: in STM, a board whose tables are all
// multi-tile (a database built with --metric mtm alone) is played in MTM,
// said beside the menu when `say`; in MTM, when the server has no
// multi-tile answer for it, the page goes back to STM and says why.
async function keepMetricFor({say = true} = {}) {
  const listed = tableMetrics(S.board);
  if (!isMtm() && listed.length > 0 && !listed.includes('stm')) {
    S.metric = 'mtm';
    if (say) {
      fieldError('metric', `${S.board} has no single-tile table in this database: ` +
                           'counting multi-tile moves');
    }
  } else if (isMtm()) {
    S.metric = 'stm';
    if (await checkMetric('mtm', 'stm')) S.metric = 'mtm';
  }
  $('metric-select').value = S.metric;
}
