// The page as a new user meets it: the 15-puzzle played with exact hints,
// and each defect a new user once tripped over, against a slidedb-serve on
// port 0 on a database with the 3x3 tables and the 4x4's pattern databases
// (harness.js says how to run it; --db4 names that database).
//
// Expected answers come from the server's own API, never from this file.
'use strict';

const {test} = require('node:test');
const assert = require('node:assert/strict');
const {
  option, serve, apiGet, open, button, tile, movesText, expectStatus,
  expectedDistance, setSpeed, shot,
} = require('./harness');

const H = serve(option('db4', process.env.SLIDEDB_FACES_DB));

const text = (page, id) => page.locator('#' + id).textContent();
const params = (page) => new URL(page.url()).searchParams;

// A 4x4 start some moves from the goal, made here by a walk of the blank.
function walk4x4(steps, seed) {
  const cells = [...Array(15).keys()].map((i) => String(i + 1)).concat('0');
  let b = 15, prev = -1, x = seed;
  for (let k = 0; k < steps; k++) {
    const options = [-4, 4, -1, 1].filter((d) => {
      const to = b + d;
      return to >= 0 && to < 16 && (Math.abs(d) === 4 || Math.floor(to / 4) === Math.floor(b / 4)) &&
             to !== prev;
    });
    x = (x * 1103515245 + 12345) % 2147483648;
    const to = b + options[x % options.length];
    [cells[b], cells[to]] = [cells[to], cells[b]];
    prev = b;
    b = to;
  }
  return cells.join(',');
}

// Clicks Shuffle until the page shows a new position, and returns its start.
// A uniformly random 15-puzzle position can, rarely, take the search on the
// test's 5-5-5 pattern databases past the server's time for one request (a
// few seconds of search, more on a busy machine): the page says so beside
// the old board, and a person would Shuffle again.
async function shuffle(page) {
  for (let tries = 1; ; tries++) {
    const before = params(page).get('start');
    await button(page, 'Shuffle').click();
    // The new position's link, or an error beside the old board (not the
    // status: on a busy machine it may not yet say "Drawing" when asked).
    await page.waitForFunction(
        (old) => new URLSearchParams(location.search).get('start') !== old ||
                 !document.querySelector('#error').hidden,
        before, {timeout: 30000});
    const start = params(page).get('start');
    if (start !== before) return start;
    assert.ok(tries < 3, await text(page, 'error'));
  }
}

