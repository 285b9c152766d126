// The playground in a real browser (headless Chromium from Debian, driven by puppeteer-core),
// from file:// as a newcomer opens it: for every shipped variant the board has the variant's
// cells, a legal move plays by clicks and the engine (in its Worker) answers, an illegal click
// is refused, a typo's located diagnostic comes and goes, and the page's screenshot is not
// blank. One more test drops a piece from a hand by clicks, another seats a player at one of
// three sides against two engines; others flip the board, see the picker say the source was
// edited, and play a game to its end. Build first: web/build.sh.
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

/** The move list as shown: a row per round of turns, in each a cell per side holding the
 *  move's short notation, its long form as shown (in parentheses) and as data, or null. */
const moveRows = () => page.$$eval('#moves tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')]
  .map((td) => (td.classList.contains('move') ? {
    san: td.querySelector('.san').textContent,
    long: td.dataset.long,
    shown: td.querySelector('.long').textContent,
  } : null))));

/** The moves listed, in the order played (the rows read seat by seat). */
const movesListed = async () => (await moveRows()).flat().filter((m) => m !== null);

/** Checks each listed move's short notation against the library's, replaying the list from
 *  `start`, and that its long form is shown beside it. */
async function checkNotation(source, start) {
  let position = start;
  for (const m of await movesListed()) {
    const played = await api(page, 'play', source, position, m.long);
    assert.equal(played.ok, true, `${m.long} plays`);
    assert.equal(m.san, played.san, `${m.long} is written ${played.san}`);
    assert.equal(m.shown, `(${played.move})`, 'the long form is shown beside it');
    position = played.position;
  }
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
    // One round listed: the move clicked and the engine's replies, each in short notation
    // with the long form beside it.
    const rows = await moveRows();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].filter((x) => x !== null).length, sides);
    assert.equal(rows[0][0].long, m.text);
    await checkNotation(v.source, start);
    // The engine's reply is marked: the cells of the last move in the list.
    assert.deepEqual(await lastMoveCells(), cellsOf(rows[0][sides - 1].long, board));

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
  const moves = await movesListed();
  assert.equal(moves[moves.length - 1].long, hit.text);
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
  assert.deepEqual((await moveRows()).map((r) => r.filter((x) => x !== null).length), [2, 2]);
  await checkNotation(source, start);
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
  const rows = await moveRows();
  assert.deepEqual(rows.map((r) => r.filter((x) => x !== null).length), [3, 2]);
  assert.equal(rows[0][2].long, m.text, 'Red\'s move is the third of the round');
  await checkNotation(source, start);
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

/** Where cell `name` is on the screen: the centre of its drawn shape. */
const cellAt = (name) => page.$eval(`#board [data-cell="${name}"]`, (c) => {
  const r = c.getBoundingClientRect();
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
});

/** Pieces and names drawn on the board that are not upright (their picture is turned). */
const notUpright = () => page.$$eval('#board svg > g.piece, #board svg > text', (els) => els
  .filter((e) => {
    const m = e.getCTM();
    return !(m.a > 0 && m.d > 0 && Math.abs(m.b) < 1e-6 && Math.abs(m.c) < 1e-6);
  }).length);

/** A figure titled `title` ("White King") lies inside cell `cell` on the screen. */
const standsOn = (title, cell) => page.evaluate((t, c) => {
  const r = document.querySelector(`#board [data-cell="${c}"]`).getBoundingClientRect();
  return [...document.querySelectorAll('#board svg > g.piece')]
    .filter((g) => g.querySelector('title').textContent === t)
    .some((g) => {
      const f = g.getBoundingClientRect();
      const x = f.x + f.width / 2;
      const y = f.y + f.height / 2;
      return x > r.left && x < r.right && y > r.top && y < r.bottom;
    });
}, title, cell);

