// One tab at a time owns a store of saves: the rule every tab of this page follows, linked
// tabs too. The saves live in localStorage, which every tab of the page shares, while each
// tab plays on its own copy of them (/data, saves.js): two tabs writing one store would each
// write over what the other wrote since it read it (a saved game deleted, statistics
// overwritten, a game number given twice). So:
//
// - With Web Locks, each tab holds a slot of its own for as long as it is open (link.js
//   tabSlot: its lock), and a slot is a store of its own (saves.js useSlot): no other tab
//   writes it.
// - The tab that owns a slot's store writes a token of its own under TOKEN_KEY + slot when it
//   takes it, and every write checks it first (guard(): saves.js keepSaves). With no Web
//   Locks every tab gets slot 0, and the token is the whole rule: the tab started last owns
//   the store; an older one stops at its next write or sooner (the storage event): no frame
//   runs there any more, nothing more is written, its panel says so and offers "play here",
//   a reload that takes the store back, reading it as it is.
// - An owner that sees (storage event) another tab write its store after it read it starts
//   again from the store (a reload), never writing over what it did not read.
export const TOKEN_KEY = "lama-console~owner-"; // + slot: not a file of /data (saves.js)

export class Ownership {
  // state: "owner", or "lost" (another tab took the store)
  constructor(ls, slot, saveKey, win = window) {
    this.ls = ls;
    this.key = TOKEN_KEY + slot;
    this.saveKey = saveKey;
    this.win = win;
    this.token = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
    this.state = "owner";
    this.onLost = () => {};
  }

  acquire() {
    // take the store: this tab's token, and an ear for other tabs' writes
    this.win.addEventListener("storage", (e) => this.heard(e));
    if (this.ls !== null) {
      try {
        this.ls.setItem(this.key, this.token);
      } catch (e) {
        // a full store: the slot's lock alone says who owns it
      }
    }
  }

  takeOver() {
    // "play here": this tab's /data is older than the store: it starts again, taking it
    this.win.location.reload();
  }

  lose() {
    if (this.state === "lost") return;
    this.state = "lost";
    this.onLost();
  }

  guard() {
    // true when this tab may write the store now (saves.js asks before every write)
    if (this.state !== "owner") return false;
    if (this.ls !== null) {
      let holder = null;
      try {
        holder = this.ls.getItem(this.key);
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
    // another tab changed the shared localStorage
    if (this.state !== "owner" || e.key === null) return;
    if (e.key === this.key) {
      if (e.newValue !== null && e.newValue !== this.token) this.lose();
    } else if (e.key.startsWith(this.saveKey)) {
      // this store, written after this tab read it: its /data is stale, read it again
      this.lose();
      this.win.location.reload();
    }
  }
}
