// The browser version in headless Chromium (playwright-core, the system's browser): loads the
// page built by `make web`, lays it out at four viewport sizes, plays it through key presses,
// then runs it on stores that are full, nearly full or hold garbage; prints one JSON line of
// findings for host_tests/test_web.py to judge.
//
//   node tools/web/browser_check.mjs --web build/web --chromium /usr/bin/chromium \
//        --profile DIR [--screenshot build/web-screenshot.png] [--shots DIR]
//
// --shots writes the page at each size as DIR/page-WxH.png.
import fs from "node:fs";
import path from "node:path";
import { BLANK, HOLD_MS, booted, canvasBits, key, runCheck, sleep, screen,
  waitScreen } from "./check_kit.mjs";

const LIMIT_MS = 60000; // one game must end within this (bots hurried by A)
const VIEWPORT = { width: 1280, height: 800 }; // the README's picture
const SIZES = [[320, 568], [390, 844], [844, 390], [1280, 800]]; // phones (both ways), desktop
const OWN = "lama-console:"; // the page's keys in localStorage (tools/web/saves.js)
const OTHER = "another-app:data"; // what fills the store in the tests: another page's data

async function pastHowTo(page, want) {
  // a person's first game of a kind starts with how to play (issue 27): B skips it
  const end = Date.now() + 20000;
  let got = "";
  while (Date.now() < end) {
    got = await screen(page);
    if (got.startsWith(want)) return got;
    if (got.startsWith("HowToScreen")) {
      await key(page, "x");
      return waitScreen(page, want);
    }
    await sleep(25);
  }
  throw new Error("waited for " + want + ", the page shows " + got);
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

async function seams(page) {
  // the grid's gaps on the glass (from 3x): [dark gaps between two lit pixels, lit gaps
  // beside a dark one] (issue 50: dark gaps inside a lit bar made its dark letters a mesh)
  return page.evaluate(() => {
    const c = document.getElementById("glass");
    const k = c.width / 128;
    if (k < 3) return [0, 0];
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const bright = (px, py) => {
      const o = (py * c.width + px) * 4;
      return d[o] + d[o + 1] + d[o + 2] > 150;
    };
    let dark = 0;
    let lit = 0;
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 127; x++) {
        const a = bright(x * k, y * k);
        const b = bright((x + 1) * k, y * k);
        const gap = bright(x * k + k - 1, y * k);
        if (a && b && !gap) dark++;
        if (a !== b && gap) lit++;
      }
    }
    return [dark, lit];
  });
}

async function layout(page, width, height, shots) {
  // the page at one viewport size: where the glass and every button are, the glass's scale
  await page.setViewportSize({ width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(250);
  const got = await page.evaluate(() => {
    const box = (el) => {
      const b = el.getBoundingClientRect();
      return [b.left, b.top, b.right, b.bottom];
    };
    const c = document.getElementById("glass");
    const b = c.getBoundingClientRect();
    return {
      viewport: [window.innerWidth, window.innerHeight],
      page: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
      scroll: [window.scrollX, window.scrollY],
      glass: box(c),
      scale: [b.width / 128, b.height / 64],
      backing: [c.width, c.height],
      chosen: window.lamaConsole.scale(),
      buttons: [...document.querySelectorAll("[data-button]")].map(box),
      text: box(document.querySelector(".about")),
    };
  });
  got.bits = await canvasBits(page);
  got.seams = await seams(page);
  if (shots) await page.screenshot({ path: path.join(shots, "page-" + width + "x" + height + ".png") });
  return got;
}

// --- the saves in a store that is full, nearly full, or holds garbage ---------------------
async function withStore(page, url, setup, arg) {
  // set localStorage up by `setup(arg)` in a page of the same origin that runs no console
  // (a missing file), then load the console on it
  await page.goto(url + BLANK);
  const info = await page.evaluate(setup, arg);
  await page.goto(url);
  await booted(page);
  return info;
}

function fillStore([entries, room, other]) {
  // runs in the page: localStorage cleared, `entries` ({key: value}) put in, then another
  // page's data filling the quota but for `room` characters
  localStorage.clear();
  for (const k of Object.keys(entries)) {
    if (k.endsWith("*")) localStorage.setItem(k.slice(0, -1), "A".repeat(entries[k]));
    else localStorage.setItem(k, entries[k]);
  }
  if (room < 0) return 0;
  let lo = 0;
  let hi = 16 * 1024 * 1024;
  const big = "a".repeat(hi);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try {
      localStorage.setItem(other, big.slice(0, mid));
      lo = mid;
    } catch (e) {
      hi = mid - 1;
    }
  }
  localStorage.setItem(other, big.slice(0, Math.max(0, lo - room)));
  return lo;
}

async function store(page, own = OWN) {
  // the entries of one store ({file name: base64}), the first tab's by default
  return page.evaluate((own) => {
    const out = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith(own)) out[k.slice(own.length)] = localStorage.getItem(k);
    }
    return out;
  }, own);
}

