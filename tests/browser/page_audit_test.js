// The defects a browser audit of the page found (Solve's solutions, a
// search given up, Set goal, a narrow phone, the timer, the analysis
// panel), each driven as the auditor met it, against a slidedb-serve on
// port 0 on a database with the 3x3 tables (both metrics), the 3x4 table
// and the 4x4's pattern databases (harness.js says how to run it; --db4
// names that database).
//
// Expected answers come from the server's own API, never from this file.
'use strict';

const {test} = require('node:test');
const assert = require('node:assert/strict');
const {
  option, serve, apiGet, open, button, tile, movesText, expectStatus, expectedDistance,
} = require('./harness');

serve(option('db4', process.env.SLIDEDB_FACES_DB));

const text = (page, id) => page.locator('#' + id).textContent();
const params = (page) => new URL(page.url()).searchParams;
const statusShown = (page, timeout) => page.waitForFunction(() => /to the goal|Solved/.test(
    document.querySelector('[role=status]').textContent), null, {timeout});
const movesMade = (page) => page.evaluate(() => Number(
    document.querySelector('#move-count').textContent));

const NEAR = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15';  // 4x4, one move from the goal

// The move of `start` that the blank makes `letter`, as /api/moves lists it.
async function moveOf(start, letter, query = '') {
  const {body} = await apiGet(`/api/moves?start=${start}${query}`);
  return body.moves.find((m) => m.move === letter);
}

