// The playground in a real browser (headless Chromium from Debian, driven by puppeteer-core),
// from file:// as a newcomer opens it: for every shipped variant the board has the variant's
// cells, a legal move plays by clicks and the engine (in its Worker) answers, an illegal click
// is refused, a typo's located diagnostic comes and goes, and the page's screenshot is not
// blank. One more test drops a piece from a hand by clicks, another seats a player at one of
// three sides against two engines. Build first: web/build.sh.
//
// Screenshots go to $HEXV_ARTIFACTS (default: a temporary folder, printed).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { api, launch, open, pick } from './browser.mjs';

const artifacts = process.env.HEXV_ARTIFACTS || mkdtempSync(path.join(tmpdir(), 'hexv-playground-'));
mkdirSync(artifacts, { recursive: true });
let browser;
let page;

before(async () => {
  browser = await launch();
  page = await open(browser);
  console.log(`screenshots in ${artifacts}`);
});
after(async () => {
  if (browser) await browser.close();
});

const state = () => page.$eval('#board', (b) => ({ ...b.dataset }));
const clickCell = (cell) => page.click(`#board [data-cell="${cell}"]`);

/** (distinct colours, share of pixels that are not near white) of a PNG, decoded by the page. */
function ink(png) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, img.width, img.height).data;
    const colours = new Set();
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      if (data[i] < 235 || data[i + 1] < 235 || data[i + 2] < 235) inked++;
    }
    return { colours: colours.size, share: inked / (data.length / 4) };
  }, Buffer.from(png).toString('base64'));
}

/** The cells the board marks as the last move's, sorted. */
const lastMoveCells = () => page.$$eval('#board .last-move', (cs) => cs.map((c) => c.dataset.cell).sort());

