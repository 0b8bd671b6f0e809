// The console's /data (the saves of firmware/hal/store.py) kept in localStorage, one entry a
// file, as honest as the device's flash: a file that cannot be kept fails the firmware's own
// save with the OSError the device's flash gives (ENOSPC when full), so its own line says so.
//
// restoreSaves() puts the entries into the page's /data at start; keepSaves() makes every
// rename into /data (each save of the store ends in one, over the older slot) put the file
// into localStorage before the rename happens, and every removal remove it. Both run only in
// the tab that owns this store (owner.js: one tab at a time), and every write asks first.
export const DATA = "/data";
export const SAVE_KEY = "lama-console:"; // + the file's name under /data -> base64 of its bytes
// The keys of this tab's console: SAVE_KEY for the first tab of the page, "lama-console-K:"
// for the K-th open at once (tabSlot() in link.js), so that tabs never share their saves.
let prefix = SAVE_KEY;

export function useSlot(slot) {
  prefix = slot ? "lama-console-" + slot + ":" : SAVE_KEY;
}

export function savePrefix() {
  // the keys of this tab's store start so
  return prefix;
}
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/; // a plain name of /data (no "..", no "/")
const SET_ASIDE = /\.bad\d*$/; // the store's set-aside copies of damaged files (NAME.bad, .bad1 ...)
// Bytes of a file kept at most: larger than any record file the store writes (the largest,
// the statistics, is under 1.2 KB); a larger entry is damaged, and kept only this far plus
// one byte (CUT_TO), so that the store still finds it too large and sets it aside. An entry
// of CUT_TO bytes is one this page cut already: it is restored as it is, with no new notice.
export const FILE_MAX = 4096;
const CUT_TO = FILE_MAX + 1;
// The OSError numbers of the device (MicroPython's MP_E* on littlefs; hal/store.py compares
// ENOSPC with 28): the port's own C library numbers its errors otherwise.
const ENOSPC = 28; // the flash is full: "not saved", the previous copy stays
const EIO = 5; // a write error: the browser refuses its storage

export function b64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s);
}

export function unb64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export function storage() {
  // localStorage, or null where the browser refuses it (storage disabled)
  try {
    const ls = window.localStorage;
    return ls === undefined ? null : ls;
  } catch (e) {
    return null;
  }
}

function ownKeys(ls) {
  const out = [];
  for (let i = 0; i < ls.length; i++) {
    const key = ls.key(i);
    if (key !== null && key.startsWith(prefix)) out.push(key);
  }
  return out;
}

function entryBytes(text) {
  // [bytes, damaged]: an entry's file, at most CUT_TO bytes of it; damaged when it had to be
  // made so (not base64, or longer than CUT_TO), so that its notice comes once
  let bytes;
  let damaged = false;
  try {
    bytes = unb64(text);
  } catch (e) {
    // not base64: its characters as bytes, for the store to find damaged and set aside
    bytes = new Uint8Array(Math.min(text.length, CUT_TO));
    for (let i = 0; i < bytes.length; i++) bytes[i] = text.charCodeAt(i) & 255;
    damaged = true;
  }
  if (bytes.length > CUT_TO) {
    bytes = bytes.slice(0, CUT_TO);
    damaged = true;
  }
  return [bytes, damaged];
}

export function restoreSaves(FS, ls, log) {
  // the saved files into /data. A damaged entry (not base64, or larger than any record)
  // goes in cut to CUT_TO bytes and is kept at that size: the firmware's store finds
  // it damaged, sets it aside as NAME.bad and says so on the panel, as on the device. An
  // entry whose name cannot be a file of /data is removed.
  FS.mkdir(DATA);
  if (ls === null) {
    log.warn("lama: this browser refuses its storage: no save can be kept");
    return;
  }
  for (const key of ownKeys(ls)) {
    const name = key.slice(prefix.length);
    const text = ls.getItem(key);
    if (!NAME.test(name) || text === null) {
      log.warn("lama: removed a stored entry that is no file of /data: " + JSON.stringify(key));
      ls.removeItem(key);
      continue;
    }
    const [bytes, damaged] = entryBytes(text);
    FS.writeFile(DATA + "/" + name, bytes);
    if (damaged) {
      log.warn("lama: the stored " + name + " is damaged (" + text.length + " characters)");
      try {
        ls.setItem(key, b64(bytes)); // smaller than it was: it fits
      } catch (e) {
        ls.removeItem(key);
      }
    }
  }
}

