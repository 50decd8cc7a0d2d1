// Drives slidedb's web page in a real Chromium (Debian's /usr/bin/chromium,
// through playwright-core) against a slidedb-serve started here on port 0
// (harness.js says how to run it) on a database of full tables.
//
// Expected answers come from the server's own API, never from this file.
'use strict';

const {test} = require('node:test');
const assert = require('node:assert/strict');
const {
  option, serve, apiGet, open, status, button, tile, movesText, expectStatus,
  expectedDistance, openAt, setSpeed, shot,
} = require('./harness');

const H = serve(option('db', process.env.SLIDEDB_TEST_DB));

test('the page loads with tiles, the blank, the buttons and the distance', async () => {
  const start = '123405786';
  const {page, d} = await openAt(start);
  for (let n = 1; n <= 8; n++) await tile(page, n).waitFor();
  assert.equal(await button(page, 'Blank').count(), 1);
  for (const name of ['Hint', 'Solve', 'Shuffle', 'Undo', 'Reset']) {
    assert.equal(await button(page, name).count(), 1, name);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('clicking and arrow keys move tiles; the distance, the marks and the URL follow', async () => {
  const start = '123405786';
  const {page, d: d0} = await openAt(start);
  // Each tile next to the blank is marked optimal or not, as /api/moves says.
  const {body: moves} = await apiGet(`/api/moves?start=${start}`);
  for (const m of moves.moves) {
    const cls = m.distance === moves.distance - 1 ? /\bgood\b/ : /\bbad\b/;
    await page.waitForFunction(([n, re]) => new RegExp(re).test(
        document.querySelector(`[aria-label="Tile ${n}"]`).className), [String(m.tile), cls.source]);
  }
  // A click on the optimal tile.
  const best = moves.moves.find((m) => m.distance === moves.distance - 1);
  await tile(page, best.tile).click();
  await expectStatus(page, movesText(best.distance));
  assert.equal(await page.locator('#move-count').textContent(), '1');
  // The address keeps the start and adds the moves made.
  const url = () => new URL(page.url()).searchParams;
  assert.equal(url().get('start'), start);
  assert.equal(url().get('moves'), best.move);
  // Arrow keys: every arrow that can move a tile changes the distance by one,
  // as the API says for the state reached.
  const {body: next} = await apiGet(`/api/moves?start=${best.state}`);
  const key = {U: 'ArrowDown', D: 'ArrowUp', L: 'ArrowRight', R: 'ArrowLeft'};
  const m = next.moves[0];
  await page.locator('body').focus();
  await page.keyboard.press(key[m.move]);
  await expectStatus(page, movesText(m.distance));
  assert.equal(url().get('moves'), best.move + m.move);
  assert.equal(await page.locator('#move-count').textContent(), '2');
  // Undo and Reset.
  await button(page, 'Undo').click();
  await expectStatus(page, movesText(best.distance));
  await button(page, 'Reset').click();
  await expectStatus(page, movesText(d0));
  assert.equal(await page.locator('#move-count').textContent(), '0');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Hint names an optimal tile, and moving it brings the goal one closer', async () => {
  const start = '867254301';
  const {page, d} = await openAt(start);
  await page.waitForSelector('#board .tile.good');
  await button(page, 'Hint').click();
  const text = await page.locator('#hint-text').textContent();
  const m = /slide tile (\S+)/.exec(text);
  assert.ok(m, text);
  assert.match(await tile(page, m[1]).getAttribute('class'), /\bgood\b/);
  await tile(page, m[1]).click();
  await expectStatus(page, movesText(d - 1));
  await page.close();
});

test('Solve plays an optimal solution to Solved, with step back and forward', async () => {
  const start = '867254301';
  const {page, d} = await openAt(start);
  await setSpeed(page, 'max');
  await button(page, 'Solve').click();
  await page.waitForFunction(
      () => document.querySelector('[role=status]').textContent.trim() === 'Solved',
      null, {timeout: 30000});
  assert.equal(await page.locator('#move-count').textContent(), String(d));
  await button(page, 'Step back').click();
  await expectStatus(page, movesText(1));
  await button(page, 'Step forward').click();
  await expectStatus(page, 'Solved');
  // Pause stops the replay part way.
  await button(page, 'Reset').click();
  await setSpeed(page, 'min');
  await button(page, 'Solve').click();
  await button(page, 'Pause').click();
  const before = await page.locator('#move-count').textContent();
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('#move-count').textContent(), before);
  assert.notEqual(await status(page).textContent(), 'Solved');
  await shot(page, 'solve.png');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a link restores the position and a custom goal', async () => {
  const start = '283164705';
  const goal = '123/8_4/765';
  const q = `start=${start}&goal=${encodeURIComponent(goal)}`;
  const d = await expectedDistance(q);
  const page = await open('?' + q);
  await expectStatus(page, movesText(d));
  const {body} = await apiGet('/api/solve?' + q);
  assert.equal(await page.locator('#goal-text').textContent(), body.goal);
  // The board shows the start, row by row.
  const cells = Array.from(body.start);
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === '0') continue;
    const style = await tile(page, cells[i]).getAttribute('style');
    assert.match(style, new RegExp(`--r: ?${Math.floor(i / 3)};.*--c: ?${i % 3}`));
  }
  // The page's own URL reproduces it in a fresh tab.
  const again = await open(new URL(page.url()).search);
  await expectStatus(again, movesText(d));
  assert.equal(await again.locator('#goal-text').textContent(), body.goal);
  await again.close();
  await page.close();
});

