// The emulated Pico as a process: JSON-line commands on stdin, JSON-line events on stdout, the USB CDC serial port on a loopback TCP socket; all on the emulated clock.
//
//   node tools/pico/pico.mjs --bootrom FILE --flash FILE [--timing typical|max] [--uid HEX]
//   (--uid: the flash's unique ID, 8 bytes; else one drawn from the flash file's path)
//
// Commands ({"op": ..., "id": ...}; each is answered by {"ev": "done", "id": ...} once it
// has taken effect, a run once its emulated time is over):
//   run {ms, pace}       run ms emulated milliseconds (null: until the next run or pause);
//                        pace: at most that many emulated seconds per host second (0: flat out)
//   pause                stop running
//   pin {gpio, level, at_ns}   drive an input (a button: 0 pressed, 1 released) now or at a time
//   uart {b: [[at_ns, byte], ...]}   bytes heard on the link line, into UART0's RX at their times
//   panel {addr, present}      a device on I2C0 that ACKs (present) or not (unplugged)
//   cut_at {n, mid}      cut the power at the n-th flash operation from now (mid: halfway)
//   power {on}           cut the power now, or power on again (the flash is kept)
//   timing {name}        flash timing: typical or max
//   peek {addr, len}     read memory: {"ev": "peek", "d": hex}
//   poke {addr, d}       write memory (d: hex)
//   save {path}          write the flash to a file
//   stats                {"ev": "stats", ...}: emulated time, CPU busy / sleeping, flash counts,
//                        power (ns in each mode since power-on), battery
//   battery {mah, charge, usb, connected, panel_ma}   a LiPo cell on VSYS (battery.mjs):
//                        ADC3 reads VSYS/3 as it drains, GP24 is USB power (on by default)
//   quit
// Events: ready {cdc_port}, i2c {t, a, d}, pwm {t, on, freq, duty}, flash {t, op, addr, len, n},
// cut, reset {t, reason}, power {t, on}, usb {t, connected}, con {d} (what the device writes
// on USB), uart {t, d} (a byte UART0 sent), log {msg}.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import readline from 'node:readline';
import { Chip } from './chip.mjs';
import { NorFlash } from './nor_flash.mjs';
import { Battery } from './battery.mjs';

const SLICE_NS = 2e6; // emulated time between looks at the host (commands, USB bytes)
const BUTTON_GPIOS = [10, 11, 12, 13, 14, 15];

function parseArgs(argv) {
  const out = { timing: 'typical', flashSize: 2 * 1024 * 1024 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    out[key.replace(/-(.)/g, (_, c) => c.toUpperCase())] = argv[i + 1];
  }
  if (!out.bootrom || !out.flash) throw new Error('usage: pico.mjs --bootrom FILE --flash FILE [--timing typical|max] [--uid HEX]');
  out.flashSize = +out.flashSize;
  return out;
}

const args = parseArgs(process.argv.slice(2));
const write = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
const log = (msg) => write({ ev: 'log', msg });

const romBytes = fs.readFileSync(args.bootrom);
const bootrom = new Uint32Array(romBytes.buffer, romBytes.byteOffset, romBytes.length >> 2);
const flashBytes = new Uint8Array(args.flashSize).fill(0xff);
flashBytes.set(fs.readFileSync(args.flash).subarray(0, args.flashSize));
const flash = new NorFlash(flashBytes, args.flashSize, args.timing);

const board = {
  // the flash's unique ID: --uid HEX (8 bytes), else one drawn from the flash file's path
  uid: Buffer.from(args.uid || createHash('sha256').update(path.resolve(args.flash)).digest('hex').slice(0, 16), 'hex'),
  panels: new Map([[0x3c, { present: true }]]),
  inputs: new Map([...BUTTON_GPIOS.map((g) => [g, 1]), [24, 1]]), // GP24: VBUS sense
};
const battery = new Battery();
let client = null;
const emit = (ev) => {
  if (ev.ev === 'cdc_out') {
    const buf = Buffer.from(ev.data);
    if (client) client.write(buf);
    write({ ev: 'con', d: buf.toString('latin1') });
    return;
  }
  write(ev);
};

let chip = null;
let epochNs = 0;
let totals = { busyNs: 0, idleNs: 0, hostNs: 0n, resets: 0 };
function powerOn(reason = 0, scratch = null) {
  chip = new Chip({ bootrom, flash, board, emit, log, reason, scratch, epochNs });
  battery.restarted();
}
function retire() {
  // the chip stops: its USB device vanishes, and the host's serial connection with it
  if (client) {
    client.destroy();
    client = null;
  }
  totals.busyNs += chip.busyNs;
  totals.idleNs += chip.idleNs;
  epochNs = chip.nanos;
}
powerOn();

let run = null; // {target, pace, id, wall0, emu0}
const schedule = []; // [{at, gpio, level}], sorted
let timer = null;

function now() {
  return chip ? chip.nanos : epochNs;
}

function finishRun() {
  if (run && run.id !== undefined) write({ ev: 'done', id: run.id, t: now(), dead: !chip || chip.dead });
  run = null;
}

function applyDue() {
  while (schedule.length && schedule[0].at <= now()) {
    const { gpio, level, byte } = schedule.shift();
    if (byte !== undefined) {
      if (chip && !chip.dead) chip.feedUart(byte);
      continue;
    }
    board.inputs.set(gpio, level);
    if (chip && !chip.dead) chip.setInput(gpio, level);
  }
}

