// One server on two databases (slidedb-serve --db A --db B, issue 37): the
// page's board menu offers the boards of both. Run as harness.js says, with
// --db A --db4 B.
'use strict';

const {test} = require('node:test');
const assert = require('node:assert/strict');
const {option, serve, apiGet, open, expectStatus} = require('./harness');

const first = option('db', process.env.SLIDEDB_TEST_DB);
const second = option('db4', process.env.SLIDEDB_FACES_DB);
serve([first, second]);

test('the board menu offers the boards of both databases', async () => {
  const {status, body} = await apiGet('/api/tables');
  assert.equal(status, 200);
  const boardsOf = (db) => new Set(body.tables.filter((t) => t.database === db).map((t) => t.board));
  const fromFirst = boardsOf(first);
  const fromSecond = boardsOf(second);
  assert.ok(fromFirst.size > 0, 'the first database answers a board');
  assert.ok(fromSecond.size > 0, 'the second database answers a board the first has not');
  const page = await open('?start=123456780');
  await expectStatus(page, 'Solved');
  const offered = new Set(await page.getByLabel('Board', {exact: true}).locator('option')
      .evaluateAll((os) => os.map((o) => o.value)));
  for (const b of [...fromFirst, ...fromSecond]) assert.ok(offered.has(b), `${b} is offered`);
  await page.close();
});
