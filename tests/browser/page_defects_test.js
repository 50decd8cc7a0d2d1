// The defects a new user met on the page (issue 37), each driven as that
// user met it, by roles, against a slidedb-serve on port 0 on a database
// with the 3x3 tables, the 3x4 table and the 4x4's pattern databases
// (harness.js says how to run it; --db4 names that database).
//
// Expected answers come from the server's own API, never from this file.
'use strict';

const {test} = require('node:test');
const assert = require('node:assert/strict');
const {
  option, serve, apiGet, open, button, tile, movesText, expectStatus, expectedDistance, setSpeed,
} = require('./harness');

serve(option('db4', process.env.SLIDEDB_FACES_DB));

const text = (page, id) => page.locator('#' + id).textContent();
const params = (page) => new URL(page.url()).searchParams;
const statusShown = (page) => page.waitForFunction(() => /to the goal|Solved/.test(
    document.querySelector('[role=status]').textContent));

// The New position panel's Start box (the analysis panel has one too).
const startBox = (page) => page.locator('#start-input');

async function setStartBox(page, value) {
  await startBox(page).fill(value);
  await button(page, 'Set start').click();
}

// The buttons on the board, as a person (or a screen reader) finds them.
async function boardButtons(page) {
  return page.getByRole('group', {name: 'Puzzle board'}).getByRole('button')
      .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
}

// Each tile stands on its cell of `start` (row by row, the blank skipped).
async function expectBoard(page, start) {
  const cells = start.includes(',') ? start.split(',') : Array.from(start);
  const cols = Math.sqrt(cells.length);
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === '0' || cells[i] === '_') continue;
    const style = await tile(page, cells[i]).getAttribute('style');
    assert.match(style, new RegExp(`--r: ?${Math.floor(i / cols)};.*--c: ?${i % cols}`),
                 `tile ${cells[i]}`);
  }
}

test('a start in letters, then one in numbers: the board holds the new tiles only', async () => {
  const page = await open('?start=123456780');
  await expectStatus(page, 'Solved');
  await setStartBox(page, 'abcdefgh_');
  // The old board was solved too: its status says nothing of the new one.
  await tile(page, 'a').waitFor();
  await expectStatus(page, 'Solved');
  let labels = await boardButtons(page);
  assert.equal(labels.length, 9, labels.join('|'));
  assert.deepEqual(labels.filter((l) => l !== 'Blank').sort(),
                   ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((l) => `Tile ${l}`));
  await expectBoard(page, 'abcdefgh_');
  const start = '867254301';
  const d = await expectedDistance(`start=${start}`);
  await setStartBox(page, start);
  await expectStatus(page, movesText(d));
  labels = await boardButtons(page);
  assert.equal(labels.length, 9, labels.join('|'));
  assert.equal(labels.filter((l) => /^Tile [a-h]$/.test(l)).length, 0, labels.join('|'));
  await expectBoard(page, start);
  // A click lands on the tile shown: 5 above the blank slides down.
  const {body} = await apiGet(`/api/moves?start=${start}`);
  const up = body.moves.find((m) => m.move === 'U');
  await tile(page, '5').click();
  await expectStatus(page, movesText(up.distance));
  assert.equal(params(page).get('moves'), 'U');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a tile moved with Enter keeps the focus, whichever way it slides', async () => {
  //  8 6 7      Tile 1 slides left, 4 down, 5 right, then 1 up.
  //  2 5 4
  //  3 _ 1
  const page = await open('?start=867254301');
  await statusShown(page);
  let state = '867254301';
  for (const [label, move, way] of [['1', 'R', 'left'], ['4', 'U', 'down'],
                                    ['5', 'L', 'right'], ['1', 'D', 'up']]) {
    const {body} = await apiGet(`/api/moves?start=${state}`);
    const m = body.moves.find((x) => x.move === move);
    assert.equal(String(m.tile), label, `the test's walk: ${move} moves tile ${label}`);
    await tile(page, label).focus();
    await page.keyboard.press('Enter');
    await expectStatus(page, movesText(m.distance));
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')),
                 `Tile ${label}`, `focus after tile ${label} slid ${way}`);
    state = m.state;
  }
  // Enter again moves the focused tile back: the focus is real.
  const {body} = await apiGet(`/api/moves?start=${state}`);
  const back = body.moves.find((x) => x.move === 'U');
  await page.keyboard.press('Enter');
  await expectStatus(page, movesText(back.distance));
  assert.equal(await text(page, 'move-count'), '5');
  await page.close();
});

