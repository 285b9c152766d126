// The playground's budgets (issue 16), measured and printed, never asserted (timings depend on
// the machine): the time from an edit of Gliński's source to its redrawn board and
// diagnostics, the gzipped size of what the page loads, and the engine's speed in the
// browser's Worker against the native build at the same fixed depth.
//
// Usage (after web/build.sh and `cargo build --release`):
//   node test/budgets.mjs [DEPTH]        (DEPTH of the engine comparison, 7 by default)
// The native binary is $HEXV_BIN, else $CARGO_TARGET_DIR/release/hexv, else target/release/hexv.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch, open, pick } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..', '..');
const dist = path.join(here, '..', 'dist');
const depth = Number(process.argv[2] || 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// (b) What the page loads, gzipped as build.sh does.
const files = ['wasm.js', 'variants.js', 'worker-source.js', 'editor.js', 'pkg/hexv_wasm.js', 'index.html', 'style.css',
  ...readdirSync(path.join(dist, 'src')).map((f) => `src/${f}`)];
const all = Buffer.concat(files.map((f) => readFileSync(path.join(dist, f))));
const gz = gzipSync(all, { level: 9 }).length;
const wasmGz = gzipSync(readFileSync(path.join(dist, 'pkg/hexv_wasm_bg.wasm')), { level: 9 }).length;
console.log(`size: everything the page loads ${(gz / 1e6).toFixed(2)} MB gzipped (the bare .wasm ${(wasmGz / 1e3).toFixed(0)} kB)`);

const browser = await launch();
try {
  const page = await open(browser);
  const source = await page.evaluate(() => window.HEXV_VARIANTS.find((v) => v.file === 'glinski.hexv').source);
  await pick(page, 'glinski.hexv');

  // (a) An edit (a space typed at the end, then taken back): the page's own figure from the
  // edit's check to the redrawn board and diagnostics (the 150 ms debounce not counted).
  const edit = async (key) => {
    await page.$eval('#status', (s) => { s.dataset.ms = ''; });
    await page.keyboard.press(key);
    await page.waitForFunction(() => document.getElementById('status').dataset.ms !== '');
    return Number(await page.$eval('#status', (s) => s.dataset.ms));
  };
  await page.evaluate((n) => window.hexvPage.source.select(n, n), source.length);
  const redraws = [];
  for (let i = 0; i < 15; i++) {
    redraws.push(await edit('Space'));
    redraws.push(await edit('Backspace'));
  }
  console.log(`Gliński, edit to redrawn board and diagnostics: median ${median(redraws)} ms, max ${Math.max(...redraws)} ms (${redraws.length} edits)`);

  // (c) The engine in its Worker, from the start position, to a fixed depth.
  const browserRun = await page.evaluate((src, d) => window.hexv.ready.then((api) => {
    const engine = window.hexvEngine.create(window.hexv.wasm, api.bestMove);
    const start = api.startPosition(src).position;
    return engine.ask(src, start, '', d, 0).then((a) => ({ ...a.reply, wall: a.ms, inWorker: engine.inWorker }));
  }), source, depth);
  const nps = (nodes, ms) => Math.round(nodes / Math.max(ms, 1) * 1000);
  console.log(`browser (Worker: ${browserRun.inWorker}): Gliński start, depth ${browserRun.depth}: ${browserRun.nodes} nodes in ${browserRun.millis} ms, ${nps(browserRun.nodes, browserRun.millis)} nodes/s, best ${browserRun.best}`);

  const candidates = [process.env.HEXV_BIN,
    process.env.CARGO_TARGET_DIR && path.join(process.env.CARGO_TARGET_DIR, 'release', 'hexv'),
    path.join(repo, 'target', 'release', 'hexv')].filter(Boolean);
  const bin = candidates.find((p) => existsSync(p));
  if (!bin) {
    console.log('native: no release binary found (cargo build --release, or set HEXV_BIN)');
  } else {
    const out = execFileSync(bin, ['analyse', path.join(repo, 'variants', 'glinski.hexv'), '--depth', String(depth)], { encoding: 'utf8' });
    const last = out.trim().split('\n').filter((l) => l.startsWith('depth')).pop();
    const [, nodes, ms] = /nodes\s+(\d+).*time\s+(\d+) ms/.exec(last);
    const native = nps(Number(nodes), Number(ms));
    console.log(`native (${bin}): depth ${depth}: ${nodes} nodes in ${ms} ms, ${native} nodes/s`);
    console.log(`browser / native: time ${(browserRun.millis / Math.max(Number(ms), 1)).toFixed(2)}x, speed ${(native / nps(browserRun.nodes, browserRun.millis)).toFixed(2)}x slower in the browser`);
  }
} finally {
  await browser.close();
}