/** The cells a move in hexv's notation names (`f5-f6`, `f5xf6=Q`, `P*e5`), sorted. */
function cellsOf(text, board) {
  const names = new Set(board.board.cells.map((c) => c.name));
  return text.replace(/[=+#].*$/, '').split(/[-x*]/).filter((w) => names.has(w)).sort();
}

/** Picks what a move moves: its piece on the board, or its piece in the hand for a drop. */
async function pickMoving(m) {
  if (m.drop) await page.click(`#hands button[data-drop="${m.piece}"]:not([disabled])`);
  else await clickCell(m.from);
}

/** True when two moves start from the same place: one cell, or one piece of the hand. */
function sameOrigin(a, b) {
  return b.drop ? Boolean(a.drop) && a.piece === b.piece : !a.drop && a.from === b.from;
}

/** Clicks the move `m` ({from, to, text, drop, piece}) as a player does. */
async function clickMove(m) {
  await pickMoving(m);
  const targets = await page.$$eval('#board .target', (t) => t.map((e) => e.dataset.cell));
  assert.ok(targets.includes(m.to), `${m.text}: ${m.to} is shown as a target`);
  await clickCell(m.to);
  const choices = await page.$$('#choice button');
  for (const b of choices) {
    const label = await b.evaluate((e) => e.textContent);
    if (label.endsWith(m.text) || (m.promotion && label === `promote to ${m.promotion}`)) {
      await b.click();
      return;
    }
  }
}

const variants = await (async () => {
  const b = await launch();
  const p = await open(b);
  const list = await p.evaluate(() => window.HEXV_VARIANTS.map((v) => ({ file: v.file, source: v.source })));
  await b.close();
  return list;
})();

for (const v of variants) {
  test(`${v.file}: drawn, played by clicks against the engine, checked as typed`, async () => {
    await page.select('#engine', '');
    const start = await pick(page, v.file);

    // The cells drawn are the board's (the library's reply, not the page's drawing).
    const board = await api(page, 'board', v.source);
    assert.equal(board.ok, true);
    const drawn = await page.$$eval('#board polygon.cell[data-cell]', (cells) => cells.map((c) => c.dataset.cell));
    assert.equal(drawn.length, board.board.cells.length);
    assert.deepEqual([...drawn].sort(), board.board.cells.map((c) => c.name).sort());

    // A legal move by clicks: its piece shows its targets, a target plays it; the engine
    // (a short think, in its Worker) answers.
    await page.select('#strength', 'ms:200');
    // Two sides: the engine plays Black; more: the player takes the first seat, the engine
    // every other, so a round is one move of each side.
    const seats = (await page.$$eval('#engine option', (os) => os.map((o) => o.value)))
      .filter((s) => s.startsWith('seat:'));
    const sides = Math.max(2, seats.length);
    await page.select('#engine', seats.length ? seats[0] : 'black');
    const legal = (await api(page, 'legalMoves', v.source, start)).moves;
    // A piece's move, or where the game begins by placing pieces (`placement`), a placement
    // from the hand.
    const m = legal.find((x) => !x.drop && !x.promotion) || legal.find((x) => x.drop);
    await pickMoving(m);
    const targets = await page.$$eval('#board .target', (t) => t.map((e) => e.dataset.cell).sort());
    const expected = [...new Set(legal.filter((x) => sameOrigin(x, m)).map((x) => x.to))].sort();
    assert.deepEqual(targets, expected);
    await clickCell(m.to);
    await page.waitForFunction((n) => document.getElementById('board').dataset.plies === String(n),
      { timeout: 20000 }, sides);
    const moves = await page.$eval('#moves', (e) => e.textContent);
    assert.match(moves, new RegExp(`^1\\. ${Array(sides).fill('\\S+').join(' ')}$`));
    // The engine's reply is marked: the cells of the last move in the list.
    assert.deepEqual(await lastMoveCells(), cellsOf(moves.split(' ').pop(), board));

    // An illegal click is refused: a piece picked, then a cell that is not one of its targets.
    const now = await state();
    const reply = (await api(page, 'legalMoves', v.source, now.position)).moves;
    const mine = reply.find((x) => !x.drop) || reply.find((x) => x.drop);
    // Neither one of its targets nor a piece that may move (a click there picks that piece).
    const to = new Set(reply.filter((x) => sameOrigin(x, mine)).map((x) => x.to));
    const from = new Set(reply.map((x) => x.from));
    const wrong = board.board.cells.map((c) => c.name).find((c) => !to.has(c) && !from.has(c));
    await pickMoving(mine);
    await clickCell(wrong);
    assert.equal((await state()).position, now.position);
    assert.equal(await page.$eval('#result', (e) => e.classList.contains('refused')), true);
    await page.select('#engine', '');
    // A move by clicks, the engine off, is marked on its cells.
    const next = reply.find((x) => !x.drop && !x.promotion && !x.castling);
    if (next) {
      await clickMove(next);
      await page.waitForFunction((p) => document.getElementById('board').dataset.position !== p,
        { timeout: 5000 }, now.position);
      assert.deepEqual(await lastMoveCells(), [next.from, next.to].sort());
    }

    // The screenshot: the board, the source and the move list, not a blank page.
    const png = await page.screenshot({ path: path.join(artifacts, `${v.file}.png`) });
    const { colours, share } = await ink(png);
    assert.ok(colours > 50, `${colours} colours`);
    assert.ok(share > 0.03, `${(share * 100).toFixed(1)}% inked`);
    // The pieces are figures in their sides' colours: as many fills as sides, and no
    // orthodox piece written as a letter.
    const looks = await page.$$eval('#board svg > g.piece', (gs) => gs.map((g) => ({
      fill: g.getAttribute('fill'), kind: g.classList[1], letters: g.querySelectorAll('text').length,
    })));
    assert.ok(looks.length > 0, 'pieces are drawn');
    const sidesOf = (await api(page, 'startPosition', v.source)).sides.length;
    assert.equal(new Set(looks.map((l) => l.fill)).size, sidesOf, 'a fill per side');
    for (const l of looks) {
      if (!['tile', 'disc'].includes(l.kind)) assert.equal(l.letters, 0, `${l.kind} is drawn, not written`);
    }

    // A typo typed at the end: its diagnostic, with its code and line, is listed; deleting it
    // takes the diagnostic away again.
    const clean = (await api(page, 'check', v.source)).diagnostics.length;
    await page.evaluate((n) => window.hexvPage.source.select(n, n), v.source.length);
    const typo = 'bogus';
    const prefix = v.source.endsWith('\n') ? '' : '\n';
    await page.keyboard.type(prefix + typo);
    const checked = await api(page, 'check', v.source + prefix + typo);
    const line = (v.source + prefix).split('\n').length;
    const diag = checked.diagnostics.find((d) => d.spans.some((s) => s.primary && s.line === line));
    assert.ok(diag, `the library locates the typo on line ${line}`);
    await page.waitForFunction((code, l) => [...document.querySelectorAll('#diagnostics li')]
      .some((li) => li.querySelector('.code').textContent === code && li.textContent.startsWith(`${l}:`)),
    { timeout: 5000 }, diag.code, line);
    assert.equal(await page.$eval('#board', (b) => b.classList.contains('stale')), true);
    for (let i = 0; i < prefix.length + typo.length; i++) await page.keyboard.press('Backspace');
    await page.waitForFunction((n) => document.querySelectorAll('#diagnostics li').length === n &&
      !document.getElementById('board').classList.contains('stale'), { timeout: 5000 }, clean);
    assert.deepEqual(page.errors, []);
  });
}

test('the page stays responsive while the engine thinks, and undo drops its answer', async () => {
  const { source } = variants.find((v) => v.file === 'glinski.hexv');
  await page.select('#engine', '');
  const start = await pick(page, 'glinski.hexv');
  await page.select('#strength', 'ms:3000');
  await page.select('#engine', 'black');
  const m = (await api(page, 'legalMoves', source, start)).moves[0];
  await clickMove(m);
  assert.equal(await page.$eval('#thinking', (e) => e.hidden), false, 'thinking… is shown');
  // The page's thread answers at once: two animation frames well under the 3 s think, which a
  // search on that thread would block whole (not a speed budget: it tells the Worker apart).
  const frames = await page.evaluate(() => new Promise((resolve) => {
    const t0 = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t0)));
  }));
  assert.ok(frames < 1000, `two frames took ${frames} ms while the engine thinks`);
  await page.click('#undo');
  assert.equal((await state()).plies, '0');
  assert.equal(await page.$eval('#thinking', (e) => e.hidden), true);
  await new Promise((resolve) => setTimeout(resolve, 3500));
  assert.equal((await state()).plies, '0', 'the dropped answer is not played');
  assert.equal((await state()).position, start);
  await page.select('#engine', '');
  await page.select('#strength', 'ms:200');
});