function step() {
  timer = null;
  if (!run) return;
  let end = Math.min(run.target, now() + SLICE_NS);
  if (schedule.length) end = Math.min(end, Math.max(now(), schedule[0].at));
  if (run.pace > 0) {
    const wallNs = Number(process.hrtime.bigint() - run.wall0);
    const allowed = run.emu0 + wallNs * run.pace;
    if (allowed <= now()) {
      timer = setTimeout(step, Math.max(1, Math.min(20, (now() - allowed) / run.pace / 1e6)));
      return;
    }
    end = Math.min(end, allowed);
  }
  if (chip && !chip.dead) {
    const h0 = process.hrtime.bigint();
    chip.setSupply(battery.adcCode(), battery.usb);
    chip.run(end);
    battery.account(chip.power(), now());
    totals.hostNs += process.hrtime.bigint() - h0;
    if (chip.resetWanted) {
      const { reason, scratch } = chip.resetState();
      retire();
      totals.resets++;
      emit({ ev: 'reset', t: epochNs, reason: reason === 2 ? 'force' : 'watchdog' });
      powerOn(reason, scratch);
    } else if (chip.dead) {
      retire();
      chip = null;
      finishRun();
      return;
    }
  } else {
    epochNs = Math.max(epochNs, end); // no power: time goes by
  }
  applyDue();
  if (now() >= run.target) {
    finishRun();
    return;
  }
  timer = setImmediate(step);
}

function kick() {
  if (run && !timer) timer = setImmediate(step);
}

function stats() {
  const busy = totals.busyNs + (chip ? chip.busyNs : 0);
  const idle = totals.idleNs + (chip ? chip.idleNs : 0);
  return {
    ev: 'stats', t: now(), busy_ns: busy, idle_ns: idle, host_ns: Number(totals.hostNs),
    erases: flash.erases, programs: flash.programs, ops: flash.ops, resets: totals.resets,
    timing: flash.timing, powered: !!chip && !chip.dead,
    power: chip ? chip.power() : null, battery: battery.state(),
  };
}

const commands = {
  run(c) {
    finishRun();
    const target = c.ms === null || c.ms === undefined ? Infinity : now() + c.ms * 1e6;
    const forever = target === Infinity;
    run = { target, pace: +c.pace || 0, id: forever ? undefined : c.id, wall0: process.hrtime.bigint(), emu0: now() };
    kick();
    return forever; // a run of some time is answered when that time is over
  },
  pause() {
    finishRun();
    return true;
  },
  pin(c) {
    const at = c.at_ns === undefined || c.at_ns === null ? now() : c.at_ns;
    schedule.push({ at, gpio: c.gpio, level: c.level ? 1 : 0 });
    schedule.sort((a, b) => a.at - b.at);
    applyDue();
    return true;
  },
  uart(c) {
    for (const [at, byte] of c.b) schedule.push({ at: Math.max(at, now()), byte });
    schedule.sort((a, b) => a.at - b.at);
    applyDue();
    return true;
  },
  panel(c) {
    board.panels.set(c.addr, { present: !!c.present });
    return true;
  },
  cut_at(c) {
    flash.planCut(c.n, !!c.mid);
    return true;
  },
  power(c) {
    if (c.on && !chip) {
      flash.cut = false;
      powerOn();
      emit({ ev: 'power', t: now(), on: true });
    } else if (!c.on && chip && !chip.dead) {
      chip.dead = true;
      retire();
      chip = null;
      emit({ ev: 'power', t: now(), on: false });
    }
    return true;
  },
  battery(c) {
    battery.set(c);
    if (chip && !chip.dead) chip.setSupply(battery.adcCode(), battery.usb);
    return true;
  },
  timing(c) {
    flash.setTiming(c.name);
    return true;
  },
  peek(c) {
    write({ ev: 'peek', id: c.id, d: chip ? chip.peek(c.addr, c.len).toString('hex') : '' });
    return true;
  },
  poke(c) {
    if (chip) chip.poke(c.addr, Buffer.from(c.d, 'hex'));
    return true;
  },
  save(c) {
    fs.writeFileSync(c.path, flash.bytes.subarray(0, flash.size));
    return true;
  },
  stats(c) {
    write({ ...stats(), id: c.id });
    return true;
  },
  quit() {
    process.exit(0);
  },
};

const server = net.createServer((sock) => {
  if (client) client.destroy();
  client = sock;
  sock.on('data', (data) => {
    if (chip && !chip.dead) chip.send(data);
    kick();
  });
  sock.on('close', () => { if (client === sock) client = null; });
  sock.on('error', () => {});
});
server.listen(0, '127.0.0.1', () => {
  write({ ev: 'ready', cdc_port: server.address().port, t: now() });
});

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let c;
  try {
    c = JSON.parse(line);
  } catch (e) {
    write({ ev: 'error', msg: `not JSON: ${line.slice(0, 80)}` });
    return;
  }
  const fn = commands[c.op];
  if (!fn) {
    write({ ev: 'error', id: c.id, msg: `unknown op ${c.op}` });
    return;
  }
  try {
    if (fn(c)) write({ ev: 'done', id: c.id, t: now() });
  } catch (e) {
    write({ ev: 'error', id: c.id, msg: String(e.message || e) });
  }
});
rl.on('close', () => process.exit(0));