test('a link to a board slidedb cannot have says so, without a build command', async () => {
  for (const [board, want] of [['9x9', /Board 9x9 is not supported: .*at most 25 cells/],
                               ['1x5', /Board 1x5 is not supported/],
                               ['5x5', /plays boards of up to 16 cells/],
                               ['2x6', /no 2x6 board \(slidedb-build --board 2x6 builds it\)/]]) {
    const page = await open(`?board=${board}`);
    await page.waitForFunction(() => !document.querySelector('#board-error').hidden);
    const message = await text(page, 'board-error');
    assert.match(message, want);
    // The boards named are the page's, not all the database's (5x5 may be
    // among those).
    assert.match(message, /; the page offers [\dx, ]+ from this database\. Showing 3x3\.$/);
    if (board !== '2x6') assert.doesNotMatch(message, /slidedb-build/);
    await statusShown(page);
    await page.close();
  }
});

test('a link\'s bad start says that a random position replaced it', async () => {
  const page = await open('?start=garbage');
  await page.waitForFunction(() => /random position/.test(
      document.querySelector('#start-error').textContent));
  const message = await text(page, 'start-error');
  assert.match(message, /^The link's start 'garbage' cannot be used: .+\. A random position is shown instead\.$/);
  await statusShown(page);
  // The box keeps the refused start, to be mended.
  assert.equal(await startBox(page).inputValue(), 'garbage');
  assert.notEqual(params(page).get('start'), 'garbage');
  await page.close();
});

test('a link\'s moves may be in lower case, as the CLI reads them', async () => {
  const {body} = await apiGet('/api/moves?start=123405786');
  const r = body.moves.find((m) => m.move === 'R');
  const page = await open('?start=123405786&moves=r');
  await expectStatus(page, movesText(r.distance));
  assert.equal(await text(page, 'move-count'), '1');
  assert.equal(await page.locator('#link-error').isHidden(), true);
  assert.equal(params(page).get('moves'), 'R');
  await page.close();
});

test('a link\'s start the server has no answer for in time is kept, as is one typed', async () => {
  const busy = (page) => page.route('**/api/moves*', (route) => route.fulfill(
      {status: 503, contentType: 'application/json', body: BUSY}));
  const FAR = '0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1';
  const page = await open(`?board=4x4&start=${FAR}`, null, busy);
  await page.waitForFunction(() => !document.querySelector('#error').hidden);
  await expectStatus(page, 'No answer from the server');
  assert.equal(await text(page, 'error'), 'No answer from the server in time (503): ' +
                                          'no answer within the server\'s time for one request');
  assert.equal(await page.locator('#start-error').isHidden(), true);
  assert.equal(params(page).get('start'), FAR);
  assert.equal(await startBox(page).inputValue(), FAR);
  await expectBoard(page, FAR);
  // Typed, while the server is still busy: the board shows it.
  await setStartBox(page, NEAR);
  await page.waitForFunction((s) => new URL(location.href).searchParams.get('start') === s, NEAR);
  await expectBoard(page, NEAR);
  await expectStatus(page, 'No answer from the server');
  // The server answers again: the distance of the start kept.
  await page.unroute('**/api/moves*');
  await button(page, 'Reset').click();
  await expectStatus(page, movesText(1));
  assert.equal(await page.locator('#error').isHidden(), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the Start box\'s example is in the board\'s form', async () => {
  const page = await open('?start=123456780');
  await expectStatus(page, 'Solved');
  const box = startBox(page);
  assert.equal(await box.getAttribute('placeholder'), '123456780 or 123/456/780');
  for (const board of ['3x4', '4x4']) {
    await page.getByLabel('Board', {exact: true}).selectOption(board);
    // The new board's position, not the old one's status.
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label^="Tile "]').length === n,
                                board === '3x4' ? 11 : 15);
    await statusShown(page);
    const example = await box.getAttribute('placeholder');
    assert.match(example, /^1,2,3,…,\d+,0/, `${board}: ${example}`);
  }
  await page.close();
});

test('Set start, Shuffle and placing tiles leave the start set in the Start box', async () => {
  // A first visit's random start is in the box too.
  for (const query of ['', '?board=4x4']) {
    const first = await open(query);
    await statusShown(first);
    assert.equal(await startBox(first).inputValue(), params(first).get('start'), query);
    await first.close();
  }
  const page = await open('?start=867254301');
  await statusShown(page);
  const box = startBox(page);
  // A start set while placing tiles ends the placing, as Shuffle does.
  await button(page, 'Place tiles by clicking').click();
  await button(page, 'Empty cell 1').click();
  await setStartBox(page, '123456708');
  await expectStatus(page, movesText(1));
  await expectBoard(page, '123456708');
  assert.equal(await button(page, 'Place tiles by clicking').getAttribute('aria-pressed'), 'false');
  assert.equal(await page.locator('#edit-text').isHidden(), true);
  await setStartBox(page, '123 456 708');
  // The same state: the status does not change, the box does once the
  // server has written the start in its own form.
  await page.waitForFunction(() => document.querySelector('#start-input').value === '123456708');
  await button(page, 'Shuffle').click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('start') !== '123456708');
  await statusShown(page);
  assert.equal(await box.inputValue(), params(page).get('start'));
  // Placed by clicking: tiles 1..8 on cells 1..8, the blank last.
  await button(page, 'Place tiles by clicking').click();
  for (let i = 1; i <= 8; i++) await button(page, `Empty cell ${i}`).click();
  await expectStatus(page, 'Solved');
  assert.equal(await box.inputValue(), '123456780');
  await page.close();
});

