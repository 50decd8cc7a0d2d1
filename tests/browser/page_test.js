// Drives slidedb's web page in a real Chromium (Debian's /usr/bin/chromium,
// through playwright-core) against a slidedb-serve started here on port 0.
//
//   node page_test.js --server build/slidedb-serve --db build/test-data/db \
//                     [--web web] [--chromium /usr/bin/chromium] [--screenshots DIR]
//
// --web serves the page from that folder instead of the copy built into the
// server; --screenshots also saves pictures of the page there (docs/web.png).
//
// Expected answers come from the server's own API, never from this file.
'use strict';

const {test, before, after} = require('node:test');
const assert = require('node:assert/strict');
const {spawn} = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
let chromium;
try {
  ({chromium} = require('playwright-core'));
} catch (e) {
  console.error('playwright-core is missing: run scripts/install_browser_deps.sh');
  process.exit(1);
}

function option(name, fallback) {
  const i = process.argv.indexOf('--' + name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const SERVER = option('server', process.env.SLIDEDB_SERVE || 'build/slidedb-serve');
const DB = option('db', process.env.SLIDEDB_TEST_DB);
const WEB = option('web', '');
const CHROMIUM = option('chromium', process.env.SLIDEDB_CHROMIUM || '/usr/bin/chromium');
const SHOTS = option('screenshots', '');

let server = null;
let base = '';
let context = null;
let profile = '';

// Starts the server and waits for its `listening on http://ADDR:PORT` line.
function startServer() {
  const args = ['--port', '0'];
  if (DB) args.push('--db', DB);
  // The page built into the server, unless --web names a folder.
  if (WEB) args.push('--web', WEB);
  const child = spawn(SERVER, args, {stdio: ['ignore', 'pipe', 'pipe']});
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('no "listening on" line in 20 s: ' + stderr)), 20000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({child, url: m[1].replace(/\/$/, '')});
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${SERVER} exited with ${code}: ${stderr}`));
    });
  });
}

async function apiGet(pathAndQuery) {
  const res = await fetch(base + pathAndQuery);
  return {status: res.status, body: await res.json()};
}

before(async () => {
  const s = await startServer();
  server = s.child;
  base = s.url;
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'slidedb-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--no-proxy-server'],
    viewport: {width: 1200, height: 900},
  });
  context.setDefaultTimeout(20000);
});

after(async () => {
  if (context) await context.close();
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      if (server.exitCode !== null) return r();
      const t = setTimeout(() => { server.kill('SIGKILL'); r(); }, 5000);
      server.on('exit', () => { clearTimeout(t); r(); });
    });
  }
  if (profile) fs.rmSync(profile, {recursive: true, force: true});
});

// Opens the page at `query` and fails the test on any script error.
async function open(query, viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(base + '/' + (query || ''));
  return page;
}

const status = (page) => page.getByRole('status');
const button = (page, name) => page.getByRole('button', {name, exact: true});
const tile = (page, n) => button(page, `Tile ${n}`);

function movesText(d) {
  return d === 0 ? 'Solved' : `${d} ${d === 1 ? 'move' : 'moves'} to the goal`;
}

async function expectStatus(page, text) {
  await page.waitForFunction(
      (t) => document.querySelector('[role=status]').textContent.trim() === t, text);
}

async function expectedDistance(query) {
  const {status: code, body} = await apiGet('/api/solve?' + query);
  assert.equal(code, 200, JSON.stringify(body));
  return body.distance;
}

// Opens the page at a 3x3 start and waits for the distance the API gives.
async function openAt(start, viewport) {
  const d = await expectedDistance(`start=${start}`);
  const page = await open(`?start=${start}`, viewport);
  await expectStatus(page, movesText(d));
  return {page, d};
}

async function setSpeed(page, which) {
  await page.locator('#speed').evaluate((el, w) => {
    el.value = el[w];
    el.dispatchEvent(new Event('input', {bubbles: true}));
  }, which);
}

async function shot(page, name, fullPage = true) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, {recursive: true});
  await page.screenshot({path: path.join(SHOTS, name), fullPage});
}

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
  assert.ok(new URL(page.url()).searchParams.get('start').length === 9);
  assert.equal(new URL(page.url()).searchParams.get('start'), best.state);
  // Arrow keys: every arrow that can move a tile changes the distance by one,
  // as the API says for the state reached.
  const {body: next} = await apiGet(`/api/moves?start=${best.state}`);
  const key = {U: 'ArrowDown', D: 'ArrowUp', L: 'ArrowRight', R: 'ArrowLeft'};
  const m = next.moves[0];
  await page.locator('body').focus();
  await page.keyboard.press(key[m.move]);
  await expectStatus(page, movesText(m.distance));
  assert.equal(new URL(page.url()).searchParams.get('start'), m.state);
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
  const cdp = await context.newCDPSession(page);
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
  assert.equal(new URL(page.url()).searchParams.get('start'), right.state);
  // A tap on a tile next to the blank moves it.
  const {body: next} = await apiGet(`/api/moves?start=${right.state}`);
  const m = next.moves.find((n) => n.move !== 'L');
  const tb = await tile(page, m.tile).boundingBox();
  const at = [{x: tb.x + tb.width / 2, y: tb.y + tb.height / 2}];
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: at});
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  await expectStatus(page, movesText(m.distance));
  assert.equal(new URL(page.url()).searchParams.get('start'), m.state);
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

// Only with --screenshots: the picture in docs/.
if (SHOTS) test('screenshot of the page', async () => {
  const page = await open('?start=721503648');
  await page.waitForSelector('#board .tile.good');
  await button(page, 'Hint').click();
  await shot(page, 'web.png');
  await page.close();
});