/** A line of moves (from random games with a fixed seed, by the library in the page) after
 *  which the side to move has a move that `wanted` (a predicate's source) accepts. */
function findLine(source, start, wanted) {
  return page.evaluate((src, s0, test) => window.hexv.ready.then((x) => {
    const accept = new Function('m', `return ${test};`);
    let seed = 12345;
    const random = (n) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let game = 0; game < 300; game++) {
      const line = [];
      let pos = s0;
      for (let ply = 0; ply < 24; ply++) {
        const moves = x.legalMoves(src, pos).moves;
        const hit = moves.find(accept);
        if (hit) return { line, hit };
        if (moves.length === 0) break;
        const m = moves[random(moves.length)];
        line.push(m);
        pos = x.play(src, pos, m.text).position;
      }
    }
    return null;
  }), source, start, wanted);
}

/** Plays `line` by clicks, then `hit`, checking each is played. */
async function playByClicks(line, hit) {
  for (const [i, m] of [...line, hit].entries()) {
    await clickMove(m);
    assert.equal((await state()).plies, String(i + 1), `ply ${i + 1}: ${m.text}`);
  }
  const moves = await page.$eval('#moves', (e) => e.textContent);
  assert.ok(moves.endsWith(hit.text), `${moves} ends with ${hit.text}`);
}