async function counts(page) {
  return page.evaluate(() => Object.assign({}, window.lamaConsole.saves));
}

async function personGame(page) {
  // from the title: a LAMA Dice game of a person and two computer players, one roll
  await waitScreen(page, "TitleScreen");
  await key(page, "z");
  await waitScreen(page, "MainMenu");
  await key(page, "z");
  await waitScreen(page, "SetupScreen");
  await key(page, "ArrowUp"); // the list wraps: from its first row up to Start
  await key(page, "z");
  await pastHowTo(page, "DiceScreen");
  await key(page, "z"); // roll
}

async function until(page, test, arg, ms = 20000) {
  await page.waitForFunction(test, arg, { timeout: ms });
}

async function storeFull(page, url) {
  // no room at all: the roll's save is not kept, and the panel says so
  const out = {};
  out.quota = await withStore(page, url, fillStore, [{}, 0, OTHER]);
  await personGame(page);
  await until(page, () => window.lamaConsole.saves.failed > 0);
  await sleep(100);
  out.bits = await canvasBits(page);
  out.counts = await counts(page);
  out.stored = await store(page);
  await page.reload();
  out.after_reload = await booted(page);
  return out;
}

async function storeForOne(page, url, size, beside) {
  // room for one game file (of `size` characters) but not two (and the records beside it,
  // `beside` characters): the newest game is kept
  const out = {};
  await withStore(page, url, fillStore, [{}, Math.round(size * 1.5) + beside, OTHER]);
  await personGame(page);
  for (let i = 0; i < 40 && (await counts(page)).kept < 4; i++) await key(page, "z"); // play on
  await sleep(300);
  out.counts = await counts(page);
  out.stored = await store(page);
  out.files = await page.evaluate(() => window.lamaConsole.files());
  await page.reload();
  out.after_reload = await booted(page);
  return out;
}

async function storeNearlyFull(page, url, size) {
  // a set-aside copy of the page's own (an earlier damaged game) takes the room the next
  // save needs: it is freed, and the save kept
  const out = {};
  const entries = {};
  entries[OWN + "game_dice.bad*"] = 4 * size; // base64 of a damaged file
  await withStore(page, url, fillStore, [entries, Math.round(size * 0.5), OTHER]);
  out.before = Object.keys(await store(page)).sort();
  await personGame(page);
  await until(page, () => window.lamaConsole.saves.kept > 0);
  await sleep(300);
  out.counts = await counts(page);
  out.stored = Object.keys(await store(page)).sort();
  await page.reload();
  out.after_reload = await booted(page);
  return out;
}

async function storeRefused(context, url, errors) {
  // a browser that refuses its storage (site data blocked): every save says so
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("site data is blocked", "SecurityError"); },
    });
  });
  await page.goto(url);
  const out = { first: await booted(page) };
  await personGame(page);
  await until(page, () => window.lamaConsole.saves.failed > 0);
  await sleep(100);
  out.bits = await canvasBits(page);
  out.counts = await counts(page);
  await page.close();
  return out;
}

async function storeGarbage(page, url) {
  // entries a broken or hostile store may hold: not base64, a huge one, names of no file
  const entries = {};
  entries[OWN + "game_dice.a"] = "%%% not base64 %%%";
  entries[OWN + "game_dice.b*"] = 2400000; // 2.4 MB of valid base64: a huge, damaged file
  entries[OWN + "settings.a"] = btoa("LS and then nothing valid");
  entries[OWN + "../outside"] = "AAAA";
  entries[OWN] = "AAAA";
  const out = {};
  await withStore(page, url, fillStore, [entries, -1, OTHER]);
  out.first = await waitScreen(page, "NoticeScreen");
  await sleep(200);
  out.bits = await canvasBits(page);
  out.stored = await store(page);
  out.files = await page.evaluate(() => window.lamaConsole.files());
  // the set-aside copies (cut to FILE_MAX + 1 bytes) are damaged once, not at every load
  const warned = [];
  const listen = (m) => { if (m.type() === "warning") warned.push(m.text()); };
  page.on("console", listen);
  await page.reload();
  out.after_reload = await booted(page);
  page.off("console", listen);
  out.reload_warnings = warned.filter((w) => w.startsWith("lama: "));
  return out;
}

// --- two tabs of the page: one at a time owns the saves (owner.js) --------------------------
async function owner(page) {
  return page.evaluate(() => (window.lamaConsole && window.lamaConsole.owner
    ? window.lamaConsole.owner() : ""));
}

async function panelSays(page) {
  // what the panel over the glass says ("" when it is hidden)
  return page.evaluate(() => {
    const el = document.getElementById("elsewhere");
    return el && !el.hidden ? document.getElementById("elsewhere-text").textContent : "";
  });
}

