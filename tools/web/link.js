// The browser board's link line: the tabs of this page (same origin) on one BroadcastChannel,
// each tab a console. write() posts the bytes to every other tab and hears them itself (as a
// UART on the shared line hears its own bytes); read() hands over what was heard. The channel
// opens at the first use, so a tab not in a link game never listens; closing a tab is a cable
// pulled. The firmware's link module (firmware/link/) runs over it unchanged.
export const CHANNEL = "lama-link:"; // + the link's name (?link=NAME in the address, else "table")
export const HEARD_MAX = 65536; // bytes kept unread at most (the oldest go first: lost bytes)

export class TabLine {
  constructor(name) {
    this.name = name || "table";
    this.channel = null;
    this.heard = [];
    this.size = 0;
    this.sent = 0;
    this.lost = 0;
    this.kept = null; // tests: every message heard from the other tabs, as hex (keep())
  }

  keep() {
    if (this.kept === null) this.kept = [];
  }

  open() {
    if (this.channel === null) {
      this.channel = new BroadcastChannel(CHANNEL + this.name);
      this.channel.onmessage = (e) => {
        const bytes = new Uint8Array(e.data);
        if (this.kept !== null) {
          this.kept.push(Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""));
        }
        this.hear(bytes);
      };
    }
  }

  hear(bytes) {
    this.heard.push(bytes);
    this.size += bytes.length;
    while (this.size > HEARD_MAX) {
      const old = this.heard.shift();
      this.size -= old.length;
      this.lost += old.length;
    }
  }

  write(bytes) {
    this.open();
    const copy = Uint8Array.from(bytes);
    this.channel.postMessage(copy);
    this.hear(copy);
    this.sent += copy.length;
    return copy.length;
  }

  read() {
    // the bytes heard since the last call, or null when none
    this.open();
    if (this.size === 0) return null;
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.heard) {
      out.set(part, at);
      at += part.length;
    }
    this.heard = [];
    this.size = 0;
    return out;
  }

  close() {
    if (this.channel !== null) {
      this.channel.close();
      this.channel = null;
    }
  }
}

export function linkName(search) {
  // the link's name from the page's address (?link=NAME: letters, digits, - and _), else "table"
  const name = new URLSearchParams(search).get("link") || "";
  return /^[A-Za-z0-9_-]{1,40}$/.test(name) ? name : "table";
}

export const SLOTS = 8; // tabs of the page open at once, each with its own saves and link id

const SLOT_KEY = "lama-console-slot"; // sessionStorage: this tab's slot, kept over a reload

function lastSlot() {
  // the slot this tab had before a reload (sessionStorage is the tab's own), or -1
  try {
    const k = Number(window.sessionStorage.getItem(SLOT_KEY));
    return Number.isInteger(k) && k >= 0 && k < SLOTS ? k : -1;
  } catch (e) {
    return -1; // (storage refused)
  }
}

function holdSlot(k) {
  // the lock of slot k, held until the tab closes (or reloads), if no other tab holds it
  return new Promise((resolve) => {
    navigator.locks.request("lama-console-slot-" + k, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      return lock === null ? null : new Promise(() => {}); // held for the tab's life
    });
  });
}

export async function tabSlot() {
  // the slot this tab had before a reload when it is free, else the lowest slot no other
  // open tab holds (0 when the browser has no Web Locks): a tab reloaded or reopened gets
  // the slot, saves and link id it had
  if (!navigator.locks) return 0;
  const last = lastSlot();
  const order = [...Array(SLOTS).keys()];
  if (last > 0) order.unshift(last);
  for (const k of order) {
    if (await holdSlot(k)) {
      try {
        window.sessionStorage.setItem(SLOT_KEY, String(k));
      } catch (e) {
        // (storage refused: the lowest free slot at the next load)
      }
      return k;
    }
  }
  return 0;
}

export function linkUid(ls, slot) {
  // this tab's console id on the link (hex, 16 digits), kept per slot in localStorage
  const key = "lama-link-uid-" + slot;
  let uid = ls === null ? null : ls.getItem(key);
  if (!uid || !/^[0-9a-f]{16}$/.test(uid)) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    uid = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    if (ls !== null) {
      try {
        ls.setItem(key, uid);
      } catch (e) {
        // a full store: the id lasts as long as the tab
      }
    }
  }
  return uid;
}