test('a goal whose table was not built: the server\'s message beside the Goal box', async () => {
  const start = '1,2,3,4,5,6,7,8,9,0';
  const goal = '1,2,0,3,4,5,6,7,8,9';
  const missing = await apiGet(`/api/moves?board=2x5&start=${goal}&goal=${goal}`);
  assert.equal(missing.status, 404, 'the test needs a 2x5 goal with no table');
  const page = await open(`?board=2x5&start=${start}`);
  await expectStatus(page, movesText(await expectedDistance(`board=2x5&start=${start}`)));
  await page.locator('#goal-input').fill(goal);
  await button(page, 'Set goal').click();
  await page.waitForFunction(() => !document.querySelector('#goal-error').hidden);
  assert.equal(await page.locator('#goal-error').textContent(), missing.body.error);
  assert.equal(await page.locator('#goal-input').getAttribute('aria-invalid'), 'true');
  assert.equal(await page.locator('#error').isHidden(), true);
  await page.close();
});

test('an unsolvable start gets the parity explanation', async () => {
  const start = '123456870';
  const {body} = await apiGet(`/api/solve?start=${start}`);
  assert.equal(body.solvable, false);
  const page = await open(`?start=${start}`);
  await expectStatus(page, 'Cannot reach the goal');
  await page.locator('#reason').waitFor({state: 'visible'});
  assert.ok((await page.locator('#reason').textContent()).includes(body.reason));
  await shot(page, 'unsolvable.png');
  // Typed into the start field, from a solvable position.
  await page.locator('#start-input').fill('1 2 3 4 5 6 7 8 0');
  await button(page, 'Set start').click();
  await expectStatus(page, 'Solved');
  await page.locator('#start-input').fill('213/456/78_');
  await button(page, 'Set start').click();
  await expectStatus(page, 'Cannot reach the goal');
  // A malformed start is refused with the server's message.
  await page.locator('#start-input').fill('12345');
  await button(page, 'Set start').click();
  await page.getByRole('alert').waitFor({state: 'visible'});
  assert.ok((await page.getByRole('alert').textContent()).length > 0);
  await expectStatus(page, 'Cannot reach the goal');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Shuffle draws a position at the chosen distance', async () => {
  const page = await open('?start=123456780');
  await expectStatus(page, 'Solved');
  await page.getByLabel('Shuffle distance').selectOption('7');
  await button(page, 'Shuffle').click();
  await expectStatus(page, movesText(7));
  const start = new URL(page.url()).searchParams.get('start');
  assert.equal(await expectedDistance(`start=${start}`), 7);
  await page.close();
});

