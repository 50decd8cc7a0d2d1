// slidedb's web page: the table's histogram as an inline SVG chart, with
// the position's distance marked. Loaded before app.js.
'use strict';

// ---------------------------------------------------------------- the histogram

async function loadHistogram() {
  const key = () => `${S.board}|${S.metric}|${S.customGoal ? S.goal : ''}`;
  const my = key();
  S.histogram = null;
  $('histogram').textContent = '';
  if (S.kind === 'pdb') {
    // No table of every position: each distance is found by a search.
    $('histogram-text').textContent = `${S.board} has too many positions for a table ` +
        'of them all: each distance here is found by an optimal search (IDA* over ' +
        'pattern databases), so there is no count at each distance.';
    fillShuffleDistances(null);
    return;
  }
  try {
    const h = await api('histogram', tableParams());
    if (my !== key()) return;
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
  // Counts are whole: no tick between them on a small board (2x2).
  const nice = Math.max(1, niceStep(peak));
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
  // The goal as the Goal line shows it (a start in letters has one in
  // letters); the table's own is the same but for the labels.
  const base = `${h.board}, goal ${S.goal || h.goal}: ${total} positions can reach the goal; ` +
               `the farthest need ${h.max_distance} moves${metricNote()}.`;
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
