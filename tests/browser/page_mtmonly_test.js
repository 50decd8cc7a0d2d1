// The page on a database whose only table of a board is multi-tile (MTM):
// the test builds one, 3x3 with --metric mtm alone, with the slidedb-build
// beside the --server binary (or --build names it), in a folder of its
// own, in well under a second.
//
//   node page_mtmonly_test.js --server build/slidedb-serve [--build build/slidedb-build]
//
// Expected answers come from the server's own API, never from this file.
'use strict';

const {test, before, after} = require('node:test');
const assert = require('node:assert/strict');
const {execFileSync} = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {option, serve, apiGet, open, movesText, expectStatus} = require('./harness');

const SERVER = option('server', process.env.SLIDEDB_SERVE || 'build/slidedb-serve');
const BUILD = option('build', path.join(path.dirname(SERVER), 'slidedb-build'));
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'slidedb-mtmonly-'));
const DB = path.join(DIR, 'db');

// Registered before serve()'s hooks, so the database is there when the
// server starts.
before(() => {
  execFileSync(BUILD, ['--db', DB, '--board', '3x3', '--metric', 'mtm', '--quiet']);
});
serve(DB);
after(() => fs.rmSync(DIR, {recursive: true, force: true}));

const text = (page, id) => page.locator('#' + id).textContent();
const metricMenu = (page) => page.locator('#metric-select');

test('a first visit plays the board in the metric its table counts', async () => {
  const {body: listed} = await apiGet('/api/tables');
  const tables = Array.isArray(listed) ? listed : listed.tables;
  assert.ok(tables.length > 0 && tables.every((t) => t.board === '3x3' && t.metric === 'mtm'),
            JSON.stringify(tables));
  const page = await open('');
  // A drawn start, its distance counted in MTM.
  await page.waitForFunction(() => /^(\d+ moves? to the goal \(multi-tile\)|Solved)$/.test(
      document.querySelector('[role=status]').textContent));
  assert.equal(await metricMenu(page).inputValue(), 'mtm');
  const start = new URL(page.url()).searchParams.get('start');
  assert.equal(new URL(page.url()).searchParams.get('metric'), 'mtm');
  const {status, body} = await apiGet(`/api/moves?board=3x3&metric=mtm&start=${start}`);
  assert.equal(status, 200, JSON.stringify(body));
  const want = body.distance === 0 ? 'Solved' : `${movesText(body.distance)} (multi-tile)`;
  await expectStatus(page, want);
  assert.equal(await page.getByRole('group', {name: 'Puzzle board'}).getByRole('button').count(), 9);
  assert.equal(await text(page, 'goal-text'), body.goal);
  assert.ok(await page.locator('#shuffle-distance option').count() > 1);
  // Nothing failed, and nothing is said beside the menu: no metric was asked.
  assert.ok(await page.locator('#error').isHidden());
  assert.ok(await page.locator('#metric-error').isHidden());
  // STM chosen: the server has no table for it; the page says so and
  // counts multi-tile moves still.
  await metricMenu(page).selectOption('stm');
  await page.locator('#metric-error').waitFor({state: 'visible'});
  assert.match(await text(page, 'metric-error'), /counting multi-tile moves instead/);
  assert.equal(await metricMenu(page).inputValue(), 'mtm');
  await expectStatus(page, want);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a link asking for single-tile moves is played in multi-tile, and says why', async () => {
  const page = await open('?board=3x3&metric=stm&start=123456780');
  await expectStatus(page, 'Solved');
  assert.equal(await metricMenu(page).inputValue(), 'mtm');
  assert.equal(await text(page, 'metric-error'),
               '3x3 has no single-tile table in this database: counting multi-tile moves');
  assert.ok(await page.locator('#error').isHidden());
  assert.deepEqual(page.errors, []);
  await page.close();
});
