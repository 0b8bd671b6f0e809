// The browser board's link line in headless Chromium: three tabs of the page, two on one link
// name and one on another; bytes written through one tab's board.link (the firmware's path)
// reach the other tab of its link and itself, not the third; a closed tab is off the line;
// each tab holds its own slot (its saves' keys, its link id), a tab reopened gets its own back.
// Prints one JSON line of findings for host_tests/test_link_web.py.
//
//   node tools/web/link_check.mjs --web build/web --chromium /usr/bin/chromium --profile DIR
import { runCheck, sleep } from "./check_kit.mjs";

async function open(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.lamaConsole && window.lamaConsole.linkSend, null,
    { timeout: 60000 });
  return page;
}

const heard = (page) => page.evaluate(() => window.lamaConsole.linkHeard());
const send = (page, hex) => page.evaluate((h) => window.lamaConsole.linkSend(h), hex);

async function main(context, url, out) {
  const base = url;
  const a = await open(context, base + "?link=t1");
  const b = await open(context, base + "?link=t1");
  const c = await open(context, base + "?link=t2");
  out.before = [await heard(a), await heard(b), await heard(c)]; // opens each one's line
  const who = (p) => p.evaluate(() => [window.lamaConsole.slot, window.lamaConsole.uid]);
  out.slots = [await who(a), await who(b), await who(c)];
  await send(a, "b74c00ff");
  await sleep(300);
  out.after_a = [await heard(a), await heard(b), await heard(c)];
  await send(b, "0102");
  await send(b, "03");
  await sleep(300);
  out.after_b = [await heard(a), await heard(b)];
  await b.close();
  await send(a, "aa");
  await sleep(300);
  out.after_close = [await heard(a)];
  const b2 = await open(context, base + "?link=t1");
  await heard(b2);
  out.reopened = await who(b2);
  await send(a, "bb");
  await sleep(300);
  out.after_reopen = [await heard(a), await heard(b2)];
}

runCheck("link_check", {}, main);