test("Mini Hexchess's engine plays with the weights file shipped beside it", async () => {
  const r = await page.evaluate(() => window.hexv.ready.then((x) => {
    const v = window.HEXV_VARIANTS.find((w) => w.file === 'mini-hexchess.hexv');
    const start = x.startPosition(v.source).position;
    return {
      weights: v.weights,
      without: x.bestMove(v.source, '', start, '', 5, 0),
      with: x.bestMove(v.source, v.weights, start, '', 5, 0),
    };
  }));
  assert.match(r.weights, /^mobility-middle \d+$/m);
  assert.ok(r.without.ok && r.with.ok, JSON.stringify(r));
  // Mobility changes the evaluation: the same depth searches another tree.
  assert.notEqual(r.with.nodes, r.without.nodes);
});

test('a knight enters from an off-board cell by clicks (Dagger)', async () => {
  const { source } = variants.find((v) => v.file === 'dagger.hexv');
  await page.select('#engine', '');
  const start = await pick(page, 'dagger.hexv');
  const found = await findLine(source, start, "/^[a-z]0$|^[a-z]2$/.test(m.from) && ['a0','a2','n0','n2'].includes(m.from)");
  assert.ok(found, 'an entry becomes legal');
  await playByClicks(found.line, found.hit);
});

test('a castling is played by clicks (every variant with castlings)', async () => {
  for (const v of variants.filter((x) => /^castling \{/m.test(x.source))) {
    await page.select('#engine', '');
    const start = await pick(page, v.file);
    const found = await findLine(v.source, start, 'm.castling');
    assert.ok(found, `${v.file}: a castling becomes legal`);
    await playByClicks(found.line, found.hit);
  }
});

test('a piece is dropped from the hand by clicks (Hex Shogi)', async () => {
  const file = variants.find((v) => /shogi/.test(v.file)).file;
  const { source } = variants.find((v) => v.file === file);
  await page.select('#engine', '');
  const start = await pick(page, file);
  const found = await findLine(source, start, 'm.drop');
  assert.ok(found, 'a drop becomes legal');
  await playByClicks(found.line, found.hit);
  await page.screenshot({ path: path.join(artifacts, `${file}-drop.png`) });
});

// The newcomer: picks Chessagon, plays against the machine, edits the knight's rule,
// and sees the new diagram at once; then a mistake in the rule is shown where it is.
test("a newcomer plays Chessagon against the engine, edits the knight's rule and sees it", async () => {
  const file = 'chessagon.hexv';
  const source = variants.find((v) => v.file === file).source;
  await page.select('#engine', '');
  const start = await pick(page, file);
  await page.select('#strength', 'depth:1');
  await page.select('#engine', 'black');
  let position = start;
  for (let ply = 2; ply <= 4; ply += 2) {
    const m = (await api(page, 'legalMoves', source, position)).moves.find((x) => !x.drop && !x.promotion);
    await clickMove(m);
    await page.waitForFunction((n) => document.getElementById('board').dataset.plies === String(n), { timeout: 20000 }, ply);
    position = (await state()).position;
  }
  assert.match(await page.$eval('#moves', (e) => e.textContent), /^1\. \S+ \S+ 2\. \S+ \S+$/);
  await page.select('#engine', '');

  // The knight's diagram from the middle before the edit: the ring of 12 cells [the rule's
  // comment]; the page shows the library's marks.
  const hoverKnight = async () => {
    const items = await page.$$('#pieces li');
    for (const li of items) {
      if ((await li.evaluate((e) => e.textContent)) === 'N Knight') {
        await li.hover();
        return;
      }
    }
    assert.fail('no Knight in the piece list');
  };
  const centre = await page.evaluate(async (src) => {
    const x = await window.hexv.ready;
    return window.hexvBoard.centralCell(x.board(src).board);
  }, source);
  // Each mark kind used is drawn once more in the legend.
  const drawnFor = (marks) => marks.length + new Set(marks.map((m) => m.mark)).size;
  await hoverKnight();
  const knight = (await api(page, 'pieceMoves', source, 'N', centre)).marks;
  const before = knight.length;
  assert.equal(before, 12);
  assert.equal(await page.$$eval('#board .mark', (m) => m.length), drawnFor(knight));

  // The edit: the knight steps like the king (12 cells in Chessagon too, but other ones).
  const rule = 'leap [12 1] all';
  const at = source.indexOf(rule);
  assert.ok(at > 0);
  const edited = source.slice(0, at) + 'step orthogonal' + source.slice(at + rule.length);
  await page.evaluate((from, to) => window.hexvPage.source.select(from, to), at, at + rule.length);
  await page.keyboard.type('step orthogonal');
  const after = (await api(page, 'pieceMoves', edited, 'N', centre)).marks;
  assert.notEqual(after.length, before);
  // The page redraws after its debounce: hover the (new) piece list until the new diagram
  // shows, for at most five seconds.
  let shown = 0;
  for (let tries = 0; tries < 25 && shown !== drawnFor(after); tries++) {
    await new Promise((r) => setTimeout(r, 200));
    await page.mouse.move(0, 0);
    await hoverKnight();
    shown = await page.$$eval('#board .mark', (m) => m.length);
  }
  assert.equal(shown, drawnFor(after));
  await page.screenshot({ path: path.join(artifacts, 'newcomer-knight.png') });

  // A mistake in the rule: its diagnostic names the knight's line.
  await page.mouse.move(0, 0);
  const line = source.slice(0, at).split('\n').length;
  await page.evaluate((from) => window.hexvPage.source.select(from, from), at + 'step orthogonal'.length);
  await page.keyboard.type('ish');
  await page.waitForFunction((l) => [...document.querySelectorAll('#diagnostics li')]
    .some((li) => li.textContent.startsWith(`${l}:`)), { timeout: 5000 }, line);
  await page.screenshot({ path: path.join(artifacts, 'newcomer-mistake.png') });
  assert.deepEqual(page.errors, []);
});

// A variant of three sides typed into the editor (the test fixture: White, Black and Red on
// Gliński's board): the player takes Red's seat, the engine plays White and Black, and the
// move list counts rounds of three.
test('three sides: the player takes a seat and the engine plays the two others', async () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const source = readFileSync(path.join(here, '..', '..', 'tests', 'fixtures', 'valid', 'three_sides.hexv'), 'utf8');
  await page.select('#engine', '');
  await page.select('#strength', 'depth:1');
  const start = (await api(page, 'startPosition', source)).position;
  await page.evaluate((text) => { window.hexvPage.source.value = text; }, source);
  await page.waitForFunction((s) => {
    const b = document.getElementById('board');
    return b.dataset.position === s && b.dataset.plies === '0' && b.querySelector('svg');
  }, { timeout: 5000 }, start);
  const seats = await page.$$eval('#engine option', (os) => os.map((o) => o.value));
  assert.deepEqual(seats, ['', 'seat:white', 'seat:black', 'seat:red']);

  await page.select('#engine', 'seat:red');
  const redToMove = (plies) => page.waitForFunction((n) => {
    const b = document.getElementById('board');
    return b.dataset.plies === n && b.dataset.toMove === 'red' && document.getElementById('thinking').hidden;
  }, { timeout: 20000 }, String(plies));
  await redToMove(2);
  const now = await state();
  const m = (await api(page, 'legalMoves', source, now.position)).moves.find((x) => !x.promotion);
  await clickMove(m);
  await redToMove(5);
  const moves = await page.$eval('#moves', (e) => e.textContent);
  assert.match(moves, /^1\. \S+ \S+ \S+ 2\. \S+ \S+$/);
  assert.equal(moves.split(' ')[3], m.text, 'Red\'s move is the third of the round');
  assert.equal(await page.$eval('#result', (e) => e.textContent), 'Red to move');
  await page.screenshot({ path: path.join(artifacts, 'three-sides.png') });

  // Undo takes back Red's move and both replies: Red to move again, after two plies.
  await page.click('#undo');
  await redToMove(2);
  assert.equal((await state()).position, now.position);

  // Back to a variant of two sides: the page's own engine choices.
  await page.select('#engine', '');
  await pick(page, 'glinski.hexv');
  const two = await page.$$eval('#engine option', (os) => os.map((o) => o.value));
  assert.deepEqual(two, ['', 'black', 'white']);
  assert.deepEqual(page.errors, []);
});
