// The page when the server gives no answer (a 503 here, as a busy server
// or one gone gives none): the board, its goal, Hint and the clock stay
// true. Run as harness.js says, with --db4 naming a database with the
// 4x4's pattern databases.
//
// Expected answers come from the server's own API, never from this file.
'use strict';

const {test} = require('node:test');
const assert = require('node:assert/strict');
const {option, serve, apiGet, open, button, tile, movesText, expectStatus} = require('./harness');

serve(option('db4', process.env.SLIDEDB_FACES_DB));

const BUSY = '{"error":"no answer within the server\'s time for one request"}';
const text = (page, id) => page.locator('#' + id).textContent();
const boardTiles = (page) => page.getByRole('group', {name: 'Puzzle board'})
    .getByRole('button').evaluateAll((bs) => bs.filter(
        (b) => /^Tile /.test(b.getAttribute('aria-label'))).length);

// Answers /api/moves with a 503 (or `status` and `body`) for the
// requests `refused(params)` picks.
function refuse(page, refused, status = 503, body = BUSY) {
  return page.route('**/api/moves*', (route) => {
    const params = new URL(route.request().url()).searchParams;
    return refused(params)
        ? route.fulfill({status, contentType: 'application/json', body})
        : route.continue();
  });
}

test('a board whose first position the server cannot answer still gets a board', async () => {
  const page = await open('?board=3x3&start=123456708');
  await expectStatus(page, movesText(1));
  await refuse(page, (p) => p.get('board') === '4x4');
  await page.getByLabel('Board', {exact: true}).selectOption('4x4');
  // The goal of the new board, with the server's message; once: no
  // "Searching…" that nothing answers, no 3x3 tiles left behind.
  await page.waitForFunction(() => /No answer from the server/.test(
      document.querySelector('[role=status]').textContent));
  assert.equal(await boardTiles(page), 15);
  const {body} = await apiGet('/api/tables?board=4x4');
  const goal = body.tables.find((t) => t.goal_blank === 15).goal;
  assert.equal(await text(page, 'goal-text'), goal);
  assert.equal(new URL(page.url()).searchParams.get('board'), '4x4');
  // The server back: a move is answered, on the 4x4 board.
  await page.unroute('**/api/moves*');
  await page.keyboard.press('ArrowDown');  // the blank goes up
  await expectStatus(page, movesText(1));
  await button(page, 'Reset').click();
  assert.equal(await boardTiles(page), 15);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a start the server could not answer shows its goal and the tiles on it', async () => {
  const start = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15';
  const page = await open(`?board=4x4&start=${start}`, undefined,
                          (p) => refuse(p, (q) => q.get('start') === start));
  await page.waitForFunction(() => /No answer from the server/.test(
      document.querySelector('[role=status]').textContent));
  const {body} = await apiGet('/api/tables?board=4x4');
  assert.equal(await text(page, 'goal-text'), body.tables.find((t) => t.goal_blank === 15).goal);
  assert.equal(await page.locator('.tile.home').count(), 14);
  assert.deepEqual(page.errors, []);
  await page.close();
  // A start in other labels: no goal of the board's numbers is guessed,
  // and the server's answer, when it comes, gives the start's own.
  const letters = 'abcdefg_h';
  const other = await open(`?start=${letters}`, undefined,
                           (p) => refuse(p, (q) => q.get('start') === letters));
  await other.waitForFunction(() => /No answer from the server/.test(
      document.querySelector('[role=status]').textContent));
  assert.equal(await text(other, 'goal-text'), '');
  await other.unroute('**/api/moves*');
  await other.keyboard.press('ArrowDown');  // the blank goes up
  await other.waitForFunction(() => /to the goal/.test(
      document.querySelector('[role=status]').textContent));
  const {body: solved} = await apiGet(`/api/solve?start=${letters}`);
  assert.equal(await text(other, 'goal-text'), solved.goal);
  assert.deepEqual(other.errors, []);
  await other.close();
});

test('a start whose tables pass the whole memory limit (501) is kept, with the server\'s words', async () => {
  const start = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15';
  const said = 'the multi-tile search of 4x4/b15 (its walking-distance tables) would need ' +
               'about 721 MiB, more than the memory limit allows in all: 64 MiB ' +
               '(slidedb-serve --memory-limit); it cannot be answered under it';
  const page = await open(`?board=4x4&start=${start}`, undefined, (p) => refuse(
      p, (q) => q.get('start') === start, 501,
      JSON.stringify({error: said, code: 'NotSupported'})));
  await page.waitForFunction(() => !document.querySelector('#error').hidden);
  assert.equal(await text(page, 'error'), `The server failed (501): ${said}`);
  // Not a refusal of the start: it stays, on the board and in the link.
  assert.equal(await page.locator('#start-error').isHidden(), true);
  assert.equal(new URL(page.url()).searchParams.get('start'), start);
  assert.equal(await page.locator('.tile.home').count(), 14);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Hint says no answer came when the moves of a position were not answered', async () => {
  const start = '123456708';
  const page = await open(`?start=${start}`);
  await expectStatus(page, movesText(1));
  const {body} = await apiGet(`/api/moves?start=${start}`);
  const away = body.moves.find((m) => m.distance === 2);
  await refuse(page, (p) => p.get('start') === away.state);
  await tile(page, String(away.tile)).click();
  await page.waitForFunction(() => !document.querySelector('#error').hidden);
  await button(page, 'Hint').click();
  assert.equal(await text(page, 'hint-text'),
               'No hint: the server gave no answer for this position (see above).');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the clock of a solve the solver finished does not go back', async () => {
  const start = '123456078';  // two moves from the goal
  const page = await open(`?start=${start}`);
  await expectStatus(page, movesText(2));
  await page.keyboard.press('ArrowLeft');  // the blank goes right: one away
  await expectStatus(page, movesText(1));
  await page.waitForTimeout(1500);
  const before = parseFloat(await text(page, 'clock'));
  assert.ok(before >= 1, `${before} s after 1.5 s`);
  await button(page, 'Solve').click();
  await expectStatus(page, 'Solved');
  await page.waitForFunction(() => /Not timed/.test(document.querySelector('#clock-text').textContent));
  const after = parseFloat(await text(page, 'clock'));
  assert.ok(after >= before, `the clock went back from ${before} s to ${after} s`);
  assert.deepEqual(page.errors, []);
  await page.close();
});
