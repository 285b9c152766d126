// The playground in headless Chromium (Debian's, at /usr/bin/chromium or $CHROMIUM): shared by
// the browser test and the budgets script. puppeteer-core drives it; no browser is downloaded.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const pageUrl = pathToFileURL(path.join(here, '..', 'dist', 'index.html')).href;

/** Chromium with the flags this machine needs (root: no sandbox; no network services). */
export function launch() {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: false,
    userDataDir: mkdtempSync(path.join(tmpdir(), 'hexv-chromium-')),
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--window-size=1400,1000',
    ],
    defaultViewport: { width: 1400, height: 1000 },
  });
}

/** A page with the playground loaded and its library ready. */
export async function open(browser) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(pageUrl);
  await page.waitForFunction(() => /checked/.test(document.getElementById('status').textContent));
  page.errors = errors;
  return page;
}

/** Calls the library in the page (hexv's wasm, not the DOM): `api[name](...args)`. */
export function api(page, name, ...args) {
  return page.evaluate((n, a) => window.hexv.ready.then((x) => x[n](...a)), name, args);
}

/** Picks the shipped variant `file` and waits for its start position to be drawn. */
export async function pick(page, file) {
  const { index, start } = await page.evaluate((f) => {
    const i = window.HEXV_VARIANTS.findIndex((v) => v.file === f);
    return window.hexv.ready.then((x) => ({
      index: i,
      start: x.startPosition(window.HEXV_VARIANTS[i].source).position,
    }));
  }, file);
  await page.select('#variant', String(index));
  await page.waitForFunction((s) => {
    const b = document.getElementById('board');
    return b.dataset.position === s && b.dataset.plies === '0' && b.querySelector('svg');
  }, {}, start);
  return start;
}
