// The browser version in headless Chromium (playwright-core, the system's browser): loads the
// page built by `make web`, plays it through key presses, prints one JSON line of findings
// for host_tests/test_web.py to judge.
//
//   node tools/web/browser_check.mjs --web build/web --chromium /usr/bin/chromium \
//        --profile DIR [--screenshot build/web-screenshot.png]
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";

const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run",
];
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
  ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm" };
const HOLD_MS = 40; // a key held this long, then this long released (the firmware debounces 10)
const LIMIT_MS = 60000; // one game must end within this (bots hurried by A)

function args() {
  const a = process.argv.slice(2);
  const out = {};
  for (let i = 0; i + 1 < a.length; i += 2) out[a[i].replace(/^--/, "")] = a[i + 1];
  for (const k of ["web", "chromium", "profile"]) {
    if (!out[k]) throw new Error("browser_check: --" + k + " is needed");
  }
  return out;
}

function serve(root) {
  // the page's files on 127.0.0.1, an unused port
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "");
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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function screen(page) {
  return page.evaluate(() => (window.lamaConsole.screen ? window.lamaConsole.screen() : ""));
}

async function waitScreen(page, want, ms = 20000) {
  const end = Date.now() + ms;
  let got = "";
  while (Date.now() < end) {
    got = await screen(page);
    if (got.startsWith(want)) return got;
    await sleep(25);
  }
  throw new Error("waited for " + want + ", the page shows " + got);
}

async function key(page, name) {
  await page.keyboard.down(name);
  await sleep(HOLD_MS);
  await page.keyboard.up(name);
  await sleep(HOLD_MS);
}

async function tap(page, button) {
  // a pointer press on the page's on-screen button (hal.buttons index)
  const box = await page.locator('[data-button="' + button + '"]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await sleep(HOLD_MS);
  await page.mouse.up();
  await sleep(HOLD_MS);
}

async function canvasBits(page) {
  // the glass read back from the canvas: each 4x4 cell's centre, lit or not, as MONO_VLSB
  return page.evaluate(() => {
    const c = document.getElementById("glass");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const out = new Array(1024).fill(0);
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 128; x++) {
        const o = ((y * 4 + 1) * c.width + x * 4 + 1) * 4;
        if (d[o] + d[o + 1] + d[o + 2] > 150) out[(y >> 3) * 128 + x] |= 1 << (y & 7);
      }
    }
    return out;
  });
}

async function idleCpu(page, ms) {
  // the share of `ms` the page's main thread was busy, idle at the title screen
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const busy = async () => {
    const m = (await cdp.send("Performance.getMetrics")).metrics;
    return m.find((x) => x.name === "TaskDuration").value;
  };
  const t0 = Date.now();
  const b0 = await busy();
  await sleep(ms);
  const b1 = await busy();
  return (b1 - b0) / ((Date.now() - t0) / 1000);
}

async function botGame(page, menuRow, errors) {
  // from the main menu: a new game of menu row `menuRow` with every seat a computer player,
  // then A (which hurries the computer players on) until the game-over page
  for (let i = 0; i < menuRow; i++) await key(page, "ArrowDown");
  await key(page, "z");
  await waitScreen(page, "SetupScreen");
  await key(page, "ArrowDown"); // seat 1: person -> the first computer level
  await key(page, "ArrowRight");
  for (let i = 0; i < 4; i++) await key(page, "ArrowDown"); // seats 2 and 3, first player, Start
  await key(page, "Enter");
  const end = Date.now() + LIMIT_MS;
  let presses = 0;
  let shown = "";
  const seen = new Set();
  while (Date.now() < end) {
    shown = await screen(page);
    seen.add(shown);
    if (shown.endsWith("/GameOverPanel")) break;
    if (shown.startsWith("ErrorScreen")) errors.push("error screen during a game");
    await key(page, "z");
    presses += 1;
  }
  return { presses, shown, seen: [...seen], bits: await canvasBits(page) };
}

async function toMenu(page) {
  // the game-over page: "menu" is preselected (not the rematch), A takes it
  await key(page, "z");
  await waitScreen(page, "MainMenu");
}

async function main() {
  const opt = args();
  const root = path.resolve(opt.web);
  const server = await serve(root);
  const url = "http://127.0.0.1:" + server.address().port + "/";
  const context = await chromium.launchPersistentContext(opt.profile, {
    executablePath: opt.chromium, headless: true, args: FLAGS, viewport: { width: 640, height: 720 },
  });
  const errors = [];
  const out = { errors };
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("requestfailed", (r) => errors.push("request failed: " + r.url()));
    await page.goto(url);
    out.first = await waitScreen(page, "TitleScreen");
    await page.waitForFunction(() => window.lamaConsole.draws > 0);
    await sleep(300);
    out.title_bits = await canvasBits(page);
    out.title_sent = await page.evaluate(() => Array.from(window.lamaConsole.image));
    out.idle_cpu = await idleCpu(page, 3000);
    out.frames_in_idle = await page.evaluate(() => window.lamaConsole.frames);

    await tap(page, 4); // the on-screen A
    out.menu = await waitScreen(page, "MainMenu");
    out.dice = await botGame(page, 0, errors);
    await toMenu(page);
    out.cards = await botGame(page, 1, errors);
    await toMenu(page);

    // a game with a person: one roll saves it; a reload offers to continue it
    await key(page, "ArrowUp"); // the menu kept its cursor on the card game
    await key(page, "z");
    await waitScreen(page, "SetupScreen");
    for (let i = 0; i < 5; i++) await key(page, "ArrowDown"); // players, 3 seats, first -> Start
    await key(page, "z");
    await waitScreen(page, "DiceScreen");
    const saves = await page.evaluate(() => window.lamaConsole.saves);
    await key(page, "z"); // roll
    await page.waitForFunction((n) => window.lamaConsole.saves > n, saves);
    await sleep(400);
    if (opt.screenshot) await page.screenshot({ path: opt.screenshot });
    await key(page, "Escape"); // a long press of B: the game's menu
    out.long_b = await waitScreen(page, "DiceScreen/MenuPanel");
    out.stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith("lama-console:")).sort());
    await page.reload();
    out.after_reload = await waitScreen(page, "ContinueScreen");
    out.reload_bits = await canvasBits(page);
  } catch (e) {
    out.failure = String(e && e.stack ? e.stack : e);
  } finally {
    await context.close();
    server.close();
  }
  console.log(JSON.stringify(out));
}

main();
