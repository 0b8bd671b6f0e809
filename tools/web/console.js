// The browser board's page side: loads the MicroPython WebAssembly port, puts firmware/ and
// the browser board into its file system, and runs one frame per timer tick (tools/web/page_loop.py).
// Here: the glass on a canvas, keys and on-screen buttons, the buzzer (Web Audio) and the
// mirror of /data (the saves) in localStorage.
import { loadMicroPython } from "./micropython.mjs";

const SCALE = 4;
const W = 128;
const H = 64;
const BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"];
const KEYS = {
  ArrowUp: 0, ArrowDown: 1, ArrowLeft: 2, ArrowRight: 3,
  z: 4, Z: 4, Enter: 4, x: 5, X: 5, Backspace: 5,
};
const ESC_HOLD_MS = 700; // Esc: a long press of B (hal.buttons.LONG_MS is 600)
const DATA = "/data";
const SAVE_KEY = "lama-console:"; // + path under /data -> base64 of the file
const LIT = [200, 236, 255]; // the OLED's lit colour (a white-blue module)

const state = {
  frames: 0, draws: 0, image: null, contrast: -1, error: null, dataDirty: false, saves: 0,
};
window.lamaConsole = state;

// --- the glass ----------------------------------------------------------------------------
const canvas = document.getElementById("glass");
const ctx = canvas.getContext("2d");
const pixels = ctx.createImageData(W * SCALE, H * SCALE);

function draw(image, contrast) {
  // image: 1,024 MONO_VLSB bytes as the panel's glass shows them; contrast -1: panel off
  const d = pixels.data;
  const level = contrast < 0 ? 0 : 0.3 + 0.7 * (contrast / 255);
  const on = LIT.map((c) => Math.round(c * level));
  const rowBytes = W * SCALE * 4;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const lit = level > 0 && (image[(y >> 3) * W + x] >> (y & 7)) & 1;
      for (let dy = 0; dy < SCALE; dy++) {
        let o = (y * SCALE + dy) * rowBytes + x * SCALE * 4;
        for (let dx = 0; dx < SCALE; dx++, o += 4) {
          // a dot of 3x3 with a dark gap: the pixel grid of an OLED
          const core = lit && dx < SCALE - 1 && dy < SCALE - 1;
          d[o] = core ? on[0] : 4;
          d[o + 1] = core ? on[1] : 6;
          d[o + 2] = core ? on[2] : 10;
          d[o + 3] = 255;
        }
      }
    }
  }
  ctx.putImageData(pixels, 0, 0);
}

// --- the buzzer -----------------------------------------------------------------------------
let audio = null; // made at the first key or click (browsers allow sound only after one)
let voice = null; // {osc, gain} of the tune playing

function unlockAudio() {
  if (audio === null && window.AudioContext) {
    audio = new AudioContext();
  }
  if (audio !== null && audio.state === "suspended") {
    audio.resume();
  }
}

function tone(freq, duty, atMs) {
  // a PWM change at atMs after now (hal.sound's notes, page_parts.PagePwm); 0 = a new tune
  if (audio === null) return;
  const t = audio.currentTime + atMs / 1000;
  if (atMs === 0 && voice !== null) {
    voice.osc.stop();
    voice = null;
  }
  if (duty > 0) {
    if (voice === null) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "square";
      gain.gain.value = 0.06;
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      voice = { osc, gain };
    }
    voice.osc.frequency.setValueAtTime(freq, t);
  } else if (voice !== null) {
    voice.osc.stop(t);
    voice = null;
  }
}

// --- the saves: /data mirrored into localStorage ----------------------------------------------
function b64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s);
}

function unb64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function storage() {
  // localStorage, or null where the browser refuses it (storage disabled): then the saves
  // live only as long as the page
  try {
    return window.localStorage;
  } catch (e) {
    return null;
  }
}

function restoreSaves(FS) {
  FS.mkdir(DATA);
  const localStorage = storage();
  if (localStorage === null) {
    console.warn("lama: no localStorage here: the saves last as long as the page");
    return;
  }
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(SAVE_KEY)) continue;
    const name = key.slice(SAVE_KEY.length);
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) continue; // only plain names of /data
    try {
      FS.writeFile(DATA + "/" + name, unb64(localStorage.getItem(key)));
    } catch (e) {
      console.warn("lama: a damaged save entry was skipped:", key); // the store checks the rest
    }
  }
}

