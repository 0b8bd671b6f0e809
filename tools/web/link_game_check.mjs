// A whole link game in headless Chromium: three tabs of the page on one link name (?link=),
// tab 1 hosts (Link game > Host), tabs 2 and 3 join; the host sets a L.L.A.M.A. table of the
// three people and a computer player (each tab's settings first: the computer players
// instant; on the host one round); the people play through key presses (A on the cursor's
// choice: a play when one is allowed, else a draw, else quit) to game over. Midway tab 2 is
// closed and opened again (same link name, its own slot and saves): it joins again and
// plays on. Each tab keeps what its screens drew (page_watch.py), when its picture changed
// and every message it heard. Then two unlinked tabs play a LAMA Dice game each, at once.
// The findings are printed as one JSON line for host_tests/test_link_game_web.py to judge.
//
//   node tools/web/link_game_check.mjs --web build/web --chromium /usr/bin/chromium --profile DIR
import { FLAGS, booted, pick as pickRow, press, runCheck, seen, sleep, waitScreen } from "./check_kit.mjs";

// tabs side by side are all on view: no timer of theirs is slowed as a hidden tab's is
const ON_VIEW = ["--disable-background-timer-throttling", "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows"];
const LIMIT_MS = 120000; // the game must end within this
const SHOW_MS = 10000; // a move not shown on the other tabs within this: never shown
const CLOSE_AFTER = 3; // moves of tab 2's person before it is closed
const ROUNDS = 1; // the game's rounds
const UNLINKED_PRESSES = 12; // presses on each of two unlinked tabs, taken in turn
const MENU_SETTINGS = 3; // rows of the main menu (ui/screens/main_menu.py)
const MENU_LINK = 7;
const ROW_ROUNDS = 6; // rows of the settings (ui/model/settings.py FIELDS)
const ROW_SPEED = 8;

const HOLD_MS = 80; // a key held as long as a finger does, on a machine the three tabs share

const key = (page, name) => press(page, name, HOLD_MS);

async function keys(page, names) {
  for (const name of names) await key(page, name);
}

async function until(page, test, what, ms = 30000) {
  // poll seen() until test(found) holds
  const end = Date.now() + ms;
  let got = null;
  while (Date.now() < end) {
    got = await seen(page);
    if (test(got)) return got;
    await sleep(30);
  }
  throw new Error("waited for " + what + ", the tab shows " + JSON.stringify(got));
}

async function openTab(context, url, errors) {
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(url);
  await booted(page);
  await page.evaluate(() => window.lamaConsole.watch());
  return page;
}

const pick = (page, want, row) => pickRow(page, want, row, HOLD_MS);

async function join(page, k, again) {
  // Join, the name P1 turned into another letter for each tab (Q1, R1), then wait for the
  // host (`again`: a tab opened again goes straight to the link menu)
  if (again) {
    await key(page, "z"); // the title
    await pick(page, "MainMenu", MENU_LINK);
  } else {
    await fastSettings(page, 0);
  }
  await pick(page, "LinkMenu", 1);
  await waitScreen(page, "NameScreen");
  for (let i = 0; i < k; i++) await key(page, "ArrowUp");
  await keys(page, ["z", "z", "z"]);
  // a tab opened again may be back in the game (the host resumes it at once) before a look
  // finds it on the join screen
  await until(page, (s) => s.screen === "JoinScreen" || (again && s.seat >= 0),
    again ? "the join screen or the game" : "the join screen");
}

async function setting(page, row, index, want) {
  // on the settings screen: row `row` stepped to `want` (seen().settings[index])
  for (let i = 0; i < 20; i++) {
    const s = await seen(page);
    if (s.cursor !== row) await key(page, s.cursor > row ? "ArrowUp" : "ArrowDown");
    else if (s.settings[index] !== want) await key(page, "ArrowRight");
    else return;
  }
  throw new Error("the setting of row " + row + " did not become " + want);
}