test('the board menu offers the 15-puzzle, and it plays with exact marks', async () => {
  const {body: tables} = await apiGet('/api/tables');
  assert.ok(tables.tables.some((t) => t.board === '4x4' && t.kind === 'pdb'));
  const start = walk4x4(24, 7);
  const d = await expectedDistance(`board=4x4&start=${start}`);
  const page = await open(`?board=4x4&start=${start}`);
  await expectStatus(page, movesText(d));
  const options = await page.locator('#board-select option').allTextContents();
  assert.ok(options.some((o) => o.startsWith('4x4')), options.join('|'));
  assert.equal(await page.locator('#board .tile').count(), 16);
  // Each movable tile is marked as /api/moves says: exact distances.
  const {body: moves} = await apiGet(`/api/moves?board=4x4&start=${start}`);
  for (const m of moves.moves) {
    const want = m.distance === moves.distance - 1 ? 'good' : 'bad';
    await page.waitForFunction(([n, c]) => document.querySelector(
        `[aria-label="Tile ${n}"]`).classList.contains(c), [String(m.tile), want]);
  }
  // Hint names the optimal tile; moving it brings the goal one closer.
  await button(page, 'Hint').click();
  const best = moves.moves.find((m) => m.distance === moves.distance - 1);
  assert.match(await text(page, 'hint-text'), new RegExp(`tile ${best.tile} `));
  await shot(page, 'web-15.png');
  await tile(page, best.tile).click();
  await expectStatus(page, movesText(d - 1));
  assert.equal(await text(page, 'hint-text'), '');
  // A move away, then Undo and Reset.
  const {body: next} = await apiGet(`/api/moves?board=4x4&start=${best.state}`);
  const worse = next.moves.find((m) => m.distance === d);
  await tile(page, worse.tile).click();
  await expectStatus(page, movesText(d));
  await button(page, 'Undo').click();
  await expectStatus(page, movesText(d - 1));
  await button(page, 'Reset').click();
  await expectStatus(page, movesText(d));
  // Solve plays to the goal; the moves are the solver's.
  await setSpeed(page, 'max');
  await button(page, 'Solve').click();
  await expectStatus(page, 'Solved');
  await page.waitForFunction(() => /played/.test(document.querySelector('#player-text').textContent));
  assert.equal(await text(page, 'player-text'), `Optimal solution played: ${d} moves.`);
  assert.equal(await text(page, 'hint-text'),
               `The solver played an optimal solution: ${d} moves.`);
  // The solution as text: the CLI's letters and the tiles that slide.
  const {body: solved} = await apiGet(`/api/solve?board=4x4&start=${start}`);
  assert.equal(await text(page, 'solution-text'),
               `moves: ${solved.moves}\ntiles: ${solved.tiles.join(' ')}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Shuffle on 4x4: a random solvable position or N moves, with its exact distance', async () => {
  const page = await open('?board=4x4&start=' + walk4x4(10, 3));
  await page.waitForFunction(() => /to the goal/.test(document.querySelector('[role=status]').textContent));
  const menu = await page.locator('#shuffle-distance option').allTextContents();
  assert.ok(menu.includes('uniformly random') && menu.includes('20 random moves'), menu.join('|'));
  for (const choice of ['moves:20', '']) {
    await page.selectOption('#shuffle-distance', choice);
    const start = await shuffle(page);
    const d = await expectedDistance(`board=4x4&start=${start}`);
    await expectStatus(page, movesText(d));
    if (choice === 'moves:20') assert.ok(d <= 20 && d % 2 === 0, `${d} after 20 moves`);
  }
  assert.match(await text(page, 'histogram-text'), /search/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('after a Hint and Solve, no stale hint stays', async () => {
  const start = '867254301';
  const page = await open(`?start=${start}`);
  await expectStatus(page, movesText(await expectedDistance(`start=${start}`)));
  await button(page, 'Hint').click();
  assert.match(await text(page, 'hint-text'), /^Hint/);
  await setSpeed(page, 'min');
  await button(page, 'Solve').click();
  await page.waitForFunction(() => document.querySelector('#hint-text').textContent === '');
  await page.locator('#step-forward').click();
  assert.equal(await text(page, 'hint-text'), '');
  await page.close();
});

test('a quoted start works as the help shows it', async () => {
  const page = await open('');
  await page.waitForSelector('#board .tile');
  await page.fill('#start-input', '"8 6 7 2 5 4 3 0 1"');
  await page.click('#start-set');
  await expectStatus(page, movesText(await expectedDistance('start=867254301')));
  assert.equal(params(page).get('start'), '867254301');
  assert.equal(await page.locator('#start-input').getAttribute('aria-invalid'), null);
  await page.close();
});

test('a bad start is said beside the Start box, marked, with a board to play', async () => {
  for (const query of ['?start=garbage', '?board=3x4&start=123456780']) {
    const page = await open(query);
    await page.waitForFunction(() => !document.querySelector('#start-error').hidden);
    assert.match(await text(page, 'start-error'), /garbage|cells|tiles|board/);
    assert.equal(await page.locator('#start-input').getAttribute('aria-invalid'), 'true');
    await page.waitForFunction(() => /to the goal|Solved/.test(
        document.querySelector('[role=status]').textContent));
    assert.ok(await page.locator('#board .tile.movable').count() > 0);
    // A good start clears the mark.
    await page.fill('#start-input', params(page).get('start'));
    await page.click('#start-set');
    await page.waitForFunction(() => document.querySelector('#start-error').hidden);
    assert.equal(await page.locator('#start-input').getAttribute('aria-invalid'), null);
    await page.close();
  }
});

test('a link to a bad goal or an unbuilt board says so and leaves a playable board', async () => {
  let page = await open('?goal=garbage');
  await page.waitForFunction(() => !document.querySelector('#goal-error').hidden);
  assert.match(await text(page, 'goal-error'), /goal 'garbage'/);
  await page.waitForFunction(() => /to the goal|Solved/.test(
      document.querySelector('[role=status]').textContent));
  await page.close();
  // 9x9: no board slidedb has (page_defects_test.js has the other cases).
  for (const [board, want] of [['9x9', /Board 9x9 is not supported/], ['3x5', /no 3x5 board/]]) {
    page = await open(`?board=${board}`);
    await page.waitForFunction(() => !document.querySelector('#board-error').hidden);
    assert.match(await text(page, 'board-error'), want);
    const options = await page.locator('#board-select option').evaluateAll(
        (os) => os.map((o) => o.value));
    assert.ok(!options.includes(board), options.join('|'));
    await page.waitForFunction(() => /to the goal|Solved/.test(
        document.querySelector('[role=status]').textContent));
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('the solved message counts the user\'s moves apart from the solver\'s, after a reload too', async () => {
  const start = '123456708';  // one move: the user's
  let page = await open(`?start=${start}`);
  await expectStatus(page, movesText(1));
  await tile(page, '8').click();
  await expectStatus(page, 'Solved');
  assert.equal(await text(page, 'hint-text'), 'Solved in 1 move: as few as possible.');
  await page.close();
  // Two moves from the goal: the user makes one, the solver the other.
  const two = '123456078';
  page = await open(`?start=${two}`);
  await expectStatus(page, movesText(2));
  await tile(page, '7').click();
  await expectStatus(page, movesText(1));
  await setSpeed(page, 'max');
  await button(page, 'Solve').click();
  await expectStatus(page, 'Solved');
  await page.waitForFunction(() => /solver/.test(document.querySelector('#hint-text').textContent));
  const helped = 'Solved with the solver\'s help: 1 move by you, ' +
                 '1 by the solver; the fewest possible from the start is 2.';
  assert.equal(await text(page, 'hint-text'), helped);
  // The link names the solver's step; reloaded, the message is the same.
  const href = await page.locator('#permalink').getAttribute('href');
  assert.equal(new URLSearchParams(href.split('?')[1]).get('solver'), '2', href);
  await page.close();
  page = await open(href.replace(/^\//, ''));
  await expectStatus(page, 'Solved');
  await page.waitForFunction(() => /solver/.test(document.querySelector('#hint-text').textContent));
  assert.equal(await text(page, 'hint-text'), helped);
  // Undo takes the solver's move back, and the link no longer names it.
  await button(page, 'Undo').click();
  await expectStatus(page, movesText(1));
  assert.equal(params(page).get('solver'), null);
  await page.close();
  // Numbers no step has, however large, and what is no number: the
  // link's move stays the user's, read at once.
  page = await open(`?start=${two}&moves=R&solver=9007199254740992,2-${'9'.repeat(400)},x,3-1`);
  await expectStatus(page, movesText(1));
  assert.equal(await text(page, 'move-count'), '1');
  await tile(page, '8').click();
  await expectStatus(page, 'Solved');
  assert.equal(await text(page, 'hint-text'), 'Solved in 2 moves: as few as possible.');
  await page.close();
});

test('an unsolvable position: "1 inversion", and the count follows the moves', async () => {
  const page = await open('?start=213456780');
  await page.waitForFunction(() => /1 inversion \(odd\)/.test(document.querySelector('#reason').textContent));
  // A vertical move: the text is about the position shown after it.
  await tile(page, '6').click();
  const {body: after} = await apiGet('/api/moves?start=213450786');
  assert.equal(after.solvable, false);
  await page.waitForFunction((r) => document.querySelector('#reason').textContent.includes(r),
                             after.reason);
  await page.close();
});

test('the link keeps the start and the moves, commas as they are; a reload keeps the count and Undo', async () => {
  const start = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15';
  let page = await open(`?board=4x4&start=${start}`);
  await expectStatus(page, movesText(1));
  await tile(page, '14').click();
  await expectStatus(page, movesText(2));
  const href = await page.locator('#permalink').getAttribute('href');
  assert.ok(href.includes(`start=${start}&`), href);  // commas, not %2C
  assert.match(href, /moves=L(&|$)/);
  // Copy link puts the whole address on the clipboard.
  await H.context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: H.base});
  await button(page, 'Copy link').click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), H.base + href);
  await page.close();
  page = await open(href.replace(/^\//, ''));
  await expectStatus(page, movesText(2));
  assert.equal(await text(page, 'move-count'), '1');
  await button(page, 'Undo').click();
  await expectStatus(page, movesText(1));
  assert.equal(params(page).get('moves'), null);
  await page.close();
});

test('a draw the server cannot answer leaves the board as it was, with its message', async () => {
  const start = walk4x4(10, 4);
  const d = await expectedDistance(`board=4x4&start=${start}`);
  const page = await open(`?board=4x4&start=${start}`);
  await expectStatus(page, movesText(d));
  // The server's answer when a search runs out of its time.
  const busy = '{"error":"no answer within the server\'s time for one request"}';
  await page.route('**/api/moves*', (route) => route.fulfill(
      {status: 503, contentType: 'application/json', body: busy}));
  await page.selectOption('#shuffle-distance', '');
  await button(page, 'Shuffle').click();
  await page.waitForFunction(() => !document.querySelector('#error').hidden);
  assert.equal(await text(page, 'error'), 'No answer from the server in time (503): ' +
                                          'no answer within the server\'s time for one request');
  await expectStatus(page, movesText(d));
  assert.equal(params(page).get('start'), start);
  await page.close();
});

test('a link\'s illegal move is said beside the link; the moves before it are kept', async () => {
  const start = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15';
  // The blank goes left twice, then 'X' (no move), and in the second link
  // down off the bottom row.
  for (const [moves, kept] of [['LLXR', 'LL'], ['LLRRD', 'LLRR']]) {
    const page = await open(`?board=4x4&start=${start}&moves=${moves}`);
    await page.waitForFunction(() => !document.querySelector('#link-error').hidden);
    assert.match(await text(page, 'link-error'),
                 new RegExp(`stop at move ${kept.length + 1} of ${moves.length}: '${moves[kept.length]}'`));
    // The distance after the kept moves, from the server's own moves.
    let state = start;
    for (const m of kept) {
      const {body: at} = await apiGet(`/api/moves?board=4x4&start=${state}`);
      state = at.moves.find((x) => x.move === m).state;
    }
    await expectStatus(page, movesText(await expectedDistance(`board=4x4&start=${state}`)));
    assert.equal(await text(page, 'move-count'), String(kept.length));
    assert.equal(params(page).get('moves'), kept);
    // The message stays after the server's answers came.
    await page.waitForTimeout(300);
    assert.equal(await page.locator('#link-error').isHidden(), false);
    await page.close();
  }
});

test('the solution is given as text to copy, as /api/solve writes it', async () => {
  const start = walk4x4(12, 5);
  const page = await open(`?board=4x4&start=${start}`);
  await page.waitForFunction(() => /to the goal/.test(document.querySelector('[role=status]').textContent));
  await setSpeed(page, 'min');
  await button(page, 'Solve').click();
  await button(page, 'Pause').click();
  const {body: solved} = await apiGet(`/api/solve?board=4x4&start=${start}`);
  const want = `moves: ${solved.moves}\ntiles: ${solved.tiles.join(' ')}`;
  await page.waitForFunction((t) => document.querySelector('#solution-text').textContent === t, want);
  await H.context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: H.base});
  await button(page, 'Copy').click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), want);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Tab visits the tiles in the order they stand', async () => {
  const start = walk4x4(16, 11);
  const page = await open(`?board=4x4&start=${start}`);
  await page.waitForFunction(() => /to the goal/.test(document.querySelector('[role=status]').textContent));
  // Three vertical moves (a sideways one keeps the tiles' reading order):
  // the blank ends on another row, so tiles stand in another order than
  // the one they were drawn in.
  let state = start;
  for (let k = 0; k < 3; k++) {
    const {body} = await apiGet(`/api/moves?board=4x4&start=${state}`);
    const m = body.moves.find((x) => x.move === 'U' || x.move === 'D');
    await tile(page, m.tile).click();
    await expectStatus(page, movesText(m.distance));
    state = m.state;
  }
  // Tab from the first tile: the tiles as the server reads the state, row by
  // row, the blank skipped.
  const want = state.split(',').filter((l) => l !== '0');
  await tile(page, want[0]).focus();
  const seen = [];
  for (let i = 0; i < want.length; i++) {
    seen.push(await page.evaluate(() => document.activeElement.dataset.label));
    await page.keyboard.press('Tab');
  }
  assert.deepEqual(seen, want);
  await page.close();
});

test('a Hint asked while the server still searches comes when it answers', async () => {
  const start = walk4x4(14, 9);
  const page = await open(`?board=4x4&start=${start}`);
  await page.waitForFunction(() => /to the goal/.test(document.querySelector('[role=status]').textContent));
  const {body: first} = await apiGet(`/api/moves?board=4x4&start=${start}`);
  // The server's answers held back three seconds, as a long search would
  // (long enough for a busy machine to click and look meanwhile).
  await page.route('**/api/moves*', async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  await tile(page, first.moves[0].tile).click();
  await button(page, 'Hint').click();
  await page.waitForFunction(() => document.querySelector('#hint-text').textContent ===
                                   'Still asking the server…', null, {timeout: 2500});
  await page.waitForFunction(() => /^Hint:/.test(document.querySelector('#hint-text').textContent));
  const {body: next} = await apiGet(`/api/moves?board=4x4&start=${first.moves[0].state}`);
  const best = next.moves.filter((m) => m.distance === next.distance - 1).map((m) => String(m.tile));
  const named = /slide tile (\d+)/.exec(await text(page, 'hint-text'))[1];
  assert.ok(best.includes(named), `${named} is not one of ${best}`);
  await page.close();
});

test('the page\'s parity rule agrees with the server, and its draws are solvable', async () => {
  const page = await open('?board=4x4&start=' + walk4x4(4, 1));
  await page.waitForFunction(() => /to the goal/.test(document.querySelector('[role=status]').textContent));
  // Random arrangements of 3x4 and 3x3 (tables: the server answers at once),
  // each judged by the page's rule and by the server.
  const {body: tables} = await apiGet('/api/tables');
  for (const [board, cols] of [['3x4', 4], ['3x3', 3]]) {
    const goal = tables.tables.find((t) => t.board === board).goal;
    for (let k = 0; k < 12; k++) {
      const {cells, ok} = await page.evaluate(([g, c]) => {
        const cells = parseState(g);
        for (let i = cells.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [cells[i], cells[j]] = [cells[j], cells[i]];
        }
        return {cells, ok: solvable(cells, parseState(g), c)};
      }, [goal, cols]);
      const q = `board=${board}&goal=${encodeURIComponent(goal)}` +
                `&start=${encodeURIComponent(cells.join(','))}`;
      const {body} = await apiGet(`/api/moves?${q}`);
      assert.equal(ok, body.solvable !== false, `${board} ${cells}`);
    }
  }
  // Shuffle's uniformly random draws on 4x4 are solvable: each with two tiles
  // swapped is unsolvable, as the server says without a search.
  for (let k = 0; k < 20; k++) {
    const {state, swapped, ok} = await page.evaluate(() => {
      const state = randomPosition();
      const cells = parseState(state);
      const [a, b] = cells.map((l, i) => i).filter((i) => !isBlank(cells[i]));
      [cells[a], cells[b]] = [cells[b], cells[a]];
      return {state, swapped: formatState(cells), ok: solvable(cells, goalCells(), 4)};
    });
    assert.equal(ok, false, swapped);
    const {body} = await apiGet(`/api/moves?board=4x4&start=${encodeURIComponent(swapped)}`);
    assert.equal(body.solvable, false, `${swapped}, from the draw ${state}`);
  }
  // A scramble never undoes its last move: two moves never come back.
  const goal = await page.evaluate(() => formatState(goalCells()));
  for (let k = 0; k < 30; k++) {
    assert.notEqual(await page.evaluate(() => scramble(2)), goal);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an analysis on 4x4 has a budget; when it runs out the page says so', async () => {
  // 40 moves from the goal: its search takes far longer than 1 ms.
  const start = '5,1,2,3,4,6,7,11,8,9,10,15,12,13,14,0';
  const page = await open(`?board=4x4&start=${start}`);
  await page.waitForFunction(() => /to the goal/.test(document.querySelector('[role=status]').textContent));
  const {body: solved} = await apiGet(`/api/solve?board=4x4&start=${start}`);
  const moves = solved.moves.slice(0, 6);
  // The page asks with a budget on a searched board; here a tiny one.
  let asked = null;
  await page.route('**/api/analyse?*', (route) => {
    const url = new URL(route.request().url());
    asked = url.searchParams.get('max_seconds');
    url.searchParams.set('max_seconds', '0.001');
    route.continue({url: url.href});
  });
  await page.locator('#analyse-moves').fill(moves);
  await button(page, 'Analyse').click();
  await page.locator('#analyse-out').waitFor({state: 'visible'});
  assert.ok(Number(asked) > 0, `max_seconds=${asked}`);
  assert.match(await text(page, 'analyse-summary'), /budget \(0\.001 s\) ran out/);
  const rows = await page.locator('#analyse-table tbody tr').count();
  assert.equal(rows, moves.length);
  assert.equal(await page.locator('#analyse-table tbody tr').last().locator('td').nth(3)
      .textContent(), '—');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('with the server gone, the page says it cannot reach it', async () => {
  const page = await open('?start=867254301');
  await page.waitForSelector('#board .tile');
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await button(page, 'Shuffle').click();
  await page.waitForFunction(() => !document.querySelector('#error').hidden);
  assert.match(await text(page, 'error'), /Cannot reach the slidedb server/);
  assert.doesNotMatch(await text(page, 'error'), /Failed to fetch/);
  await page.close();
});