test('Flip board turns the board half a turn, pieces and names upright, and it stays turned', async () => {
  const { source } = variants.find((v) => v.file === 'glinski.hexv');
  await page.select('#engine', '');
  const start = await pick(page, 'glinski.hexv');
  assert.equal(await page.$eval('#flip', (b) => b.getAttribute('aria-pressed')), 'false');
  const before = {};
  for (const c of ['a1', 'l6', 'f1', 'f11', 'g1']) before[c] = await cellAt(c);
  const near = (p, q) => Math.hypot(p.x - q.x, p.y - q.y) < 1;

  await page.click('#flip');
  assert.equal(await page.$eval('#flip', (b) => b.getAttribute('aria-pressed')), 'true');
  // Each corner is where the opposite one was: the board is turned half a turn.
  assert.ok(near(await cellAt('a1'), before.l6), 'a1 is where l6 was');
  assert.ok(near(await cellAt('f1'), before.f11), 'f1 is where f11 was');
  assert.ok((await cellAt('g1')).y < before.g1.y, "White's back rank is at the top");
  // Figures and names are upright, each figure on its cell.
  assert.equal(await notUpright(), 0);
  assert.equal(await standsOn('White King', 'g1'), true);
  assert.equal(await standsOn('Black Queen', 'e10'), true);
  await page.screenshot({ path: path.join(artifacts, 'glinski-flipped.png') });

  // A move by clicks on the turned board; the board stays turned after it.
  const m = (await api(page, 'legalMoves', source, start)).moves.find((x) => x.from === 'f5' && x.to === 'f6');
  await clickMove(m);
  assert.equal((await state()).plies, '1');
  assert.ok(near(await cellAt('a1'), before.l6), 'still turned after the move');
  assert.equal(await notUpright(), 0);
  assert.equal(await standsOn('White Pawn', 'f6'), true);

  // The button from the keyboard turns it back.
  await page.focus('#flip');
  await page.keyboard.press('Enter');
  assert.equal(await page.$eval('#flip', (b) => b.getAttribute('aria-pressed')), 'false');
  assert.ok(near(await cellAt('a1'), before.a1), 'back as drawn');
  assert.equal(await page.$eval('#board svg', (s) => s.querySelectorAll('[data-unturned]').length), 0);

  // Playing Black against the engine turns the board by itself; the engine plays White.
  await page.click('#new-game');
  await page.select('#strength', 'depth:1');
  await page.select('#engine', 'white');
  await page.waitForFunction(() => document.getElementById('board').dataset.plies === '1', { timeout: 20000 });
  assert.equal(await page.$eval('#flip', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.ok(near(await cellAt('a1'), before.l6), 'turned for Black');
  assert.equal(await notUpright(), 0);
  await page.select('#engine', 'black');
  assert.equal(await page.$eval('#flip', (b) => b.getAttribute('aria-pressed')), 'false');
  await page.select('#engine', '');
  await page.select('#strength', 'ms:200');
  assert.deepEqual(page.errors, []);
});

test('the picker says the source was edited, and picking the variant again restores it', async () => {
  const { source } = variants.find((v) => v.file === 'glinski.hexv');
  await page.select('#engine', '');
  await pick(page, 'glinski.hexv');
  const picked = () => page.$eval('#variant', (s) => s.selectedOptions[0].textContent);
  const noteShown = () => page.$eval('#edited', (e) => !e.hidden && e.offsetHeight > 0);
  const name = await picked();
  assert.ok(!name.includes('edited'), name);
  assert.equal(await noteShown(), false);

  await page.evaluate((n) => window.hexvPage.source.select(n, n), source.length);
  await page.keyboard.type('# my change\n');
  await page.waitForFunction((n) => document.getElementById('variant').selectedOptions[0].textContent === `${n} (edited)`,
    { timeout: 5000 }, name);
  assert.equal(await noteShown(), true);
  assert.match(await page.$eval('#edited', (e) => e.textContent), /pick .* again to restore it/);
  assert.match(await page.evaluate(() => location.hash), /^#v=glinski\.hexv&src=/);

  // Picking the variant again: the shipped source, and the picker says nothing more.
  const index = await page.evaluate(() => String(window.HEXV_VARIANTS.findIndex((v) => v.file === 'glinski.hexv')));
  await page.select('#variant', index);
  assert.equal(await page.evaluate(() => window.hexvPage.source.value), source);
  assert.equal(await picked(), name);
  assert.equal(await page.$$eval('#variant option', (os) => os.filter((o) => o.value === 'edited').length), 0);
  assert.equal(await noteShown(), false);
  assert.deepEqual(page.errors, []);
});

// A variant typed into the editor whose start is one move from mate: White's king on f8 and
// queen on e1 against Black's king on f11, on Gliński's board.
const mateInOne = `variant "Mate in one"

board {
  cells flat
  shape hexagon 6
  names files a b c d e f g h i k l
}

piece King K {
  royal
  step orthogonal diagonal
}

piece Queen Q {
  ride orthogonal diagonal
}

setup {
  K f8
  Q e1
}

setup black {
  K f11
}

rules {
  checkmate win
  stalemate 1/2
}
`;

test('a game played to its end shows the result in a banner, and the board takes no more moves', async () => {
  await page.select('#engine', '');
  await pick(page, 'glinski.hexv');
  const start = (await api(page, 'startPosition', mateInOne)).position;
  await page.evaluate((text) => { window.hexvPage.source.value = text; }, mateInOne);
  await page.waitForFunction((s) => {
    const b = document.getElementById('board');
    return b.dataset.position === s && b.dataset.plies === '0' && b.querySelector('svg');
  }, { timeout: 5000 }, start);
  assert.equal(await page.$eval('#game-over', (e) => e.hidden), true);

  await page.select('#engine', 'black');
  await clickMove({ from: 'e1', to: 'e9', text: 'e1-e9' });
  const banner = await page.$eval('#game-over', (e) => {
    const r = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    return {
      hidden: e.hidden,
      headline: e.querySelector('#game-over-headline').textContent,
      result: e.querySelector('#game-over-result').textContent,
      height: r.height,
      width: r.width,
      background: style.backgroundColor,
      size: parseFloat(getComputedStyle(e.querySelector('#game-over-headline')).fontSize),
    };
  });
  assert.equal(banner.hidden, false);
  assert.equal(banner.headline, 'White wins by checkmate');
  assert.equal(banner.result, 'Result 1-0');
  // A panel, not a line of text: wide, tall, coloured, in large type.
  assert.ok(banner.width > 300 && banner.height > 40, JSON.stringify(banner));
  assert.notEqual(banner.background, 'rgba(0, 0, 0, 0)');
  assert.ok(banner.size >= 20, `${banner.size}px`);
  assert.deepEqual(await movesListed(), [{ san: 'Qe9#', long: 'e1-e9', shown: '(e1-e9)' }]);
  // The engine does not answer a finished game, and a click on the board is refused.
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(await page.$eval('#thinking', (e) => e.hidden), true);
  const over = await state();
  assert.equal(over.plies, '1');
  await clickCell('f11');
  await clickCell('f10');
  assert.equal((await state()).position, over.position);
  assert.equal(await page.$eval('#result', (e) => e.classList.contains('refused')), true);
  assert.match(await page.$eval('#result', (e) => e.textContent), /game is over/);
  await page.screenshot({ path: path.join(artifacts, 'game-over.png') });

  // Undo takes the mate back and the banner away; the banner's New game starts again.
  await page.select('#engine', '');
  await page.click('#undo');
  assert.equal(await page.$eval('#game-over', (e) => e.hidden), true);
  await clickMove({ from: 'e1', to: 'e9', text: 'e1-e9' });
  assert.equal(await page.$eval('#game-over', (e) => e.hidden), false);
  await page.click('#game-over-new');
  assert.equal(await page.$eval('#game-over', (e) => e.hidden), true);
  assert.equal((await state()).plies, '0');
  assert.deepEqual(page.errors, []);
});
