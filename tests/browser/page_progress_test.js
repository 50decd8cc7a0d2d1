// A searched answer's progress and Cancel on the page (issue 37): the
// status line shows the bound of the server's search and the seconds
// waited, and Cancel stops the search on the server. Run as harness.js
// says, with --db4 naming a database with the 4x4's pattern databases.
//
// Expected answers come from the server's own API, never from this file.
'use strict';

const {test, after} = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {option, serve, apiGet, open, button, tile, movesText, expectStatus} =
    require('./harness');

// The work time far above the far search's first minutes: only a cancel
// ends it within the test. The access log says how each request ended.
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'slidedb-progress-'));
const LOG = path.join(DIR, 'access.log');
serve(option('db4', process.env.SLIDEDB_FACES_DB),
      ['--work-timeout', '600', '--access-log', LOG]);
after(() => fs.rmSync(DIR, {recursive: true, force: true}));

const NEAR = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15';  // one move from the goal
// 80 moves from the goal: minutes of search with the test's pattern
// databases, so it is still running whenever it is cancelled.
const FAR = '0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1';
// Hang guards, far above any wait here on a busy machine.
const GUARD = 120000;

// The status line as shown: the live region and the progress beside it.
const statusText = (page) => page.evaluate(
    () => document.querySelector('#status-box').textContent);

// The progress ids of the page's /api/moves questions about `start`.
function progressIds(page, start) {
  const ids = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.endsWith('/api/moves') && u.searchParams.get('start') === start) {
      ids.push(u.searchParams.get('progress'));
    }
  });
  return ids;
}

test('a far start shows the search\'s bound; Cancel stops it on the server', async () => {
  const page = await open(`?board=4x4&start=${NEAR}`);
  await expectStatus(page, movesText(1));
  assert.ok(await button(page, 'Cancel').isHidden());
  const ids = progressIds(page, FAR);
  await page.locator('#start-input').fill(FAR);
  await button(page, 'Set start').click();
  await page.waitForFunction(() => /^Searching for the distance… bound \d+, \d+\.\d s$/.test(
      document.querySelector('#status-box').textContent), null, {timeout: GUARD});
  // The page asked with an id, and the server is searching under it. The
  // page's bound is read first: it is one the server had reached, at most
  // the server's now (read the other way round, the page may have polled
  // a deeper iteration in between: CI once saw "74 then 72").
  assert.equal(ids.length, 1);
  assert.match(ids[0], /^[A-Za-z0-9_-]{1,64}$/);
  const shown = Number(/bound (\d+)/.exec(await statusText(page))[1]);
  const running = await apiGet(`/api/progress?id=${ids[0]}`);
  assert.equal(running.status, 200, JSON.stringify(running.body));
  assert.equal(running.body.running, true);
  assert.ok(shown <= running.body.bound, `${shown} then ${running.body.bound}`);

  await button(page, 'Cancel').click();
  // The board stays as it was, and the status says what happened.
  await expectStatus(page, `Search cancelled. ${movesText(1)}`);
  await button(page, 'Cancel').waitFor({state: 'hidden'});
  assert.equal(await page.locator('#error').isHidden(), true);
  // The server saw the client leave: the search ended (its id is gone)
  // long before the minutes it takes, and the access log says 499.
  const until = Date.now() + GUARD;
  for (;;) {
    const {status} = await apiGet(`/api/progress?id=${ids[0]}`);
    if (status === 404) break;
    assert.ok(Date.now() < until, 'the search still runs after Cancel');
    await new Promise((r) => setTimeout(r, 100));
  }
  const far = fs.readFileSync(LOG, 'utf8').split('\n').filter(
      (l) => l.includes(`progress=${ids[0]}`));
  assert.equal(far.length, 1, far.join('\n'));
  assert.match(far[0], /" 499 /);
  // Still playable: the one move to the goal solves it.
  const {body} = await apiGet(`/api/moves?board=4x4&start=${NEAR}`);
  const best = body.moves.find((m) => m.distance === 0);
  await tile(page, String(best.tile)).click();
  await expectStatus(page, 'Solved');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('when the answer comes, the progress goes and the distance is shown', async () => {
  const page = await open(`?board=4x4&start=${NEAR}`);
  await expectStatus(page, movesText(1));
  const {body} = await apiGet(`/api/moves?board=4x4&start=${NEAR}`);
  const away = body.moves.find((m) => m.distance === 2);
  // A slow answer, and a search that says where it is meanwhile.
  await page.route('**/api/moves*', async (route) => {
    await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });
  await page.route('**/api/progress*', (route) => route.fulfill({
    status: 200, contentType: 'application/json',
    body: '{"id":"x","running":true,"bound":7,"states":120,"seconds":1.2}'}));
  // What the live region says, each time it changes.
  await page.evaluate(() => {
    const live = document.querySelector('[role=status]');
    window.announced = [];
    new MutationObserver(() => window.announced.push(live.textContent))
        .observe(live, {childList: true, characterData: true, subtree: true});
  });
  await tile(page, String(away.tile)).click();
  await page.waitForFunction(() => /^Searching for the distance… bound 7, \d+\.\d s$/.test(
      document.querySelector('#status-box').textContent), null, {timeout: GUARD});
  assert.ok(await button(page, 'Cancel').isVisible());
  // The bound and the seconds tick outside the live region: a screen
  // reader hears that the search runs, once, not ten times a second.
  assert.equal(await page.getByRole('status').textContent(), 'Searching for the distance…');
  await expectStatus(page, movesText(2));
  const announced = await page.evaluate(() => window.announced);
  assert.ok(announced.length <= 4, announced.join(' | '));
  assert.ok(await button(page, 'Cancel').isHidden());
  assert.deepEqual(page.errors, []);
  await page.close();
});