test('rows between spaces are read as rows, as between slashes', async () => {
  const page = await open('?start=867254301');
  await statusShown(page);
  const d = await expectedDistance('start=123405786');
  await setStartBox(page, '123 405 786');
  await expectStatus(page, movesText(d));
  assert.equal(params(page).get('start'), '123405786');
  assert.equal(await page.locator('#start-error').isHidden(), true);
  await page.close();
});

test('on a phone, Shuffle and the Start box are within the first screen', async () => {
  const screen = {width: 390, height: 844};
  for (const query of ['?start=867254301', '?board=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15']) {
    const page = await open(query, screen);
    await statusShown(page);
    for (const target of [button(page, 'Shuffle'), startBox(page),
                          button(page, 'Set start'), button(page, 'Hint')]) {
      const box = await target.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= screen.height,
                `${query}: ${JSON.stringify(box)} is not within the first ${screen.height}px`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    if (query === '?start=867254301') {
      // The analysis table scrolls in its box, not the page sideways.
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowDown');
      await button(page, 'Use my moves').click();
      await page.waitForFunction(() => document.querySelectorAll('#analyse-table tbody tr').length === 2);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(wide <= 0, `with the analysis the page is ${wide}px wider than the screen`);
    }
    // The help is there, folded.
    await page.getByText('How to move tiles').click();
    await page.getByText(/Click or tap a tile next to the gap/).waitFor();
    await page.close();
  }
});

// Issue 34: a searched answer that takes a while, or never comes.
const NEAR = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15';  // 4x4, one move from the goal
const BUSY = '{"error":"no answer within the server\'s time for one request"}';
// The status line as shown: the live region and the progress beside it.
const statusText = (page) => page.evaluate(
    () => document.querySelector('#status-box').textContent);

// Holds /api/moves answers back `ms` milliseconds, as a long search would.
async function slowMoves(page, ms) {
  await page.unroute('**/api/moves*');
  await page.route('**/api/moves*', async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

// Waits for a status "Searching for the distance… S s" with S at least
// `seconds`, and returns it.
async function searchingFor(page, note, seconds) {
  const handle = await page.waitForFunction(([n, at]) => {
    const t = document.querySelector('#status-box').textContent;
    const m = new RegExp(`^Searching for the distance${n}… (\\d+\\.\\d) s$`).exec(t);
    return m && Number(m[1]) >= at ? t : null;
  }, [note.replace(/[()]/g, '\\$&'), seconds]);
  return handle.jsonValue();
}

test('a searched distance awaited counts its seconds; a 503 says so with the server\'s message', async () => {
  const page = await open(`?board=4x4&start=${NEAR}`);
  await expectStatus(page, movesText(1));
  const {body} = await apiGet(`/api/moves?board=4x4&start=${NEAR}`);
  const away = body.moves.find((m) => m.distance === 2);
  await tile(page, String(away.tile)).click();
  await expectStatus(page, movesText(2));
  // Undo: the distance is asked again, and the answer is slow.
  await slowMoves(page, 1500);
  await button(page, 'Undo').click();
  await searchingFor(page, '', 0.5);
  await expectStatus(page, movesText(1));
  // The server has no answer in time.
  await page.unroute('**/api/moves*');
  await page.route('**/api/moves*', (route) => route.fulfill(
      {status: 503, contentType: 'application/json', body: BUSY}));
  await tile(page, String(away.tile)).click();
  await expectStatus(page, movesText(2));  // known from the last answer
  await button(page, 'Undo').click();
  await expectStatus(page, 'No answer from the server');
  assert.equal(await text(page, 'error'), 'No answer from the server in time (503): ' +
                                          'no answer within the server\'s time for one request');
  await button(page, 'Hint').click();
  assert.match(await text(page, 'hint-text'), /^No hint: the server gave no answer/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the metric menu and the status agree while a multi-tile search runs and when it fails', async () => {
  const page = await open(`?board=4x4&start=${NEAR}`);
  await expectStatus(page, movesText(1));
  const mtm = (await apiGet(`/api/moves?board=4x4&metric=mtm&start=${NEAR}`)).body;
  await slowMoves(page, 1500);
  await page.getByRole('combobox', {name: 'Moves', exact: true}).selectOption('mtm');
  // While the server searches: the menu says MTM and so does the status.
  await searchingFor(page, ' (multi-tile)', 0.3);
  assert.equal(await page.getByRole('combobox', {name: 'Moves', exact: true}).inputValue(), 'mtm');
  await expectStatus(page, movesText(mtm.distance) + ' (multi-tile)');
  assert.equal(params(page).get('metric'), 'mtm');
  // Back to STM, and the server has no answer in time: the menu, the status
  // and the address stay in MTM, and the message says why.
  await page.unroute('**/api/moves*');
  await page.route('**/api/moves*', (route) => route.fulfill(
      {status: 503, contentType: 'application/json', body: BUSY}));
  await page.getByRole('combobox', {name: 'Moves', exact: true}).selectOption('stm');
  await page.waitForFunction(() => !document.querySelector('#metric-error').hidden);
  assert.equal(await text(page, 'metric-error'),
               'No answer from the server in time (503): no answer within the server\'s ' +
               'time for one request (counting multi-tile moves instead)');
  assert.equal(await page.getByRole('combobox', {name: 'Moves', exact: true}).inputValue(), 'mtm');
  await expectStatus(page, movesText(mtm.distance) + ' (multi-tile)');
  assert.equal(params(page).get('metric'), 'mtm');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the speedsolver\'s timer: moves, time, TPS, the solution in the chosen notation', async () => {
  const start = '123456078';  // the blank goes right twice
  const page = await open(`?start=${start}`);
  await expectStatus(page, movesText(2));
  assert.equal(await text(page, 'clock'), '0.0 s');
  const {body} = await apiGet(`/api/moves?start=${start}`);
  const first = body.moves.find((m) => m.move === 'R');
  await tile(page, String(first.tile)).click();
  await expectStatus(page, movesText(1));
  await page.waitForTimeout(300);  // a solve takes some time
  const {body: next} = await apiGet(`/api/moves?start=${first.state}`);
  await tile(page, String(next.moves.find((m) => m.move === 'R').tile)).click();
  await expectStatus(page, 'Solved');
  const said = await text(page, 'clock-text');
  const m = /^Timed solve: 2 moves in (\d+\.\d{3}) s, (\d+\.\d{2}) TPS; the fewest possible: 2\. Solution \(blank notation\): R R$/.exec(said);
  assert.ok(m, said);
  const seconds = Number(m[1]);
  assert.ok(seconds > 0, said);
  assert.equal(m[2], (2 / seconds).toFixed(2), 'TPS is the moves over the time');
  // The clock stopped at the last move.
  assert.equal(await text(page, 'clock'), `${m[1]} s`);
  await page.waitForTimeout(250);
  assert.equal(await text(page, 'clock'), `${m[1]} s`);
  // The tiles' notation, as chosen in the analysis panel.
  await page.getByLabel('Notation').selectOption('tile');
  assert.match(await text(page, 'clock-text'), /Solution \(tile notation\): L L$/);
  await page.getByLabel('Notation').selectOption('blank');
  // Undo: no solve is shown while the board is not at the goal, and the
  // clock runs on to the move that reaches it again, two moves later.
  await button(page, 'Undo').click();
  await expectStatus(page, movesText(1));
  assert.equal(await text(page, 'clock-text'), '');
  await page.waitForTimeout(1000);
  await page.keyboard.press('ArrowDown');  // the blank goes up, then back
  await expectStatus(page, movesText(2));
  await page.keyboard.press('ArrowUp');
  await expectStatus(page, movesText(1));
  await page.keyboard.press('ArrowLeft');
  await expectStatus(page, 'Solved');
  const again = /^Timed solve: 4 moves in (\d+\.\d{3}) s, [\d.]+ TPS; the fewest possible: 2\. Solution \(blank notation\): R U D R$/.exec(
      await text(page, 'clock-text'));
  assert.ok(again, await text(page, 'clock-text'));
  assert.ok(Number(again[1]) >= seconds + 1, `${again[1]} s after ${seconds} s and a 1 s wait`);
  assert.equal(await text(page, 'clock'), `${again[1]} s`);
  // Reset: a new solve, untimed until its first move.
  await button(page, 'Reset').click();
  await expectStatus(page, movesText(2));
  assert.equal(await text(page, 'clock'), '0.0 s');
  assert.equal(await text(page, 'clock-text'), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a timed solve from a start the server could not answer does not say "null"', async () => {
  const start = '123456078';  // the blank goes right twice
  const page = await open(`?start=${start}`, undefined, (p) => p.route('**/api/moves*', (route) => {
    const asked = new URL(route.request().url()).searchParams.get('start');
    return asked === start ? route.fulfill({status: 503, contentType: 'application/json', body: BUSY})
                           : route.continue();
  }));
  await page.waitForFunction(() => !document.querySelector('#error').hidden);
  const {body} = await apiGet(`/api/moves?start=${start}`);
  const first = body.moves.find((m) => m.move === 'R');
  await tile(page, String(first.tile)).click();
  await expectStatus(page, movesText(1));
  const {body: next} = await apiGet(`/api/moves?start=${first.state}`);
  await tile(page, String(next.moves.find((m) => m.move === 'R').tile)).click();
  await expectStatus(page, 'Solved');
  const said = await text(page, 'clock-text');
  assert.match(said, /^Timed solve: 2 moves in \d+\.\d{3} s, [\d.]+ TPS\. Solution \(blank notation\): R R$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test(
    'Solve\'s optimal solutions can be browsed: "3 of 40", next and previous',
    async () => {
      // Read off the 3x3's table, and (4x4) counted by a second search.
      for (const [board, start] of [
               ['3x3', '867254301'],
               ['4x4', '1,3,7,4,9,5,10,8,0,2,6,15,13,14,12,11']]) {
        await browseSolutions(board, start);
      }
    });

async function browseSolutions(board, start) {
  const page = await open(`?board=${board}&start=${start}`);
  await statusShown(page);
  const {body} = await apiGet(
      `/api/solve?board=${board}&start=${start}&count=1&all=1&limit=100`);
  const played =
      (await apiGet(`/api/solve?board=${board}&start=${start}`)).body.moves;
  const i = body.solutions.indexOf(played);
  assert.ok(i >= 0 && i + 1 < body.solutions.length, 'the test needs a next solution');
  await setSpeed(page, 'min');
  await button(page, 'Solve').click();
  await button(page, 'Pause').click();
  const n = body.optimal_solutions;
  await page.waitForFunction((t) => document.querySelector('#solutions-text').textContent === t,
                             `${i + 1} of ${n} optimal solutions`);
  assert.match(await text(page, 'solution-text'), new RegExp(`^moves: ${played}\\n`));
  // Next: the next one listed, played from the start.
  await button(page, 'Next solution').click();
  assert.equal(await text(page, 'solutions-text'), `${i + 2} of ${n} optimal solutions`);
  const other = body.solutions[i + 1];
  assert.match(await text(page, 'solution-text'), new RegExp(`^moves: ${other}\\n`));
  assert.equal(await text(page, 'move-count'), '0');
  await setSpeed(page, 'max');
  await button(page, 'Play').click();
  await expectStatus(page, 'Solved');
  assert.equal(params(page).get('moves'), other);
  // Previous goes back to the one played first.
  await button(page, 'Previous solution').click();
  assert.equal(await text(page, 'solutions-text'), `${i + 1} of ${n} optimal solutions`);
  assert.match(await text(page, 'solution-text'), new RegExp(`^moves: ${played}\\n`));
  await expectStatus(page, movesText(body.distance));
  assert.deepEqual(page.errors, []);
  await page.close();
}