async function fastSettings(page, rounds) {
  // this tab's settings (ui/model/settings.py): the computer players instant (a console's
  // pace shows another seat's move a step long, as a computer player's), and on the host
  // the game's rounds
  await key(page, "z");
  await pick(page, "MainMenu", MENU_SETTINGS);
  await waitScreen(page, "SettingsScreen");
  if (rounds) await setting(page, ROW_ROUNDS, 0, rounds);
  await setting(page, ROW_SPEED, 1, 3);
  await key(page, "x");
  await pick(page, "MainMenu", MENU_LINK);
  await waitScreen(page, "LinkMenu");
}

async function setTable(host, people, bots) {
  // Host; once the other people's tabs are linked: L.L.A.M.A., the people and `bots`
  // computer players, Start
  await until(host, (s) => s.linked === people - 1, "the consoles linked");
  await pick(host, "HostScreen", 1); // L.L.A.M.A.
  await waitScreen(host, "LinkSetupScreen");
  for (let i = 0; i < 6; i++) {
    if ((await seen(host)).seats === people + bots) break;
    await key(host, "ArrowRight");
  }
  await keys(host, ["ArrowUp", "z"]); // the last row: Start
}

function keep(found, k, s) {
  // what tab k drew and (the host) held since the last look
  for (const h of s.drawn) if (!found.drawn[k].includes(h)) found.drawn[k].push(h);
  for (const seat of Object.keys(s.held)) {
    const got = found.held[seat] || (found.held[seat] = []);
    for (const h of s.held[seat]) if (!got.includes(h)) got.push(h);
  }
  if (s.seat >= 0) found.seats[k] = s.seat;
  if (s.cid !== null && k > 0) found.cids[k] = s.cid;
}

async function shownAfter(page, t) {
  // the first time tab `page` drew its canvas after `t` (ms since the epoch), or -1
  const end = Date.now() + SHOW_MS;
  while (Date.now() < end) {
    const at = await page.evaluate((t0) =>
      window.lamaConsole.changeTimes.find((x) => x > t0) || -1, t);
    if (at > 0) return at;
    await sleep(5);
  }
  return -1;
}

async function heard(page) {
  return page.evaluate(() => window.lamaConsole.link.kept);
}

const slotOf = (page) => page.evaluate(() => [window.lamaConsole.slot, window.lamaConsole.uid]);
const owner = (page) => page.evaluate(() => window.lamaConsole.owner());

async function ownFiles(page) {
  // [this tab's game entries in localStorage, the same files in its /data] ({name: base64})
  return page.evaluate(() => {
    const slot = window.lamaConsole.slot;
    const own = slot ? "lama-console-" + slot + ":" : "lama-console:"; // (saves.js useSlot)
    const stored = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith(own + "game_dice.")) stored[k.slice(own.length)] = localStorage.getItem(k);
    }
    const files = window.lamaConsole.files();
    const mine = {};
    for (const n of Object.keys(files)) if (n.startsWith("game_dice.")) mine[n] = files[n];
    return [stored, mine];
  });
}

async function twoUnlinked(context, base, errors, linked) {
  // two tabs of the page with no link game, each a LAMA Dice game of its own, played at
  // once (their presses taken in turn): each tab's saves are its own /data, whole, and a
  // reload of each offers its own game. (Opened while the `linked` tabs hold their slots,
  // then those closed: these two have slots of their own, at the settings' defaults.)
  const out = {};
  const tabs = [await openTab(context, base, errors), await openTab(context, base, errors)];
  for (const p of linked) await p.close();
  out.slots = [];
  out.first = [];
  out.playing = [];
  for (const p of tabs) {
    out.slots.push(await p.evaluate(() => window.lamaConsole.slot));
    out.first.push((await seen(p)).screen);
    await key(p, "z");
    await pick(p, "MainMenu", 0); // LAMA Dice
    await waitScreen(p, "SetupScreen");
    await key(p, "ArrowUp"); // the list wraps: Start
    await key(p, "z");
    for (let i = 0; i < 20 && !(await seen(p)).screen.startsWith("DiceScreen"); i++) {
      if ((await seen(p)).screen === "HowToScreen") await key(p, "x");
      await sleep(50);
    }
  }
  for (const p of tabs) out.playing.push((await seen(p)).screen);
  for (let i = 0; i < UNLINKED_PRESSES; i++) for (const p of tabs) await key(p, "z");
  out.left = [];
  for (const p of tabs) out.left.push([(await seen(p)).screen, await owner(p)]);
  await sleep(500); // (the last saves)
  out.kept = [];
  out.files = [];
  for (const p of tabs) {
    out.kept.push(await p.evaluate(() => window.lamaConsole.saves.kept));
    out.files.push(await ownFiles(p));
  }
  out.after_reload = [];
  out.slots_after = [];
  for (const p of tabs) {
    await p.reload();
    out.after_reload.push(await booted(p));
    out.slots_after.push(await p.evaluate(() => window.lamaConsole.slot));
  }
  return out;
}

