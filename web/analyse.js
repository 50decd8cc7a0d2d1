// slidedb's web page: the "Analyse a solve" panel. A solve's moves, pasted
// or the moves made on the board since its start, go to /api/analyse in the
// page's metric and the notation chosen; the answer is shown as a table of
// the moves (the distance before and after each, optimal or not, the moves
// lost so far), the stretches that went the wrong way highlighted, and a
// summary. The server's errors (an illegal move, named by its place; a
// malformed start) are shown in the panel. Loaded before app.js.
'use strict';

let analyseSeq = 0;  // answers to older analyses are dropped
const kAnalyseSeconds = 20;  // the search's budget on a searched board

// The panel's message, and the box it is about marked invalid: `box` is
// 'analyse-start' or 'analyse-moves' (none for a message about neither).
function analyseError(message, box = 'analyse-moves') {
  const out = $('analyse-error');
  out.textContent = message || '';
  out.hidden = !message;
  for (const id of ['analyse-start', 'analyse-moves']) {
    if (message && id === box) $(id).setAttribute('aria-invalid', 'true');
    else $(id).removeAttribute('aria-invalid');
  }
}

// The box a failed analysis is about: the server names the moves'
// errors "moves: …" and quotes a malformed start ("'garbage': 7 cells
// given; …"); anything else (a busy server, a cancel) is about neither.
function analyseErrorBox(e, start) {
  if (/^moves\b/.test(e.message)) return 'analyse-moves';
  return e.message.startsWith(`'${start}'`) ? 'analyse-start' : null;
}

// The board or the metric changed: an analysis still awaited is dropped
// (its search stopped), as its answer would be about the old one.
function dropAnalysis() {
  ++analyseSeq;
  $('analyse-run').disabled = false;
  abandonSearches(['analyse']);
}

// The moves made on the board since the start, as the analysis reads them:
// the blank's letters, in MTM a run with its count ("U2").
function playedMoves() { return S.history.map((h) => h.move).join(' '); }

function useMyMoves() {
  if (S.edit) return;
  $('analyse-start').value = formatState(S.initial);
  $('analyse-moves').value = playedMoves();
  $('analyse-notation').value = 'blank';
  analyse();
}

async function analyse() {
  const start = unquote($('analyse-start').value) || formatState(S.initial);
  const moves = $('analyse-moves').value.trim();
  const my = ++analyseSeq;
  if (!moves) {
    $('analyse-out').hidden = true;
    analyseError('No moves to analyse: type or paste a solve\'s moves, or make moves on ' +
                 'the board and press Use my moves.');
    return;
  }
  analyseError('');
  $('analyse-run').disabled = true;
  let res;
  try {
    // A searched board's analysis has a budget, answered within the
    // server's time for a request (it cuts the budget to fit).
    const budget = S.kind === 'pdb' ? {max_seconds: kAnalyseSeconds} : {};
    res = await searched('analyse', tableParams(Object.assign(
        {start, moves, notation: $('analyse-notation').value}, budget)), 'to analyse the solve',
        'analyse');
  } catch (e) {
    if (my !== analyseSeq) return;
    $('analyse-run').disabled = false;
    $('analyse-out').hidden = true;
    analyseError(e.message, analyseErrorBox(e, start));
    return;
  }
  if (my !== analyseSeq) return;
  $('analyse-run').disabled = false;
  renderAnalysis(res);
}

function countText(n) { return `${n} ${movesWord(n)}`; }

// "move 4" or "moves 4-6".
function numbersText(first, last) {
  return first === last ? `move ${first}` : `moves ${first}–${last}`;
}

// What the solve did, in a sentence or three.
function analysisSummary(a) {
  const metric = a.metric === 'mtm' ? ' (multi-tile)' : '';
  const parts = [];
  // A budget that ran out before any move was analysed may have left the
  // start's distance unknown too.
  const startKnown = a.complete || a.analysed > 0;
  parts.push(startKnown && a.optimal_length >= 0
      ? `Optimal: ${countText(a.optimal_length)}${metric}; this solve: ` +
        `${countText(a.length)}.`
      : `This solve: ${countText(a.length)}${metric}.`);
  if (!a.complete) {
    const budget = `The search's budget (${a.budget_seconds} s) ran out`;
    if (a.analysed === 0) {
      parts.push(`${budget} before the start's distance was found: no move has distances.`);
    } else {
      parts.push(`${budget} after ${countText(a.analysed)} of ${a.length}: the moves after ` +
                 `have no distances. ${countText(a.lost)} lost so far.`);
    }
    return parts.join(' ');
  }
  if (a.reaches_goal) {
    parts.push(a.lost === 0 ? 'It reaches the goal with no move lost.'
                            : `It reaches the goal; ${countText(a.lost)} lost.`);
  } else {
    const last = a.moves.length ? a.moves[a.moves.length - 1].after : a.optimal_length;
    parts.push(`It does not reach the goal: it ends ${countText(last)} from it ` +
               `(${countText(a.lost)} lost so far).`);
  }
  return parts.join(' ');
}

function cell(row, text, cls) {
  const td = document.createElement('td');
  td.textContent = text;
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}

function renderAnalysis(a) {
  const out = $('analyse-out');
  const body = $('analyse-table').querySelector('tbody');
  body.textContent = '';
  out.hidden = false;
  if (a.solvable === false) {
    $('analyse-summary').textContent =
        `This start can never reach the goal ${a.goal}: ${a.reason}.`;
    $('analyse-stretches').textContent = '';
    $('analyse-table').hidden = true;
    return;
  }
  $('analyse-table').hidden = a.moves.length === 0;
  $('analyse-summary').textContent = analysisSummary(a);
  const stretches = a.stretches || [];
  $('analyse-stretches').textContent = stretches.length
      ? 'Wrong way: ' + stretches.map((w) => `${numbersText(w.first, w.last)} ` +
                                             `(${countText(w.lost)} lost)`).join(', ') + '.'
      : (a.complete && a.moves.length ? 'Every move was optimal.' : '');
  const wrong = (n) => stretches.some((w) => w.first <= n && n <= w.last);
  for (const m of a.moves) {
    const row = document.createElement('tr');
    row.dataset.number = m.number;
    const known = m.before >= 0;
    if (known && wrong(m.number)) row.className = 'wrong';
    cell(row, String(m.number), 'num');
    cell(row, m.move, 'move');
    cell(row, (m.tiles || []).join(' '));
    cell(row, known ? String(m.before) : '—', 'num');
    cell(row, known ? String(m.after) : '—', 'num');
    const ok = cell(row, known ? (m.optimal ? '✓' : '✗') : '—', 'mark');
    if (known) {
      ok.classList.add(m.optimal ? 'good' : 'bad');
      ok.setAttribute('aria-label', m.optimal ? 'optimal' : 'not optimal');
    }
    cell(row, known ? String(m.lost) : '—', 'num lost');
    body.appendChild(row);
  }
}

function wireAnalyse() {
  $('analyse-form').addEventListener('submit', (e) => {
    e.preventDefault();
    analyse();
  });
  $('analyse-mine').addEventListener('click', useMyMoves);
}
