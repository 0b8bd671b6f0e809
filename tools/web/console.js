// The browser board's page side: loads the MicroPython WebAssembly port, puts firmware/ and
// the browser board into its file system, and runs one frame per timer tick (tools/web/page_loop.py;
// the timer is ticker.js's: a linked tab's frames go on while it is out of sight).
// Here: the glass on a canvas, keys and on-screen buttons, the buzzer (Web Audio); the saves
// (/data) are kept in localStorage by saves.js, each tab's in a slot of its own (link.js), by
// the one tab that owns them (owner.js): a tab that lost them stops, and its panel says so.
import { loadMicroPython } from "./micropython.mjs";
import { Glass } from "./glass.js";
import { Ownership } from "./owner.js";
import { keepSaves, restoreSaves, savePrefix, savedFiles, storage, unb64, useSlot } from "./saves.js";
import { TabLine, linkName, linkUid, tabSlot } from "./link.js";
import { Ticker } from "./ticker.js";

const KEYS = {
  ArrowUp: 0, ArrowDown: 1, ArrowLeft: 2, ArrowRight: 3,
  z: 4, Z: 4, Enter: 4, x: 5, X: 5, Backspace: 5,
};
const ESC_HOLD_MS = 700; // Esc: a long press of B (hal.buttons.LONG_MS is 600)

const saves = { kept: 0, failed: 0, freed: 0 }; // files kept in localStorage, refused, freed
const state = { frames: 0, draws: 0, image: null, contrast: -1, error: null, saves };
window.lamaConsole = state;
const tabLine = new TabLine(linkName(window.location.search)); // the link port (link.js)
state.link = tabLine;
window.addEventListener("pagehide", () => tabLine.close());
const ticker = new Ticker(() => tabLine.channel !== null); // frames go on when hidden, if linked
state.ticker = ticker;

// --- the glass -------------------------------------------------------------------------------
const glass = new Glass(document.getElementById("glass"), document.getElementById("slot"),
  document.getElementById("bezel"));
state.scale = () => glass.scale;
glass.fit();
window.addEventListener("resize", () => glass.fit());

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

// --- buttons --------------------------------------------------------------------------------
let loop = null;
const held = new Set();

function press(button, down) {
  if (loop === null || stopped) return;
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
    el.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a hold
  });
}

// --- the saves' owner (owner.js) --------------------------------------------------------------
let stopped = false; // the saves went to another tab: no frame runs here any more
const ELSEWHERE = "The console went on in another tab: this one stopped (its saved games are there).";

function elsewhere(owner) {
  // the panel over the glass: where the console went, and "play here"
  document.getElementById("status").textContent = "";
  document.getElementById("elsewhere-text").textContent = ELSEWHERE;
  document.getElementById("elsewhere").hidden = false;
  document.getElementById("take").onclick = () => owner.takeOver();
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
  const localStorage = storage();
  const slot = await tabSlot(); // this tab's own saves and link id
  state.slot = slot;
  useSlot(slot);
  const uid = linkUid(localStorage, slot);
  state.uid = uid;
  const owner = new Ownership(localStorage, slot, savePrefix());
  state.owner = () => owner.state;
  owner.onLost = () => {
    held.forEach((b) => press(b, false));
    stopped = true;
    elsewhere(owner);
  };
  owner.acquire();
  restoreSaves(FS, localStorage, console);
  keepSaves(FS, localStorage, saves, console, () => owner.guard());
  state.files = () => savedFiles(FS);
  mp.registerJsModule("lama_page", {
    show: (image, contrast) => {
      state.image = mp.PyProxy.toJs(image);
      state.contrast = contrast;
      state.draws += 1;
      if (state.changeTimes) { // (tests) when the picture changed
        const seen = state.image.join(",");
        if (seen !== state.drawnImage) state.changeTimes.push(Date.now());
        state.drawnImage = seen;
      }
      glass.draw(state.image, contrast);
    },
    audio: tone,
    link_write: (data) => tabLine.write(mp.PyProxy.toJs(data)),
    link_read: () => tabLine.read(),
    link_uid: () => uid,
  });
  mp.runPython("import sys\nsys.path.append('/web')");
  const py = mp.pyimport("page_loop");
  if (!py.start()) {
    fail("the console did not start (see the browser console)");
    return;
  }
  loop = py;
  state.screen = () => py.screen();
  state.linkSend = (hex) => py.link_send(hex); // the board's link port, for the tests
  state.linkHeard = () => py.link_heard();
  state.watch = () => { // what the game screens draw and when, kept (page_watch.py)
    state.changeTimes = [];
    tabLine.keep();
    py.watch();
  };
  state.seen = () => JSON.parse(py.seen());
  wireInput();
  status.textContent = "";
  const frame = () => {
    if (stopped) return;
    let wait;
    try {
      wait = py.step();
    } catch (e) {
      fail("the firmware stopped: " + e.message);
      return;
    }
    state.frames += 1;
    ticker.after(Math.max(1, wait), frame);
  };
  frame();
}

main().catch((e) => fail("could not load the console: " + e));