async function main(context, base, found, opt) {
  const url = base + "?link=" + (opt.link || "game");
  const errors = [];
  Object.assign(found, { errors, drawn: [[], [], []], held: {}, seats: [-1, -1, -1],
    cids: [null, null, null], heard: [[], [], []], shown: [], moves: [0, 0, 0], unseen_presses: 0,
    scores: [null, null, null] });
  const t0 = Date.now();
  const tabs = [];
  for (let k = 0; k < 3; k++) tabs.push(await openTab(context, url, errors));
  found.slots = [];
  for (const p of tabs) found.slots.push(await slotOf(p));
  await fastSettings(tabs[0], ROUNDS);
  await pick(tabs[0], "LinkMenu", 0); // Host
  await waitScreen(tabs[0], "HostScreen");
  await join(tabs[1], 1);
  await join(tabs[2], 2);
  await setTable(tabs[0], 3, 1);
  found.set_ms = Date.now() - t0;
  let reopened = false;
  const end = Date.now() + LIMIT_MS;
  while (found.scores.some((s) => s === null)) {
    if (Date.now() > end) throw new Error("the game did not end: " + JSON.stringify(found.scores));
    for (let k = 0; k < 3; k++) {
      const page = tabs[k];
      const s = await seen(page);
      keep(found, k, s);
      if (s.scores) {
        found.scores[k] = s.scores;
        continue;
      }
      if (s.screen === "HowToScreen") {
        await key(page, "x"); // (a first game: how to play, left)
      } else if (s.todo === "turn") {
        const t = Date.now();
        await key(page, "z");
        const mine = await shownAfter(page, t);
        if (mine < 0) {
          found.unseen_presses += 1; // (a press the tab did not take: its person presses again)
          continue;
        }
        found.moves[k] += 1;
        found.shown.push([k, k, mine - t]);
        for (const j of [(k + 1) % 3, (k + 2) % 3]) {
          const at = await shownAfter(tabs[j], t);
          found.shown.push([k, j, at > 0 ? at - t : -1]);
        }
      } else if (["ack", "RoundEndPanel", "CurtainPanel"].includes(s.todo)) {
        await key(page, "z");
      } else if (s.todo && !["wait", "GameOverPanel", "LinkLostPanel"].includes(s.todo)) {
        await key(page, "x"); // another page (a hint...): back to the table
      }
    }
    if (!reopened && found.moves[1] >= CLOSE_AFTER) {
      // tab 2 closed mid-game (a cable pulled), then opened again: it joins again
      reopened = true;
      found.heard[1].push(...(await heard(tabs[1])));
      found.before_close = found.seats[1];
      await tabs[1].close();
      await until(tabs[0], (s) => s.todo === "LinkLostPanel", "the host's page of a console gone");
      found.host_saw_gone = true;
      tabs[1] = await openTab(context, url, errors);
      found.reopened_slot = await slotOf(tabs[1]);
      found.reopened_settings = (await seen(tabs[1])).settings; // its own, as it left them
      await join(tabs[1], 1, true);
      const back = await until(tabs[1], (s) => s.seat >= 0, "the rejoined tab's game");
      found.rejoined_seat = back.seat;
      found.reopened_at_move = found.moves.slice();
    }
  }
  for (let k = 0; k < 3; k++) found.heard[k].push(...(await heard(tabs[k])));
  found.game_ms = Date.now() - t0;
  found.unlinked = await twoUnlinked(context, base, errors, tabs);
  found.wall_ms = Date.now() - t0;
}

const LAUNCH = { args: FLAGS.concat(ON_VIEW), viewport: { width: 700, height: 500 } };
runCheck("link_game_check", LAUNCH, main);
