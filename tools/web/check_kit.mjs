// What the page's browser checks share (browser_check.mjs, link_check.mjs, link_hidden_check.mjs,
// link_game_check.mjs): the Chromium flags, the page served on 127.0.0.1, the options, and
// the console driven as a person does (keys held as long as a finger) and read back
// (the screen on top, the canvas).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";

export const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run",
];
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
  ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm" };
export const HOLD_MS = 40; // a key held this long, then this long released (the firmware debounces 10)
export const BLANK = "blank-page-of-the-same-origin"; // served as an empty page: no console runs there

export function args(name) {
  // --key value pairs; --web, --chromium and --profile are needed
  const a = process.argv.slice(2);
  const out = {};
  for (let i = 0; i + 1 < a.length; i += 2) out[a[i].replace(/^--/, "")] = a[i + 1];
  for (const k of ["web", "chromium", "profile"]) {
    if (!out[k]) throw new Error(name + ": --" + k + " is needed");
  }
  return out;
}

export function serve(dir) {
  // the page's files on 127.0.0.1, an unused port
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "");
    if (rel === BLANK) {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end('<!doctype html><link rel="icon" href="data:,"><title>no console here</title>');
      return;
    }
    const file = path.join(root, rel || "index.html");
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream" });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function screen(page) {
  return page.evaluate(() => (window.lamaConsole.screen ? window.lamaConsole.screen() : ""));
}

export async function waitScreen(page, want, ms = 20000) {
  const end = Date.now() + ms;
  let got = "";
  while (Date.now() < end) {
    got = await screen(page);
    if (got.startsWith(want)) return got;
    await sleep(25);
  }
  throw new Error("waited for " + want + ", the page shows " + got);
}

export async function booted(page) {
  // the first screen the console shows after a (re)load
  await page.waitForFunction(() => window.lamaConsole && window.lamaConsole.screen &&
    window.lamaConsole.screen() !== "", null, { timeout: 30000 });
  await sleep(300);
  return screen(page);
}

export async function key(page, name, hold = HOLD_MS) {
  await page.keyboard.down(name);
  await sleep(hold);
  await page.keyboard.up(name);
  await sleep(hold);
}

export async function settle(page, frames = 2) {
  // `frames` more frames run (what a press did is on the screen)
  const n = await page.evaluate(() => window.lamaConsole.frames);
  await page.waitForFunction((m) => window.lamaConsole.frames >= m, n + frames,
    { timeout: 10000, polling: 10 });
}

export async function keys(page, names) {
  for (const name of names) await key(page, name);
}

export const seen = (page) => page.evaluate(() => window.lamaConsole.seen());

export async function press(page, name, hold) {
  // a key held `hold` ms, then the frames that show what it did
  await key(page, name, hold);
  await settle(page);
}

export async function pick(page, want, row, hold) {
  // on list screen `want`: the cursor moved to `row` (each press looked at), then A
  await waitScreen(page, want);
  for (let i = 0; i < 20; i++) {
    const s = await seen(page);
    if (s.cursor === row) {
      await press(page, "z", hold);
      return;
    }
    await press(page, s.cursor > row ? "ArrowUp" : "ArrowDown", hold);
  }
  throw new Error(want + ": the cursor did not reach row " + row);
}

export async function canvasBits(page) {
  // the glass read back from the canvas: each pixel's cell, lit or not, as MONO_VLSB
  return page.evaluate(() => {
    const c = document.getElementById("glass");
    const k = c.width / 128;
    const at = Math.max(0, Math.floor((k - 2) / 2)); // inside the lit dot of a cell
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const out = new Array(1024).fill(0);
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 128; x++) {
        const o = ((y * k + at) * c.width + x * k + at) * 4;
        if (d[o] + d[o + 1] + d[o + 2] > 150) out[(y >> 3) * 128 + x] |= 1 << (y & 7);
      }
    }
    return out;
  });
}

export async function runCheck(name, launch, work) {
  // the page (--web) served, Chromium (--chromium) on a profile (--profile) with `launch`'s
  // options; `work(context, url, out, opt)` fills `out`, what went wrong is out.failure;
  // `out` is printed as one JSON line for the host test to judge
  const opt = args(name);
  const server = await serve(opt.web);
  const url = "http://127.0.0.1:" + server.address().port + "/";
  const context = await chromium.launchPersistentContext(opt.profile, Object.assign({
    executablePath: opt.chromium, headless: true, args: FLAGS }, launch));
  const out = {};
  try {
    await work(context, url, out, opt);
  } catch (e) {
    out.failure = String(e && e.stack ? e.stack : e);
  } finally {
    await context.close();
    server.close();
  }
  console.log(JSON.stringify(out));
}