test('Next solution keeps the moves made before Solve, in both metrics', async () => {
  for (const metric of ['stm', 'mtm']) {
    const query = `&metric=${metric}`;
    // A position with several optimal solutions in either metric.
    const l = await moveOf('867254301', 'L', query);
    const lu = await moveOf(l.state, 'U', query);
    const page = await open(`?board=3x3${query}&start=867254301&moves=LU`);
    await expectStatus(page, movesText(lu.distance) + (metric === 'mtm' ? ' (multi-tile)' : ''));
    await button(page, 'Solve').click();
    await page.waitForFunction(() => /^\d+ of \d+ optimal solutions/.test(
        document.querySelector('#solutions-text').textContent));
    // The solver has played a step of its own: the last move is its.
    await page.waitForFunction(() => Number(document.querySelector('#move-count').textContent) > 2);
    // The one played, or the first, has a next one.
    let which = Number(/^\d+/.exec(await text(page, 'solutions-text'))[0]);
    if (await button(page, 'Next solution').isDisabled()) {
      await button(page, 'Previous solution').click();
      which--;
    } else {
      await button(page, 'Next solution').click();
      which++;
    }
    await page.waitForFunction((n) => document.querySelector('#solutions-text').textContent
        .startsWith(`${n} of `), which);
    // Paused at its start: the moves made are the two of the link.
    assert.equal(await movesMade(page), 2, metric);
    assert.equal(params(page).get('moves'), 'LU', metric);
    await button(page, 'Close').click();
    await button(page, 'Undo').click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('moves') === 'L');
    await expectStatus(page, movesText(l.distance) + (metric === 'mtm' ? ' (multi-tile)' : ''));
    assert.equal(await movesMade(page), 1, metric);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test(
    'Previous and Next solution and Copy are hidden when there is nothing to show',
    async () => {
      // The 15-puzzle counts its solutions in single-tile moves (a second
      // search): one here, with nothing before or after it.
      const one = await open(`?board=4x4&start=${NEAR}`);
      await expectStatus(one, movesText(1));
      await button(one, 'Solve').click();
      await one.waitForFunction(
          () => document.querySelector('#solutions-text').textContent ===
              '1 of 1 optimal solution');
      assert.ok(await button(one, 'Previous solution').isDisabled());
      assert.ok(await button(one, 'Next solution').isDisabled());
      assert.deepEqual(one.errors, []);
      await one.close();
      // Multi-tile moves are not counted there: no list, no buttons for one.
      const page = await open(`?board=4x4&metric=mtm&start=${NEAR}`);
      await expectStatus(page, movesText(1) + ' (multi-tile)');
      await button(page, 'Solve').click();
      await page.locator('#player').waitFor({state: 'visible'});
      await expectStatus(page, 'Solved');
      assert.ok(await page.locator('#solutions').isHidden());
      assert.ok(await button(page, 'Previous solution').isHidden());
      assert.ok(await button(page, 'Next solution').isHidden());
      assert.ok(await button(page, 'Copy').isVisible());
      assert.deepEqual(page.errors, []);
      await page.close();
      // At the goal: no solution to copy.
      const solved = await open('?start=123456780');
      await expectStatus(solved, 'Solved');
      await button(solved, 'Solve').click();
      await solved.locator('#player').waitFor({state: 'visible'});
      assert.equal(await text(solved, 'player-text'), 'Already at the goal.');
      assert.ok(await button(solved, 'Copy').isHidden());
      assert.ok(await solved.locator('#solution-text').isHidden());
      assert.deepEqual(solved.errors, []);
      await solved.close();
    });

// Holds the page's /api/solve questions until release(): a search as long
// as the test wants. `aborted` collects those the page gave up.
async function holdSolve(page) {
  let release;
  const held = new Promise((r) => { release = r; });
  const aborted = [];
  page.on('requestfailed', (r) => {
    if (new URL(r.url()).pathname.endsWith('/api/solve')) aborted.push(r.url());
  });
  await page.route('**/api/solve*', async (route) => {
    await held;
    await route.continue().catch(() => {});  // the page may have left
  });
  return {release, aborted};
}

// Waits up to 5 s for `ok()`, else fails with `message`.
async function until(ok, message) {
  for (const end = Date.now() + 5000; !ok();) {
    assert.ok(Date.now() < end, message);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function searchingForSolution(page) {
  await page.waitForFunction(() => /^Searching for a solution…/.test(
      document.querySelector('#status-box').textContent));
  assert.ok(await button(page, 'Cancel').isVisible());
}

test('a Solve given up by a move or a new board: its search stops, the status goes', async () => {
  const page = await open('?start=867254301');
  await statusShown(page);
  const solve = await holdSolve(page);
  await button(page, 'Solve').click();
  await searchingForSolution(page);
  // A move: the status is the new position's at once, not the old search's.
  const m = await moveOf('867254301', 'U');
  await tile(page, String(m.tile)).click();
  await expectStatus(page, movesText(m.distance));
  assert.ok(await button(page, 'Cancel').isHidden());
  await until(() => solve.aborted.length === 1, 'the solve was not aborted');
  // Solve again, then another board.
  await button(page, 'Solve').click();
  await searchingForSolution(page);
  await page.getByLabel('Board', {exact: true}).selectOption('3x4');
  await statusShown(page, 8000);
  assert.ok(await button(page, 'Cancel').isHidden());
  await until(() => solve.aborted.length === 2, 'the second solve was not aborted');
  // The new board drawn (on a loaded machine after its status), then the
  // old answers, had they come, would show nothing.
  await page.waitForFunction(
      () => document.querySelectorAll('#board .tile').length === 12);
  solve.release();
  await page.waitForTimeout(300);
  assert.ok(await page.locator('#player').isHidden());
  assert.equal(await page.locator('#board .tile').count(), 12);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Set goal with the goal played already keeps the game going', async () => {
  const page = await open('?start=867254301');
  await statusShown(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('#move-count').textContent === '2');
  await statusShown(page);
  const moves = params(page).get('moves');
  for (const goal of ['', '123456780', '123/456/780']) {
    await page.locator('#goal-input').fill(goal);
    await button(page, 'Set goal').click();
    // The server's answer checked the goal; nothing of the game changed.
    await page.waitForTimeout(300);
    assert.equal(await movesMade(page), 2, `goal '${goal}'`);
    assert.equal(params(page).get('moves'), moves, `goal '${goal}'`);
    assert.equal(params(page).get('start'), '867254301');
    assert.ok(await button(page, 'Undo').isEnabled());
    assert.notEqual(await text(page, 'clock'), '0.0 s');
  }
  assert.ok(await page.locator('#goal-error').isHidden());
  await page.close();
});

test('on a phone 320 px wide the 15-puzzle does not scroll sideways', async () => {
  const page = await open(`?board=4x4&start=${NEAR}`, {width: 320, height: 640});
  await expectStatus(page, movesText(1));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
  const reset = await button(page, 'Reset').boundingBox();
  assert.ok(reset.x + reset.width <= 320, JSON.stringify(reset));
  await page.close();
});

test('a Solve that failed has not helped: the solve is timed', async () => {
  const start = '123405786';
  const r = await moveOf(start, 'R');
  const page = await open(`?start=${start}`);
  await statusShown(page);
  await tile(page, String(r.tile)).click();
  await expectStatus(page, movesText(r.distance));
  // The server fails the Solve.
  await page.route('**/api/solve*', (route) => route.fulfill(
      {status: 500, contentType: 'application/json', body: '{"error":"broken"}'}));
  await button(page, 'Solve').click();
  await page.locator('#error').waitFor({state: 'visible'});
  await page.unroute('**/api/solve*');
  // The user solves it, each move an optimal one from the API.
  let state = r.state;
  for (let d = r.distance; d > 0; d--) {
    const {body} = await apiGet(`/api/moves?start=${state}`);
    const best = body.moves.find((m) => m.distance === d - 1);
    await tile(page, String(best.tile)).click();
    await expectStatus(page, movesText(d - 1));
    state = best.state;
  }
  await page.waitForFunction(() => /^Timed solve: /.test(
      document.querySelector('#clock-text').textContent));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a bad Start in the analysis panel marks the Start box, not the moves', async () => {
  const page = await open('?start=867254301');
  await statusShown(page);
  const start = page.locator('#analyse-start'), moves = page.locator('#analyse-moves');
  await start.fill('garbage');
  await moves.fill('U');
  await button(page, 'Analyse').click();
  await page.locator('#analyse-error').waitFor({state: 'visible'});
  assert.match(await text(page, 'analyse-error'), /^'garbage': /);
  assert.equal(await start.getAttribute('aria-invalid'), 'true');
  assert.equal(await moves.getAttribute('aria-invalid'), null);
  // An illegal move marks the moves, and the start no longer.
  await start.fill('123456780');
  await moves.fill('R');
  await button(page, 'Analyse').click();
  await page.waitForFunction(() => /^moves: /.test(
      document.querySelector('#analyse-error').textContent));
  assert.equal(await start.getAttribute('aria-invalid'), null);
  assert.equal(await moves.getAttribute('aria-invalid'), 'true');
  await page.close();
});

test('a metric answered clears an older failure\'s message', async () => {
  const start = '867254301';
  const m = await moveOf(start, 'U');
  const page = await open(`?start=${start}`);
  await statusShown(page);
  await page.route('**/api/moves*', (route) => route.fulfill(
      {status: 500, contentType: 'application/json', body: '{"error":"broken"}'}));
  await tile(page, String(m.tile)).click();
  await page.locator('#error').waitFor({state: 'visible'});
  await page.unroute('**/api/moves*');
  await page.locator('#metric-select').selectOption('mtm');
  const d = await expectedDistance(`start=${m.state}&metric=mtm`);
  await expectStatus(page, `${movesText(d)} (multi-tile)`);
  assert.ok(await page.locator('#error').isHidden());
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Goal suggestions once each; the histogram names the goal shown; Hint\'s words', async () => {
  const slides = {U: 'down', D: 'up', L: 'right', R: 'left'};  // the tile's way
  const page = await open('?start=123456708');
  await expectStatus(page, movesText(1));
  // 3x3 has tables in both metrics: each goal is suggested once.
  const goals = await page.locator('#goal-list option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(goals.length > 1 && new Set(goals).size === goals.length, goals.join(' '));
  const {body} = await apiGet('/api/moves?start=123456708');
  const last = body.moves.find((m) => m.distance === 0);
  await button(page, 'Hint').click();
  assert.equal(await text(page, 'hint-text'),
               `Hint: slide tile ${last.tile} ${slides[last.move]} (that solves it).`);
  // In MTM, one tile slid along with the one named.
  const {body: mtm} = await apiGet('/api/moves?start=123456078&metric=mtm');
  const two = mtm.moves.find((m) => m.distance === 0);
  assert.equal(two.tiles.length, 2, JSON.stringify(two));
  await page.locator('#start-input').fill('123456078');
  await button(page, 'Set start').click();
  // The new start shown first: 123456708 is one move from the goal in
  // either metric, so its status alone would not tell which start the
  // multi-tile answer was for (the Hint then named 123456708's move).
  await expectStatus(page, movesText(2));
  await page.locator('#metric-select').selectOption('mtm');
  await expectStatus(page, `${movesText(1)} (multi-tile)`);
  await button(page, 'Hint').click();
  assert.equal(await text(page, 'hint-text'), `Hint: slide tile ${two.tiles[1]} ` +
               `${slides[two.move[0]]} with tile ${two.tiles[0]} (one move) (that solves it).`);
  // A start in letters: its goal is in letters on the Goal line and in
  // the histogram's line alike.
  await page.locator('#start-input').fill('abcdefgh_');
  await button(page, 'Set start').click();
  await expectStatus(page, 'Solved');
  const goal = await text(page, 'goal-text');
  assert.match(goal, /^abcdefgh/);
  await page.waitForFunction((g) => document.querySelector('#histogram-text').textContent
      .startsWith(`3x3, goal ${g}: `), goal, {timeout: 5000});
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the keyboard\'s focus after Close and the last tile placed; names; Hint while placing', async () => {
  const page = await open('?start=123456708');
  await expectStatus(page, movesText(1));
  // The menu is named as it reads: Moves.
  assert.equal(await page.getByRole('combobox', {name: 'Moves', exact: true}).count(), 1);
  await button(page, 'Solve').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('group', {name: 'Solution moves'}).waitFor();
  await button(page, 'Close').focus();
  await page.keyboard.press('Enter');
  await page.locator('#player').waitFor({state: 'hidden'});
  const focused = () => page.evaluate(() => document.activeElement.id ||
                                            document.activeElement.getAttribute('aria-label'));
  assert.equal(await focused(), 'solve');
  // Placing tiles: Hint and Solve say why they do nothing.
  await button(page, 'Place tiles by clicking').click();
  for (const name of ['Hint', 'Solve']) {
    await button(page, name).click();
    assert.equal(await text(page, 'hint-text'),
                 'Place the remaining tiles first, or press Cancel placing.', name);
  }
  // Each tile placed with Enter on the cell focused; the focus goes on.
  await button(page, 'Empty cell 1').focus();
  for (let i = 1; i <= 8; i++) await page.keyboard.press('Enter');
  await expectStatus(page, 'Solved');
  assert.equal(await focused(), 'Tile 8');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Where each tile stands: "label@row,col", in the board's reading order.
const tilesOf = (page) => page.locator('#board .tile:not(.blank)').evaluateAll((ts) => ts.map(
    (t) => `${t.dataset.label}@${t.style.getPropertyValue('--r')},${t.style.getPropertyValue('--c')}`)
    .sort());

test('the link of Solve paused between the tiles of a multi-tile move opens that board', async () => {
  const page = await open('?board=3x3&metric=mtm&start=867254301');
  await page.waitForFunction(() => /\(multi-tile\)$/.test(
      document.querySelector('[role=status]').textContent));
  await button(page, 'Solve').click();
  await button(page, 'Pause').click();
  // Step on to the first tile of a move of several.
  for (let k = 0; ; k++) {
    if (/, tile 1 of \d+ of move \d+/.test(await text(page, 'player-text'))) break;
    assert.ok(k < 40, 'the solution has a move of several tiles');
    await button(page, 'Step forward').click();
  }
  const here = await tilesOf(page);
  const linked = await open(new URL(page.url()).search);
  await linked.waitForFunction(() => /\(multi-tile\)$/.test(
      document.querySelector('[role=status]').textContent));
  assert.deepEqual(await tilesOf(linked), here);
  assert.ok(await linked.locator('#link-error').isHidden());
  assert.deepEqual(page.errors, []);
  await linked.close();
  await page.close();
});