function isQuota(e) {
  return e && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" ||
    e.code === 22 || e.code === 1014);
}

function nameIn(path) {
  // the name of a file directly in /data, or null
  const p = String(path);
  if (!p.startsWith(DATA + "/")) return null;
  const name = p.slice(DATA.length + 1);
  return NAME.test(name) ? name : null;
}

function recordOf(name) {
  const dot = name.indexOf(".");
  return dot < 0 ? name : name.slice(0, dot);
}

export function keepSaves(FS, ls, counts, log, mayWrite = () => true) {
  // counts: {kept, failed, freed} for the page's tests; mayWrite(): true while this tab owns
  // the saves (owner.js), asked before each write or removal: when it says no, the write
  // fails as one the device's flash refuses (EIO) and nothing in the store changes
  const rename = FS.rename.bind(FS);
  const unlink = FS.unlink.bind(FS);

  function tryPut(key, value) {
    try {
      ls.setItem(key, value);
      return true;
    } catch (e) {
      if (isQuota(e)) return false;
      throw e;
    }
  }

  function put(name, bytes) {
    // keep `bytes` as the file `name`; the previous entry is returned ({key, value}), or an
    // FS error with the device's OSError number when it cannot be kept
    const key = prefix + name;
    const value = b64(bytes);
    let before = null;
    try {
      before = ls.getItem(key);
      if (tryPut(key, value)) return { key, before };
      // full: first the set-aside copies of damaged files (this page's own)
      for (const k of ownKeys(ls)) {
        if (k !== key && SET_ASIDE.test(k)) {
          ls.removeItem(k);
          counts.freed += 1;
        }
      }
      if (tryPut(key, value)) return { key, before };
      // room for one copy of the record: the newest replaces the copies it supersedes
      // (localStorage writes an entry whole or not at all: no torn copy to fall back from)
      const others = SET_ASIDE.test(name) ? [] : ownKeys(ls).filter(
        (k) => k !== key && recordOf(k.slice(prefix.length)) === recordOf(name));
      const kept = others.map((k) => [k, ls.getItem(k)]);
      others.forEach((k) => ls.removeItem(k));
      if (tryPut(key, value)) {
        log.warn("lama: the browser's storage has room for one copy of " + recordOf(name));
        return { key, before };
      }
      kept.forEach(([k, v]) => ls.setItem(k, v)); // the room they had: they fit again
    } catch (e) {
      log.warn("lama: the browser refused to keep " + name + ": " + e);
      throw new FS.ErrnoError(EIO);
    }
    log.warn("lama: the browser's storage is full: " + name + " not kept");
    throw new FS.ErrnoError(ENOSPC);
  }

  FS.rename = (from, to) => {
    const src = nameIn(from);
    const dst = nameIn(to);
    let undo = null;
    if ((src !== null || dst !== null) && !mayWrite()) {
      counts.failed += 1;
      throw new FS.ErrnoError(EIO);
    }
    if (dst !== null && FS.isFile(FS.stat(from).mode)) {
      if (ls === null) {
        counts.failed += 1;
        throw new FS.ErrnoError(EIO);
      }
      try {
        undo = put(dst, FS.readFile(from));
      } catch (e) {
        counts.failed += 1;
        throw e;
      }
    }
    try {
      rename(from, to);
    } catch (e) {
      if (undo !== null && undo.before === null) ls.removeItem(undo.key);
      else if (undo !== null) ls.setItem(undo.key, undo.before);
      throw e;
    }
    if (ls !== null) {
      if (src !== null) ls.removeItem(prefix + src);
      if (dst !== null && undo === null) ls.removeItem(prefix + dst); // a folder went there
    }
    if (undo !== null) counts.kept += 1;
  };

  FS.unlink = (path) => {
    const name = nameIn(path);
    if (name !== null && !mayWrite()) {
      counts.failed += 1;
      throw new FS.ErrnoError(EIO);
    }
    unlink(path);
    if (name !== null && ls !== null) ls.removeItem(prefix + name);
  };
}

export function savedFiles(FS) {
  // {name: base64} of /data, for the page's tests
  const out = {};
  for (const name of FS.readdir(DATA)) {
    const path = DATA + "/" + name;
    if (name !== "." && name !== ".." && FS.isFile(FS.stat(path).mode)) {
      out[name] = b64(FS.readFile(path));
    }
  }
  return out;
}