test('Shuffle on a table of millions of states walks to the chosen distance', async () => {
  const {body} = await apiGet('/api/tables');
  const big = body.tables.filter((t) => t.states > 1000000)
      .sort((a, b) => a.states - b.states)[0];
  assert.ok(big, 'the test database has a table of more than a million states');
  const page = await open(`?board=${big.board}`);
  await page.waitForFunction(
      () => /moves? to the goal|Solved/.test(document.querySelector('[role=status]').textContent));
  // Close to the goal (walked down from a random state) and far from it
  // (walked out, or drawn by the server when a walk finds no way out).
  for (const d of [4, big.max_distance - 3]) {
    await page.getByLabel('Shuffle distance').selectOption(String(d));
    await button(page, 'Shuffle').click();
    await expectStatus(page, movesText(d));
    const start = new URL(page.url()).searchParams.get('start');
    assert.equal(await expectedDistance(
        `board=${big.board}&start=${encodeURIComponent(start)}`), d);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('placing tiles by clicking cells sets the start', async () => {
  const page = await open('?start=123456780');
  await expectStatus(page, 'Solved');
  await button(page, 'Place tiles by clicking').click();
  // Tiles 1..8 on cells 2..9: the blank is left on the first cell. The
  // first by a click, the others by Enter on the free cell that gets focus.
  await button(page, 'Empty cell 2').click();
  for (let i = 3; i <= 9; i++) {
    await page.waitForFunction(
        (name) => document.activeElement.getAttribute('aria-label') === name, `Empty cell ${i}`);
    await page.keyboard.press('Enter');
  }
  const d = await expectedDistance('start=012345678');
  await expectStatus(page, movesText(d));
  assert.equal(new URL(page.url()).searchParams.get('start'), '012345678');
  await page.close();
});

test('the board selector offers every table and switches boards', async () => {
  const {body} = await apiGet('/api/tables');
  const tables = Array.isArray(body) ? body : body.tables;
  const boards = [...new Set(tables.map((t) => t.board))];
  const page = await open('?start=123456780');
  await expectStatus(page, 'Solved');
  const offered = await page.getByLabel('Board', {exact: true}).locator('option')
      .evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual([...offered].sort(), [...boards].sort());
  const other = boards.find((b) => b !== '3x3');
  assert.ok(other, 'the test database has a second board');
  const [r, c] = other.split('x').map(Number);
  await page.getByLabel('Board', {exact: true}).selectOption(other);
  await page.waitForFunction((n) => document.querySelectorAll('#board .tile').length === n, r * c);
  await page.waitForFunction(
      () => /moves? to the goal|Solved/.test(document.querySelector('[role=status]').textContent));
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('board'), other);
  const d = await expectedDistance(
      `board=${other}&start=${encodeURIComponent(url.searchParams.get('start'))}`);
  await expectStatus(page, movesText(d));
  assert.equal(await button(page, 'Blank').count(), 1);
  assert.equal(await page.locator('#histogram .bar').count(),
               (await apiGet(`/api/histogram?board=${other}`)).body.counts.length);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('on a phone the page fits the screen and tiles answer taps', async () => {
  const start = '721503648';
  const {page} = await openAt(start, {width: 390, height: 844});
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
  await page.waitForSelector('#board .tile.good');
  await shot(page, 'web-phone.png', false);
  // A swipe slides the tile in the swipe's direction.
  const {body: moves} = await apiGet(`/api/moves?start=${start}`);
  const cdp = await H.context.newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', {enabled: true, maxTouchPoints: 1});
  const box = await page.locator('#board').boundingBox();
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  const swipe = async (dx, dy) => {
    await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: [{x, y}]});
    await cdp.send('Input.dispatchTouchEvent',
                   {type: 'touchMove', touchPoints: [{x: x + dx / 2, y: y + dy / 2}]});
    await cdp.send('Input.dispatchTouchEvent', {type: 'touchMove', touchPoints: [{x: x + dx, y: y + dy}]});
    await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  };
  // A swipe to the left slides the tile right of the blank: the blank goes R.
  const right = moves.moves.find((m) => m.move === 'R');
  await swipe(-120, 0);
  await expectStatus(page, movesText(right.distance));
  assert.equal(new URL(page.url()).searchParams.get('moves'), 'R');
  // A tap on a tile next to the blank moves it.
  const {body: next} = await apiGet(`/api/moves?start=${right.state}`);
  const m = next.moves.find((n) => n.move !== 'L');
  const tb = await tile(page, m.tile).boundingBox();
  const at = [{x: tb.x + tb.width / 2, y: tb.y + tb.height / 2}];
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: at});
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  await expectStatus(page, movesText(m.distance));
  assert.equal(new URL(page.url()).searchParams.get('moves'), 'R' + m.move);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the histogram marks the current distance', async () => {
  const start = '867254301';
  const {page, d} = await openAt(start);
  await page.waitForSelector(`#histogram .bar.current[data-d="${d}"]`);
  assert.equal(await page.locator('#histogram .bar.current').count(), 1);
  await page.close();
});

test('2x2: whole counts on the histogram\'s axis; the next board keeps the distance chosen', async () => {
  const page = await open('?start=123456780');
  await expectStatus(page, 'Solved');
  const menu = page.getByLabel('Shuffle distance');
  const boardMenu = page.getByLabel('Board', {exact: true});
  const {body: small} = await apiGet('/api/histogram?board=2x2');
  for (const chosen of [null, '7']) {
    if (chosen) await menu.selectOption(chosen);
    await boardMenu.selectOption('2x2');
    await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 4);
    await page.waitForFunction(() => /2x2, goal/.test(
        document.querySelector('#histogram-text').textContent));
    // The menu is cut to the board's farthest position.
    assert.equal(await menu.inputValue(), String(small.max_distance));
    const ticks = await page.locator('#histogram .ylabel').allTextContents();
    assert.ok(ticks.length >= 2 && ticks.every((t) => /^\d+$/.test(t)), ticks.join(' '));
    // Back on 3x3: the distance chosen (10 until one is), not 2x2's.
    await boardMenu.selectOption('3x3');
    await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 9);
    await page.waitForFunction(() => /3x3, goal/.test(
        document.querySelector('#histogram-text').textContent));
    assert.equal(await menu.inputValue(), chosen || '10');
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Only with --screenshots: the picture in docs/.
if (option('screenshots', '')) test('screenshot of the page', async () => {
  const page = await open('?start=721503648');
  await page.waitForSelector('#board .tile.good');
  await button(page, 'Hint').click();
  await shot(page, 'web.png');
  await page.close();
});