async function consoleTab(context, url, errors) {
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  return page;
}

async function twoTabs(context, url, errors) {
  // tab A leaves a LAMA Dice game; tab B, opened meanwhile, is a console of its own (a slot
  // of its own: link.js tabSlot) and plays a card game to its end: A's saved game and
  // statistics stay as A left them, and a reload of A offers its game
  const out = {};
  const a = await consoleTab(context, url, errors);
  out.a_first = await booted(a);
  out.a_slot = await a.evaluate(() => window.lamaConsole.slot);
  await personGame(a);
  await until(a, () => window.lamaConsole.saves.kept > 0);
  await sleep(300);
  out.a_left = await store(a);
  const b = await consoleTab(context, url, errors);
  out.b_first = await booted(b);
  out.b_slot = await b.evaluate(() => window.lamaConsole.slot);
  out.b_owner = await owner(b);
  await b.bringToFront(); // (a tab behind another gets a frame a second at most)
  await key(b, "z");
  await waitScreen(b, "MainMenu");
  out.b_cards = await botGame(b, 1, errors);
  await toMenu(b);
  await sleep(300);
  out.after_b = await store(a);
  out.b_stored = await store(b, OWN.slice(0, -1) + "-" + out.b_slot + ":");
  out.a_owner = await owner(a);
  await b.close();
  await a.bringToFront();
  await a.reload();
  out.a_after_reload = await booted(a);
  await a.close();
  out.no_locks = await twoTabsWithoutLocks(context, url, errors);
  return out;
}

async function twoTabsWithoutLocks(context, url, errors) {
  // a browser with no Web Locks (plain http away from localhost): the owner's token alone,
  // the tab started last owns the saves and the older one stops
  const hide = () => Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined });
  const c = await context.newPage();
  c.on("pageerror", (e) => errors.push(String(e)));
  await c.addInitScript(hide);
  await c.goto(url + BLANK);
  await c.evaluate(() => localStorage.clear());
  await c.goto(url);
  const out = { c_first: await booted(c), c_owner: await owner(c) };
  await personGame(c);
  await until(c, () => window.lamaConsole.saves.kept > 0);
  const d = await context.newPage();
  d.on("pageerror", (e) => errors.push(String(e)));
  await d.addInitScript(hide);
  await d.goto(url);
  out.d_first = await booted(d);
  out.d_owner = await owner(d);
  await until(c, () => window.lamaConsole.owner() === "lost");
  out.c_lost = { owner: await owner(c), says: await panelSays(c) };
  await d.close();
  await c.close();
  return out;
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

async function main(context, url, out, opt) {
  const errors = [];
  out.errors = errors;
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
  out.layout = {};
  if (opt.shots) fs.mkdirSync(opt.shots, { recursive: true });
  for (const [w, h] of SIZES) out.layout[w + "x" + h] = await layout(page, w, h, opt.shots);
  await page.setViewportSize(VIEWPORT);

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
  await pastHowTo(page, "DiceScreen");
  const saves = await page.evaluate(() => window.lamaConsole.saves.kept);
  await key(page, "z"); // roll
  await page.waitForFunction((n) => window.lamaConsole.saves.kept > n, saves);
  await sleep(400);
  if (opt.screenshot) await page.screenshot({ path: opt.screenshot });
  await key(page, "Escape"); // a long press of B: the game's menu
  out.long_b = await waitScreen(page, "DiceScreen/MenuPanel");
  out.stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith("lama-console:")).sort());
  await page.reload();
  out.after_reload = await waitScreen(page, "ContinueScreen");
  out.reload_bits = await canvasBits(page);
  const stored = await store(page);
  const size = Math.max(...Object.keys(stored).filter((n) => n.startsWith("game_dice.")).map(
    (n) => (OWN + n).length + stored[n].length));
  // the moves in words and the last table beside the game (issue 50): room for one copy of
  // each record the dice game of storeForOne writes (its largest), not for every slot
  // stored here (both copies, and the card game's table, took more room than a game file)
  const largest = {};
  for (const n of Object.keys(stored).filter((n) => /^(log|table)_dice\./.test(n))) {
    const record = n.slice(0, n.indexOf("."));
    largest[record] = Math.max(largest[record] || 0, (OWN + n).length + stored[n].length);
  }
  const beside = Object.values(largest).reduce((t, n) => t + n, 0);
  out.store_full = await storeFull(page, url);
  out.store_for_one = await storeForOne(page, url, size, beside);
  out.store_nearly_full = await storeNearlyFull(page, url, size);
  out.store_garbage = await storeGarbage(page, url);
  await page.goto(url + BLANK); // (this tab gives the saves up: the next ones own them)
  out.store_refused = await storeRefused(context, url, errors);
  await page.evaluate(() => localStorage.clear());
  out.two_tabs = await twoTabs(context, url, errors);
}

runCheck("browser_check", { viewport: VIEWPORT }, main);
