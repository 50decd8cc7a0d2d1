// slidedb's web page: the page's address and what can be copied from it.
// The address holds the board, the start as it was set, the goal when one
// was chosen, and the moves made since (the blank's letters, as the CLI
// writes a solution): a reload or a shared link comes back to the same
// position, with its move count and Undo. Loaded before app.js.
'use strict';

// A value as a link writes it: encoded, but for the commas and slashes a
// query may hold as they are (a 4x4 start stays readable and copyable).
function queryValue(v) {
  return encodeURIComponent(v).replace(/%2C/gi, ',').replace(/%2F/gi, '/');
}

function linkQuery() {
  const parts = [['board', S.board], ['start', formatState(S.initial)]];
  if (S.customGoal && S.goal) parts.push(['goal', S.goal]);
  const moves = S.history.map((h) => h.move).join('');
  if (moves) parts.push(['moves', moves]);
  return parts.map(([k, v]) => `${k}=${queryValue(v)}`).join('&');
}

function writeUrl() {
  if (S.edit || S.cells.length === 0) return;
  const url = location.pathname + '?' + linkQuery();
  if (url !== location.pathname + location.search) history.replaceState(null, '', url);
  $('permalink').href = url;
}

// Plays a link's moves from the start; returns how many were legal (all of
// them, or the index of the first that is not).
function replayMoves(letters) {
  let k = 0;
  for (const m of letters) {
    const t = tileForMove(S.cells, m);
    if (!'UDLR'.includes(m) || t < 0) return k;
    S.history.push({cells: S.cells.slice(), move: m, by: 'you'});
    const b = blankIndex(S.cells);
    [S.cells[t], S.cells[b]] = [S.cells[b], S.cells[t]];
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
