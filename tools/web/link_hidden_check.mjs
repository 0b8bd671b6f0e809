// A linked tab out of sight in headless Chromium: two tabs on one link name, one hosting and
// one joined, then each in turn hidden for longer than the link's "lost" times (1.5 s, 2.5 s:
// firmware/link/bus.py), and an unlinked tab hidden too. Headless Chromium keeps every tab
// visible (its timers unthrottled), so a hidden tab is emulated as the browser makes one:
// document.hidden true with a "visibilitychange", and the page's own setTimeout held to at
// least --throttle ms (Chrome: 1000 in a tab hidden under 5 minutes, 60000 after, its
// "intensive throttling"); a worker's timers are left as they are, as Chrome leaves them.
// Prints one JSON line of findings for host_tests/test_link_web.py.
//
//   node tools/web/link_hidden_check.mjs --web build/web --chromium /usr/bin/chromium
//        --profile DIR [--throttle 60000]
import { booted, pick as pickRow, press, runCheck, seen, sleep, waitScreen } from "./check_kit.mjs";

const HIDDEN_MS = 4000; // longer than a console's 2.5 s to "host lost" and the host's 1.5 s
const MENU_LINK = 7; // the main menu's last row (ui/screens/main_menu.py)
const HOLD_MS = 60;

function emulateHiding() {
  // (in the page, before its scripts) window.lamaHide(hidden, throttleMs); while hidden a
  // timer runs no sooner than `throttle` ms after it was set, those set before the page was
  // hidden too (as Chrome's throttling holds back a timer already waiting)
  const realTimeout = window.setTimeout;
  const realClear = window.clearTimeout;
  const live = new Map(); // our timer id -> the real one
  let next = 1;
  let throttle = 0;
  window.setTimeout = (fn, ms, ...rest) => {
    const id = next++;
    const t0 = performance.now();
    const want = Math.max(0, ms || 0);
    const run = () => {
      const wait = t0 + Math.max(want, throttle) - performance.now();
      if (wait > 1) {
        live.set(id, realTimeout(run, wait));
      } else {
        live.delete(id);
        fn(...rest);
      }
    };
    live.set(id, realTimeout(run, Math.max(want, throttle)));
    return id;
  };
  window.clearTimeout = (id) => {
    realClear(live.get(id));
    live.delete(id);
  };
  window.lamaHide = (hidden, ms) => {
    throttle = hidden ? ms : 0;
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    Object.defineProperty(document, "visibilityState", { configurable: true,
      get: () => (hidden ? "hidden" : "visible") });
    document.dispatchEvent(new Event("visibilitychange"));
  };
}

const key = (page, name) => press(page, name, HOLD_MS);

const pick = (page, want, row) => pickRow(page, want, row, HOLD_MS);

async function until(page, test, what, ms = 20000) {
  const end = Date.now() + ms;
  let got = null;
  while (Date.now() < end) {
    got = await seen(page);
    if (test(got)) return got;
    await sleep(50);
  }
  throw new Error("waited for " + what + ", the tab shows " + JSON.stringify(got));
}

async function open(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await booted(page);
  return page;
}

const frames = (page) => page.evaluate(() => [window.lamaConsole.frames,
  window.lamaConsole.ticker.workerTicks, window.lamaConsole.ticker.worker !== null]);

function hideNow(page, throttle) {
  // the page's frames and worker ticks so far, then it hidden (throttle > 0) or shown, in
  // one go (no frame between)
  return page.evaluate((ms) => {
    const c = window.lamaConsole;
    const got = [c.frames, c.ticker.workerTicks];
    window.lamaHide(ms > 0, ms);
    return got;
  }, throttle);
}

async function hiddenFor(hide, host, join, throttle) {
  // `hide` hidden HIDDEN_MS: its frames and worker ticks then, and how the link stood
  const before = await hideNow(hide, throttle);
  await sleep(HIDDEN_MS);
  const out = { host_linked: (await seen(host)).linked, console_link: (await seen(join)).link };
  const after = await hideNow(hide, 0);
  out.frames = after[0] - before[0];
  out.worker_ticks = after[1] - before[1];
  await sleep(500);
  return out;
}

async function main(context, url, out, opt) {
  const throttle = Number(opt.throttle || 60000);
  await context.addInitScript(emulateHiding);
  const host = await open(context, url + "?link=hid");
  const join = await open(context, url + "?link=hid");
  const alone = await open(context, url); // no link game
  await key(host, "z");
  await pick(host, "MainMenu", MENU_LINK);
  await pick(host, "LinkMenu", 0); // Host
  await waitScreen(host, "HostScreen");
  await key(join, "z");
  await pick(join, "MainMenu", MENU_LINK);
  await pick(join, "LinkMenu", 1); // Join
  await waitScreen(join, "NameScreen");
  await key(join, "ArrowUp");
  for (let i = 0; i < 3; i++) await key(join, "z");
  await waitScreen(join, "JoinScreen");
  await until(host, (s) => s.linked === 1, "the console linked");
  await until(join, (s) => s.link === "linked", "the host");
  out.visible_workers = [(await frames(host))[2], (await frames(join))[2]];
  out.host_hidden = await hiddenFor(host, host, join, throttle);
  out.console_hidden = await hiddenFor(join, host, join, throttle);
  await hideNow(alone, throttle);
  await sleep(1500);
  out.alone_hidden = { worker: (await frames(alone))[2] };
  out.after = [(await seen(host)).linked, (await seen(join)).link];
}

runCheck("link_hidden_check", {}, main);
