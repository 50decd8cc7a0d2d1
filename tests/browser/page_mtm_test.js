// The page's metric menu (STM or MTM) and its "Analyse a solve" panel, in
// a real Chromium against a slidedb-serve started here (harness.js says how
// to run it) on the test database, whose 3x3 and 2x3 have multi-tile tables
// and whose other boards have none.
//
// Expected answers come from the server's own API, never from this file.
'use strict';

const {test} = require('node:test');
const assert = require('node:assert/strict');
const {
  option, serve, apiGet, open, button, tile, movesText, expectStatus, openAt, setSpeed, shot,
} = require('./harness');

serve(option('db', process.env.SLIDEDB_TEST_DB));

const mtmText = (d) => (d === 0 ? 'Solved' : movesText(d) + ' (multi-tile)');
const OPPOSITE = {U: 'D', D: 'U', L: 'R', R: 'L'};
const text = (page, id) => page.locator('#' + id).textContent();
const params = (page) => new URL(page.url()).searchParams;

async function api(query) {
  const {status, body} = await apiGet(query);
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

// The analysis table as the page shows it: one object a row.
async function tableRows(page) {
  return page.locator('#analyse-table tbody tr').evaluateAll((rows) => rows.map((r) => ({
    number: Number(r.dataset.number),
    wrong: r.classList.contains('wrong'),
    cells: [...r.cells].map((c) => c.textContent),
  })));
}

// Checks the page's table against /api/analyse's answer.
function checkRows(rows, body) {
  assert.equal(rows.length, body.moves.length);
  const inStretch = (n) => body.stretches.some((w) => w.first <= n && n <= w.last);
  body.moves.forEach((m, i) => {
    const r = rows[i];
    assert.equal(r.number, m.number);
    assert.deepEqual(r.cells, [String(m.number), m.move, m.tiles.join(' '), String(m.before),
                               String(m.after), m.optimal ? '✓' : '✗', String(m.lost)]);
    assert.equal(r.wrong, inStretch(m.number), `row ${m.number}`);
  });
}

test('the metric menu counts multi-tile moves, as /api/solve?metric=mtm does', async () => {
  const start = '867254301';
  const {page} = await openAt(start);
  const solved = await api(`/api/solve?metric=mtm&start=${start}`);
  assert.equal(solved.metric, 'mtm');
  await page.getByRole('combobox', {name: 'Moves', exact: true}).selectOption('mtm');
  await expectStatus(page, mtmText(solved.distance));
  assert.equal(params(page).get('metric'), 'mtm');
  // The tiles of the blank's row and column are marked as /api/moves?metric=mtm
  // says, on the farthest tile of each move; a click on one of two tiles
  // away slides both, as one move.
  const moves = await api(`/api/moves?metric=mtm&start=${start}`);
  for (const m of moves.moves) {
    const cls = m.distance === moves.distance - 1 ? 'good' : 'bad';
    await page.waitForFunction(([n, c]) => document.querySelector(`[aria-label="Tile ${n}"]`)
        .classList.contains(c), [String(m.tiles[m.tiles.length - 1]), cls]);
  }
  const run = moves.moves.find((m) => m.tiles.length === 2);
  assert.ok(run, 'a move of two tiles from the start');
  await tile(page, run.tiles[1]).click();
  await expectStatus(page, mtmText(run.distance));
  assert.equal(await text(page, 'move-count'), '1');
  assert.equal(params(page).get('moves'), run.move);
  // The address brings the same position back, in MTM.
  const again = await open(new URL(page.url()).search);
  await expectStatus(again, mtmText(run.distance));
  assert.equal(await again.getByRole('combobox', {name: 'Moves', exact: true}).inputValue(), 'mtm');
  await again.close();
  // Solve plays /api/solve?metric=mtm's moves, one tile a step, to Solved.
  const rest = await api(`/api/solve?metric=mtm&start=${run.state}`);
  await setSpeed(page, 'max');
  await button(page, 'Solve').click();
  await page.waitForFunction(
      () => document.querySelector('[role=status]').textContent.trim() === 'Solved',
      null, {timeout: 30000});
  assert.equal(await text(page, 'move-count'), String(1 + rest.distance));
  assert.match(await text(page, 'player-text'),
               new RegExp(`played: ${rest.distance} moves? \\(multi-tile\\)`));
  assert.equal(await text(page, 'solution-text'),
               `moves: ${rest.moves}\ntiles: ${rest.tiles.join(' ')}`);
  // Undo takes back a whole move of the solver's.
  await button(page, 'Undo').click();
  await expectStatus(page, mtmText(1));
  // Back to STM: the moves made become single steps.
  await page.getByRole('combobox', {name: 'Moves', exact: true}).selectOption('stm');
  await page.waitForFunction(() => !location.search.includes('metric='));
  const steps = params(page).get('moves');
  assert.match(steps, /^[UDLR]+$/);
  assert.equal(await text(page, 'move-count'), String(steps.length));
  assert.equal(params(page).get('metric'), null);
  await expectStatus(page, movesText(await distanceAfter(start, steps)));
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The STM distance after the blank's single steps `letters` from `start`.
async function distanceAfter(start, letters) {
  let state = start;
  for (const m of letters) {
    state = (await api(`/api/moves?start=${state}`)).moves.find((x) => x.move === m).state;
  }
  return (await api(`/api/solve?start=${state}`)).distance;
}

test('a board with no multi-tile table: the server\'s message, and STM kept', async () => {
  const {body: listed} = await apiGet('/api/tables');
  const tables = Array.isArray(listed) ? listed : listed.tables;
  // A board with no MTM table, at its default goal (the blank last).
  const board = tables.find((t) => t.metric === 'stm' &&
      t.goal_blank === t.board.split('x').reduce((a, b) => a * b) - 1 &&
      !tables.some((u) => u.board === t.board && u.metric === 'mtm'));
  assert.ok(board, 'the test database has a board with no MTM table');
  const page = await open(`?board=${board.board}&start=${encodeURIComponent(board.goal)}`);
  await expectStatus(page, 'Solved');
  const {status, body} = await apiGet(
      `/api/moves?board=${board.board}&metric=mtm&start=${encodeURIComponent(board.goal)}`);
  assert.equal(status, 404);
  await page.getByRole('combobox', {name: 'Moves', exact: true}).selectOption('mtm');
  await page.locator('#metric-error').waitFor({state: 'visible'});
  assert.ok((await text(page, 'metric-error')).includes(body.error), body.error);
  assert.equal(await page.getByRole('combobox', {name: 'Moves', exact: true}).inputValue(), 'stm');
  await expectStatus(page, 'Solved');
  // Another goal set: the message (its build command names the old goal)
  // goes with the goal it was about.
  const other = tables.find((t) => t.board === board.board && t.goal !== board.goal);
  assert.ok(other, 'the test database has a second goal for that board');
  await page.locator('#goal-input').fill(other.goal);
  await button(page, 'Set goal').click();
  await page.locator('#metric-error').waitFor({state: 'hidden'});
  assert.equal(await text(page, 'goal-error'), '');
  // A link asking for MTM on that board says the same and plays in STM.
  const linked = await open(`?board=${board.board}&metric=mtm`);
  await linked.locator('#metric-error').waitFor({state: 'visible'});
  assert.ok((await text(linked, 'metric-error')).includes(body.error));
  await linked.waitForFunction(
      () => /moves? to the goal$|Solved/.test(document.querySelector('[role=status]').textContent));
  // A new board chosen in MTM: the same message, and STM.
  const fromMtm = await open('?start=123456780&metric=mtm');
  await expectStatus(fromMtm, 'Solved');
  await fromMtm.getByLabel('Board', {exact: true}).selectOption(board.board);
  await fromMtm.locator('#metric-error').waitFor({state: 'visible'});
  assert.ok((await text(fromMtm, 'metric-error')).includes(body.error));
  assert.equal(await fromMtm.getByRole('combobox', {name: 'Moves', exact: true}).inputValue(), 'stm');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(linked.errors, []);
  assert.deepEqual(fromMtm.errors, []);
  await fromMtm.close();
  await linked.close();
  await page.close();
});

test('Solve stopped between the tiles of an MTM move: the tiles slid count as a move', async () => {
  const start = '867254301';
  const page = await open(`?metric=mtm&start=${start}`);
  const solved = await api(`/api/solve?metric=mtm&start=${start}`);
  await expectStatus(page, mtmText(solved.distance));
  await setSpeed(page, 'min');
  await button(page, 'Solve').click();
  await button(page, 'Pause').click();
  // Step into the first move of two tiles or more, one tile in.
  const runs = solved.moves.split(' ');
  const j = runs.findIndex((r) => /\d/.test(r));
  assert.ok(j >= 0, solved.moves);
  const steps = runs.slice(0, j).length + 1;
  for (let i = 0; i < steps; i++) await button(page, 'Step forward').click();
  await page.waitForFunction((n) => document.querySelector('#player-text').textContent
      .includes(`, tile 1 of `) && document.querySelector('#player-text').textContent
      .includes(`of move ${n} `), j + 1);
  assert.equal(await text(page, 'move-count'), String(j));
  await button(page, 'Close').click();
  assert.equal(await text(page, 'move-count'), String(j + 1));
  assert.equal(params(page).get('moves'), runs.slice(0, j).join('') + runs[j][0]);
  // The moves made lead from the start to the board: a link and the
  // analysis of them agree with the page.
  const shown = (await page.locator('[role=status]').textContent()).trim();
  const again = await open(new URL(page.url()).search);
  await expectStatus(again, shown);
  await again.close();
  await button(page, 'Use my moves').click();
  await page.waitForFunction((n) =>
      document.querySelectorAll('#analyse-table tbody tr').length === n, j + 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a solve with one detour analysed: the table and the lost moves are /api/analyse\'s', async () => {
  const start = '867254301';
  const {page} = await openAt(start);
  // An optimal solution with a step the wrong way and back after its third move.
  const solved = await api(`/api/solve?start=${start}&steps=1`);
  const at = await api(`/api/moves?start=${solved.path[3]}`);
  const away = at.moves.find((m) => m.distance === at.distance + 1);
  assert.ok(away, 'a move away from the goal');
  const moves = solved.moves.slice(0, 3) + away.move + OPPOSITE[away.move] + solved.moves.slice(3);
  const body = await api(`/api/analyse?start=${start}&moves=${moves}`);
  assert.ok(body.stretches.length >= 1 && body.lost > 0, JSON.stringify(body.stretches));
  // The start left empty: the board's start.
  await page.locator('#analyse-moves').fill(moves);
  await button(page, 'Analyse').click();
  await page.waitForFunction((n) =>
      document.querySelectorAll('#analyse-table tbody tr').length === n, body.moves.length);
  const rows = await tableRows(page);
  checkRows(rows, body);
  const wrong = rows.filter((r) => r.wrong).map((r) => r.number);
  assert.deepEqual(wrong, body.moves.filter((m) => !m.optimal).map((m) => m.number));
  const summary = await text(page, 'analyse-summary');
  assert.ok(summary.includes(`Optimal: ${body.optimal_length} moves; this solve: ${body.length} moves.`),
            summary);
  assert.ok(summary.includes(`It reaches the goal; ${body.lost} moves lost.`), summary);
  const w = body.stretches[0];
  assert.ok((await text(page, 'analyse-stretches')).includes(
      `${w.first === w.last ? 'move ' + w.first : `moves ${w.first}–${w.last}`} (${w.lost} moves lost)`));
  // The same solve in the tiles' notation reads the same.
  const tiles = Array.from(moves, (m) => OPPOSITE[m]).join('');
  await page.locator('#analyse-moves').fill(tiles);
  await page.getByLabel('Notation').selectOption('tile');
  await button(page, 'Analyse').click();
  const tbody = await api(`/api/analyse?start=${start}&moves=${tiles}&notation=tile`);
  await page.waitForFunction((m) =>
      document.querySelector('#analyse-table tbody tr .move').textContent === m, tbody.moves[0].move);
  checkRows(await tableRows(page), tbody);
  await shot(page, 'analyse.png');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the moves made on the board analysed, in MTM', async () => {
  const start = '867254301';
  const {page} = await openAt(start);
  await page.getByRole('combobox', {name: 'Moves', exact: true}).selectOption('mtm');
  const moves = await api(`/api/moves?metric=mtm&start=${start}`);
  await expectStatus(page, mtmText(moves.distance));
  const run = moves.moves.find((m) => m.tiles.length === 2);
  await tile(page, run.tiles[1]).click();
  await expectStatus(page, mtmText(run.distance));
  const next = (await api(`/api/moves?metric=mtm&start=${run.state}`)).moves[0];
  await tile(page, next.tiles[next.tiles.length - 1]).click();
  await expectStatus(page, mtmText(next.distance));
  await button(page, 'Use my moves').click();
  const body = await api(`/api/analyse?metric=mtm&start=${start}&moves=` +
                         encodeURIComponent(`${run.move} ${next.move}`));
  assert.equal(body.metric, 'mtm');
  await page.waitForFunction(() => document.querySelectorAll('#analyse-table tbody tr').length === 2);
  checkRows(await tableRows(page), body);
  assert.equal(await page.locator('#analyse-moves').inputValue(), `${run.move} ${next.move}`);
  assert.ok((await text(page, 'analyse-summary')).includes(
      `Optimal: ${body.optimal_length} moves (multi-tile)`));
  assert.ok((await text(page, 'analyse-summary')).includes('does not reach the goal'));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('tiles slid one way in a row are one multi-tile move, as the metric counts them', async () => {
  const start = '123456078';  // the blank goes right twice: R2, one move
  const page = await open(`?metric=mtm&start=${start}`);
  const moves = await api(`/api/moves?metric=mtm&start=${start}`);
  await expectStatus(page, mtmText(moves.distance));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectStatus(page, 'Solved');
  const verify = (await api(`/api/verify?metric=mtm&start=${start}&moves=RR`)).verify;
  assert.equal(verify.length, 1);
  assert.equal(await text(page, 'move-count'), String(verify.length));
  assert.equal(await text(page, 'hint-text'), 'Solved in 1 move (multi-tile): as few as possible.');
  assert.match(await text(page, 'clock-text'), /^Timed solve: 1 move \(multi-tile\) in .* Solution \(blank notation\): R2$/);
  assert.equal(params(page).get('moves'), 'R2');
  // A link's steps one way in a row, and lower case, count the same.
  const again = await open(`?metric=mtm&start=${start}&moves=rR`);
  await expectStatus(again, 'Solved');
  assert.equal(await text(again, 'move-count'), '1');
  assert.equal(params(again).get('moves'), 'R2');
  await again.close();
  // Undo takes back the move: both tiles.
  await button(page, 'Undo').click();
  await expectStatus(page, mtmText(moves.distance));
  assert.equal(await text(page, 'move-count'), '0');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a move the solver goes on with in MTM, or the user after the solver, is one move', async () => {
  const start = '123456078';  // the blank goes right twice: R2, one move
  const moves = await api(`/api/moves?metric=mtm&start=${start}`);
  const half = moves.moves.find((m) => m.move === 'R').state;
  // The server's solution from one step in goes on the same way.
  assert.equal((await api(`/api/solve?metric=mtm&start=${half}`)).moves, 'R');
  const page = await open(`?metric=mtm&start=${start}`);
  await expectStatus(page, mtmText(moves.distance));
  await page.keyboard.press('ArrowLeft');  // the tile left: the blank right
  await expectStatus(page, mtmText(1));
  await setSpeed(page, 'max');
  await button(page, 'Solve').click();
  await expectStatus(page, 'Solved');
  assert.equal(await text(page, 'move-count'), '1');
  assert.equal(params(page).get('moves'), 'R2');
  assert.equal(await text(page, 'hint-text'), 'Solved with the solver\'s help: 1 move by you ' +
               'both; the fewest possible from the start is 1.');
  // Undo takes back the whole move, the user's tile and the solver's.
  await button(page, 'Undo').click();
  await expectStatus(page, mtmText(moves.distance));
  assert.equal(await text(page, 'move-count'), '0');
  // The solver's first tile, then the user's.
  await setSpeed(page, 'min');
  await button(page, 'Solve').click();
  await button(page, 'Pause').click();
  // At the start again, whatever the player did before the pause.
  while (await page.locator('#step-back').isEnabled()) await button(page, 'Step back').click();
  await button(page, 'Step forward').click();
  await button(page, 'Close').click();
  assert.equal(await text(page, 'move-count'), '1');
  await page.keyboard.press('ArrowLeft');
  await expectStatus(page, 'Solved');
  assert.equal(await text(page, 'move-count'), '1');
  assert.equal(params(page).get('moves'), 'R2');
  // Back to single steps: each is its maker's again.
  await page.getByRole('combobox', {name: 'Moves', exact: true}).selectOption('stm');
  await page.waitForFunction(() => document.querySelector('#hint-text').textContent ===
      'Solved with the solver\'s help: 1 move by you, 1 by the solver; the fewest possible ' +
      'from the start is 2.');
  assert.equal(await text(page, 'move-count'), '2');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an illegal move in a solve is refused with the server\'s message', async () => {
  const start = '867254301';
  const {page} = await openAt(start);
  const moves = 'RRUUUU';
  const {status, body} = await apiGet(`/api/analyse?start=${start}&moves=${moves}`);
  assert.equal(status, 400);
  assert.match(body.error, /not legal/);
  await page.locator('#analyse-moves').fill(moves);
  await button(page, 'Analyse').click();
  await page.locator('#analyse-error').waitFor({state: 'visible'});
  assert.equal(await text(page, 'analyse-error'), body.error);
  assert.equal(await page.locator('#analyse-out').isHidden(), true);
  assert.equal(await page.locator('#analyse-moves').getAttribute('aria-invalid'), 'true');
  // A good solve afterwards clears it.
  await page.locator('#analyse-moves').fill('R');
  await button(page, 'Analyse').click();
  await page.locator('#analyse-out').waitFor({state: 'visible'});
  assert.equal(await page.locator('#analyse-error').isHidden(), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});
