// One tab at a time owns the console's saves: the rule every tab of this page follows (and
// the one linked tabs build on). The saves live in localStorage, which every tab of the page
// shares, while each tab plays on its own copy of them (/data, saves.js): two tabs writing
// would each write over what the other wrote since it read the store (a saved game deleted,
// statistics overwritten, a game number given twice). So:
//
// - A tab reads the saves into its /data, and writes them, only while it holds the Web Lock
//   LOCK (navigator.locks). It asks for it at its start, before it reads anything; the lock
//   goes with the tab (closed, reloaded, crashed), and a tab gives it back as it goes.
// - A tab that does not get it soon (WAIT_MS) runs no console: its panel says the console is
//   open in another tab and offers to play here. It starts by itself once the lock is free;
//   "play here" takes the lock over (steal) and starts at once, on the saves as they are.
// - A tab whose lock is taken over stops at once: no frame runs, nothing more is written, and
//   its panel says so, with "play here" to take the saves back (a reload that takes them over
//   at its start: its /data is not what the store holds any more).
// - Each owner writes a token of its own under TOKEN_KEY when it takes the saves, and every
//   write checks it first (guard(): saves.js keepSaves): a write of a tab that lost the saves
//   but has not heard it yet is refused (the firmware's write error) instead of landing over
//   the new owner's. In a browser with no Web Locks the token is the whole rule: the tab
//   started last owns the saves, and an older one stops at its next write or sooner (a
//   storage event).
// - An owner that sees (storage event) another tab write the saves after it read them starts
//   again from the store (a reload), never writing over what it did not read.
export const LOCK = "lama-console:saves";
export const TOKEN_KEY = "lama-console~owner"; // not a file of /data (saves.js SAVE_KEY + name)
const TAKE_KEY = "lama-console~take"; // sessionStorage: this tab takes the saves at its start
const WAIT_MS = 1500; // a tab reloaded in place may find its former self still holding the lock

export class Ownership {
  // state: "asking" (at start), "owner", "waiting" (another tab has the saves), "lost"
  constructor(ls, saveKey, win = window) {
    this.ls = ls;
    this.saveKey = saveKey;
    this.win = win;
    this.locks = win.navigator && win.navigator.locks ? win.navigator.locks : null;
    this.token = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
    this.state = "asking";
    this.onWaiting = () => {};
    this.onLost = () => {};
    this.release = null; // gives the lock back (the tab is going)
    this.pending = null; // the AbortController of a request not granted yet
    this.granted = null; // resolves once this tab owns the saves
  }

  acquire() {
    // a promise, resolved when this tab owns the saves (onWaiting() when that takes long)
    this.win.addEventListener("storage", (e) => this.heard(e));
    this.win.addEventListener("pagehide", () => { if (this.release) this.release(); });
    return new Promise((resolve) => {
      this.granted = resolve;
      if (this.locks === null) {
        this.claim();
        return;
      }
      if (takeAtStart(this.win)) {
        this.ask(true);
        return;
      }
      this.ask(false);
      this.win.setTimeout(() => {
        if (this.state === "asking") {
          this.state = "waiting";
          this.onWaiting();
        }
      }, WAIT_MS);
    });
  }

  ask(steal) {
    const options = { steal };
    if (!steal) {
      this.pending = new AbortController();
      options.signal = this.pending.signal;
    }
    let held = false; // this request got the lock (an aborted one never did)
    this.locks.request(LOCK, options, () => {
      held = true;
      this.pending = null;
      this.claim();
      return new Promise((release) => { this.release = release; }); // held while the tab is
    }).catch((e) => {
      // the lock held, stolen by another tab (AbortError); or a request of this tab given
      // up for its own steal, which never held it
      if (held) this.lose();
      else if (!(e && e.name === "AbortError")) throw e;
    });
  }

  takeOver() {
    // "play here": the saves are this tab's from now on
    if (this.state === "lost") {
      // this tab's /data is older than the store: it starts again, taking the saves then
      try {
        this.win.sessionStorage.setItem(TAKE_KEY, "1");
      } catch (e) {
        // no session storage: the reload waits for the lock like any start
      }
      this.win.location.reload();
      return;
    }
    if (this.state !== "waiting" && this.state !== "asking") return;
    if (this.locks === null) {
      this.claim();
      return;
    }
    if (this.pending !== null) this.pending.abort();
    this.pending = null;
    this.ask(true);
  }

  claim() {
    this.state = "owner";
    if (this.ls !== null) {
      try {
        this.ls.setItem(TOKEN_KEY, this.token);
      } catch (e) {
        // a full store: the lock alone says who owns the saves
      }
    }
    if (this.granted) this.granted();
  }

  lose() {
    if (this.state === "lost") return;
    this.state = "lost";
    if (this.release) this.release();
    this.onLost();
  }

  guard() {
    // true when this tab may write the saves now (saves.js asks before every write)
    if (this.state !== "owner") return false;
    if (this.ls !== null) {
      let holder = null;
      try {
        holder = this.ls.getItem(TOKEN_KEY);
      } catch (e) {
        return true; // the write itself fails then, and says so
      }
      if (holder !== null && holder !== this.token) {
        this.lose();
        return false;
      }
    }
    return true;
  }

  heard(e) {
    // another tab changed the shared store
    if (this.state !== "owner") return;
    if (e.key === TOKEN_KEY) {
      if (e.newValue !== null && e.newValue !== this.token) this.lose();
    } else if (e.key === null || e.key.startsWith(this.saveKey)) {
      // written after this tab read it: this tab's /data is stale, read it again
      this.lose();
      this.win.location.reload();
    }
  }
}

function takeAtStart(win) {
  try {
    const take = win.sessionStorage.getItem(TAKE_KEY) !== null;
    win.sessionStorage.removeItem(TAKE_KEY);
    return take;
  } catch (e) {
    return false;
  }
}