function watchData(FS) {
  // every save ends in a rename (hal/store.py), every removal in an unlink
  for (const op of ["rename", "unlink", "writeFile"]) {
    const orig = FS[op].bind(FS);
    FS[op] = (path, ...rest) => {
      const r = orig(path, ...rest);
      if (String(path).startsWith(DATA + "/")) state.dataDirty = true;
      return r;
    };
  }
}

function mirrorSaves(FS) {
  state.dataDirty = false;
  const localStorage = storage();
  if (localStorage === null) return;
  try {
    copySaves(FS, localStorage);
  } catch (e) {
    // full or refused: the game goes on, and /data still holds the saves for this visit
    console.warn("lama: the saves could not be kept in localStorage:", e);
  }
}

function copySaves(FS, localStorage) {
  const names = FS.readdir(DATA).filter((n) => n !== "." && n !== "..");
  const keep = new Set();
  for (const name of names) {
    keep.add(SAVE_KEY + name);
    localStorage.setItem(SAVE_KEY + name, b64(FS.readFile(DATA + "/" + name)));
  }
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key.startsWith(SAVE_KEY) && !keep.has(key)) localStorage.removeItem(key);
  }
  state.saves += 1;
}

// --- buttons --------------------------------------------------------------------------------
let loop = null;
const held = new Set();

function press(button, down) {
  if (loop === null) return;
  if (down === held.has(button)) return;
  if (down) held.add(button);
  else held.delete(button);
  loop.press(button, down);
  document.querySelectorAll('[data-button="' + button + '"]').forEach((el) => {
    el.classList.toggle("held", down);
  });
}

function wireInput() {
  window.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    unlockAudio();
    if (e.key === "Escape") {
      e.preventDefault();
      if (!held.has(5)) {
        press(5, true);
        setTimeout(() => press(5, false), ESC_HOLD_MS);
      }
      return;
    }
    const b = KEYS[e.key];
    if (b === undefined) return;
    e.preventDefault();
    if (!e.repeat) press(b, true);
  });
  window.addEventListener("keyup", (e) => {
    const b = KEYS[e.key];
    if (b !== undefined) press(b, false);
  });
  window.addEventListener("blur", () => held.forEach((b) => press(b, false)));
  document.querySelectorAll("[data-button]").forEach((el) => {
    const b = Number(el.dataset.button);
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      unlockAudio();
      el.setPointerCapture(e.pointerId);
      press(b, true);
    });
    for (const ev of ["pointerup", "pointercancel", "lostpointercapture"]) {
      el.addEventListener(ev, () => press(b, false));
    }
  });
}

// --- boot and the frame loop ------------------------------------------------------------------
function fail(message) {
  state.error = message;
  document.getElementById("status").textContent = message;
  console.error("lama: " + message);
}

async function main() {
  const status = document.getElementById("status");
  const mp = await loadMicroPython({
    stdout: (line) => console.log("console: " + line),
    stderr: (line) => console.warn("console: " + line),
  });
  const FS = mp.FS;
  const files = await (await fetch("files.json")).json();
  for (const path of Object.keys(files)) {
    const parts = path.split("/").slice(1, -1);
    let dir = "";
    for (const p of parts) {
      dir += "/" + p;
      if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
    }
    FS.writeFile(path, unb64(files[path]));
  }
  restoreSaves(FS);
  watchData(FS);
  mp.registerJsModule("lama_page", {
    show: (image, contrast) => {
      state.image = mp.PyProxy.toJs(image);
      state.contrast = contrast;
      state.draws += 1;
      draw(state.image, contrast);
    },
    audio: tone,
  });
  mp.runPython("import sys\nsys.path.append('/web')");
  const py = mp.pyimport("page_loop");
  if (!py.start()) {
    fail("the console did not start (see the browser console)");
    return;
  }
  loop = py;
  state.screen = () => py.screen();
  wireInput();
  status.textContent = "";
  const frame = () => {
    let wait;
    try {
      wait = py.step();
    } catch (e) {
      fail("the firmware stopped: " + e.message);
      return;
    }
    state.frames += 1;
    if (state.dataDirty) mirrorSaves(FS);
    setTimeout(frame, Math.max(1, wait));
  };
  frame();
}

main().catch((e) => fail("could not load the console: " + e));
