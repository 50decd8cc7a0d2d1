// The harness of the browser tests (page_test.js, page_play_test.js): a
// slidedb-serve started on port 0, Debian's Chromium through
// playwright-core, and helpers that ask the page and the API.
//
//   node TEST.js --server build/slidedb-serve --db DB [--db4 DB4] [--web web]
//                [--chromium /usr/bin/chromium] [--screenshots DIR]
//
// --web serves the page from that folder instead of the copy built into the
// server; --screenshots also saves pictures of the page there (docs/web.png).
'use strict';

const {before, after} = require('node:test');
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
const WEB = option('web', '');
const CHROMIUM = option('chromium', process.env.SLIDEDB_CHROMIUM || '/usr/bin/chromium');
const SHOTS = option('screenshots', '');

// What the hooks set up: the server's address and the browser.
const H = {base: '', context: null, server: null, profile: '', db: '', args: []};

// Starts the server and waits for its `listening on http://ADDR:PORT` line.
function startServer() {
  const args = ['--port', '0'];
  // One database, or several (an array: each a --db, in order).
  for (const db of [].concat(H.db).filter(Boolean)) args.push('--db', db);
  // The page built into the server, unless --web names a folder.
  if (WEB) args.push('--web', WEB);
  args.push(...H.args);
  const child = spawn(SERVER, args, {stdio: ['ignore', 'pipe', 'pipe']});
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('no "listening on" line in 20 s: ' + stderr)), 20000);
    child.stdout.on('data', (d) => {
      out += d;
      // The whole line: its newline written.
      const m = /listening on (http:\/\/\S+)\n/.exec(out);
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
  const res = await fetch(H.base + pathAndQuery);
  return {status: res.status, body: await res.json()};
}

// Registers the hooks that start a server on `db` (a path, or an array of
// them), with `args` (more options of slidedb-serve), and a browser before
// a file's tests, and stop both after them.
function serve(db, args = []) {
  H.db = db;
  H.args = args;
  before(startAll);
  after(stopAll);
  return H;
}

async function startAll() {
  const s = await startServer();
  H.server = s.child;
  H.base = s.url;
  H.profile = fs.mkdtempSync(path.join(os.tmpdir(), 'slidedb-chromium-'));
  H.context = await chromium.launchPersistentContext(H.profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--no-proxy-server'],
    viewport: {width: 1200, height: 900},
  });
  H.context.setDefaultTimeout(20000);
}

async function stopAll() {
  if (H.context) await H.context.close();
  const server = H.server;
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      if (server.exitCode !== null) return r();
      const t = setTimeout(() => { server.kill('SIGKILL'); r(); }, 5000);
      server.on('exit', () => { clearTimeout(t); r(); });
    });
  }
  if (H.profile) fs.rmSync(H.profile, {recursive: true, force: true});
}

// Opens the page at `query` and fails the test on any script error;
// `prepare(page)`, if given, runs before the page loads (a route, say).
async function open(query, viewport, prepare) {
  const page = await H.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  if (prepare) await prepare(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(H.base + '/' + (query || ''));
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

module.exports = {
  option, serve, apiGet, open, status, button, tile, movesText, expectStatus,
  expectedDistance, openAt, setSpeed, shot,
};
