// One powered-on RP2040 of the emulated Pico (rp2040js): bootrom, flash, I2C0 with wire timing, the bootrom's flash functions done on the NOR model, the watchdog, PWM on GP16, USB CDC.

import { RP2040, USBCDC, BasePeripheral } from 'rp2040js';

const ROM_CODES = {
  // the bootrom's function table: two letters per function (RP2040 datasheet 2.8.3)
  IF: 'connect_internal_flash',
  EX: 'flash_exit_xip',
  RE: 'flash_range_erase',
  RP: 'flash_range_program',
  FC: 'flash_flush_cache',
  CX: 'flash_enter_cmd_xip',
};
const REASON_TIMER = 1;
const REASON_FORCE = 2;
const PIEZO_GPIO = 16; // PWM slice 0, channel A
const TX_EMPTY = 1 << 4; // I2C IC_RAW_INTR_STAT
const UART_DR = 0x0; // UART0's data register (a write sends a byte)
const UART_TX_INTR = 1 << 5; // UARTRIS TXRIS
const SSI_DR0 = 0x60; // the flash interface's data register (direct mode)
const FLASH_RUID = 0x4b; // the flash's "read unique ID" command: 4 dummy bytes, then 8 of ID

/** A logger that never throws and never writes to stdout (the control channel). */
export class QuietLogger {
  constructor(out) {
    this.out = out;
    this.seen = new Map();
  }
  _say(level, who, msg) {
    const key = who + msg;
    const n = (this.seen.get(key) || 0) + 1;
    this.seen.set(key, n);
    if (n <= 3) this.out(`${level} [${who}] ${msg}${n === 3 ? ' (repeats: not shown again)' : ''}`);
  }
  debug() {}
  info() {}
  warn(who, msg) { this._say('warn', who, msg); }
  error(who, msg) { this._say('error', who, msg); }
}

/** VREG_AND_CHIP_RESET: CHIP_RESET reads 0 (the watchdog's REASON says why the chip restarted). */
class ChipResetRegs extends BasePeripheral {
  constructor(rp2040, name) {
    super(rp2040, name);
    this.regs = new Uint32Array(3);
    this.regs[0] = 0xb1; // VREG: enabled, 1.10 V
    this.regs[1] = 0xd1; // BOD
  }
  readUint32(offset) {
    return offset < 12 ? this.regs[offset >> 2] : 0;
  }
  writeUint32(offset, value) {
    if (offset < 8) this.regs[offset >> 2] = value;
  }
}

/** The ROM table lookup: {name: address} of the bootrom's flash functions. */
export function romFunctions(rp2040) {
  const table = rp2040.readUint16(0x14);
  const out = {};
  for (let p = table; ; p += 4) {
    const code = rp2040.readUint16(p);
    if (!code) break;
    const name = ROM_CODES[String.fromCharCode(code & 0xff, code >> 8)];
    if (name) out[name] = rp2040.readUint16(p + 2) & ~1;
  }
  return out;
}

export class Chip {
  /**
   * bootrom: Uint32Array; flash: the NorFlash model (its bytes are copied in and out);
   * board: {panels: Map addr -> {present}, inputs: Map gpio -> level}; emit(event) for what
   * the world sees; reason: 0 at power-on, else the watchdog's REASON; scratch: the watchdog's
   * scratch registers kept over a watchdog reset.
   */
  constructor({ bootrom, flash, board, emit, log, reason = 0, scratch = null, epochNs = 0 }) {
    this.emit = emit;
    this.board = board;
    this.flash = flash;
    this.epochNs = epochNs;
    const rp = new RP2040();
    this.rp = rp;
    rp.logger = new QuietLogger(log);
    rp.loadBootrom(bootrom);
    rp.flash.set(flash.bytes.subarray(0, flash.size));
    flash.bytes = rp.flash; // the model acts on this chip's array from now on
    rp.peripherals[0x40064] = new ChipResetRegs(rp, 'VREG_AND_CHIP_RESET');
    if (board.uid) this._uniqueId(rp.peripherals[0x18000], board.uid);
    this.watchdog = rp.peripherals[0x40058];
    this.watchdog.reason = reason;
    if (scratch) this.watchdog.scratchData.set(scratch);
    this.resetWanted = 0;
    this.watchdog.onWatchdogTrigger = () => {
      this.resetWanted = this.watchdog.reason || REASON_TIMER;
      // this chip is done (a new one boots): stop the counter, else rp2040js's periodic alarm,
      // its counter at 0, schedules itself again 0 ns later, forever, inside one clock tick
      this.watchdog.alarm.enable = false;
      this.watchdog.timer.enable = false;
    };
    this.dead = false; // power cut
    this.busyNs = 0;
    this.idleNs = 0;
    this._hooks(romFunctions(rp));
    this._i2c(rp.i2c[0]);
    this._pwm(rp.pwm);
    this._usb(rp.usbCtrl);
    this._uart(rp.uart[0]);
    this._powerModes(rp);
    for (const [gpio, level] of board.inputs) rp.gpio[gpio].setInputValue(!!level);
    rp.core.PC = 0x10000000; // boot2 at the start of flash, as the bootrom runs it
  }

  get nanos() {
    return this.epochNs + this.rp.clock.nanos;
  }

  _hooks(rom) {
    const hooks = new Map();
    const core = this.rp.core;
    const ret = () => { core.PC = core.LR & ~1; };
    for (const name of ['connect_internal_flash', 'flash_exit_xip', 'flash_flush_cache', 'flash_enter_cmd_xip']) {
      if (rom[name] !== undefined) hooks.set(rom[name], ret);
    }
    const flashOp = (op, result, addr, len) => {
      this.emit({ ev: 'flash', t: this.nanos, op, addr, len, n: this.flash.ops });
      this.rp.clock.tick(result.ns);
      this.busyNs += result.ns;
      if (result.cut) {
        this.dead = true;
        this.emit({ ev: 'cut', t: this.nanos, op, addr, n: this.flash.ops, mid: this.flash.cutMid });
      }
    };
    hooks.set(rom.flash_range_erase, () => {
      const r = core.registers;
      const addr = r[0] >>> 0, count = r[1] >>> 0;
      ret();
      flashOp('erase', this.flash.erase(addr, count), addr, count);
    });
    hooks.set(rom.flash_range_program, () => {
      const r = core.registers;
      const addr = r[0] >>> 0, src = r[1] >>> 0, count = r[2] >>> 0;
      const data = new Uint8Array(count);
      for (let i = 0; i < count; i++) data[i] = this.rp.readUint8(src + i);
      ret();
      flashOp('program', this.flash.program(addr, data), addr, count);
    });
    this.hooks = hooks;
  }

  /** I2C0: a transaction takes its time on the wire (9 SCL periods a byte, plus start and
   *  stop); a device that is absent NACKs its address; each write is emitted at its STOP. */
  _i2c(i2c) {
    const rp = this.rp;
    const clock = rp.clock;
    let addr = -1, bytes = [], acked = false;
    const bitNs = () => {
      const cycles = i2c.sclHighPeriod + i2c.sclLowPeriod || 313;
      return (cycles * 1e9) / rp.clkSys; // the RP2040 clocks its I2C blocks from clk_sys
    };
    const later = (bits, fn) => clock.createAlarm(fn).schedule(bits * bitNs());
    // An abort (a NACK) flushes the TX FIFO, which then reads empty: the block raises TX_EMPTY
    // (RP2040 datasheet, IC_RAW_INTR_STAT), which the SDK waits for before it reads the abort
    // source; rp2040js leaves it low, so the SDK timed out and kept a stale abort for the
    // next transaction.
    const abort = i2c.abort.bind(i2c);
    i2c.abort = (reason) => {
      abort(reason);
      i2c.setInterrupts(TX_EMPTY);
    };
    i2c.onStart = () => later(1, () => i2c.completeStart());
    i2c.onConnect = (address) => {
      addr = address;
      bytes = [];
      const panel = this.board.panels.get(address);
      acked = !!(panel && panel.present);
      later(9, () => i2c.completeConnect(acked));
    };
    i2c.onWriteByte = (value) => {
      bytes.push(value);
      later(9, () => i2c.completeWrite(true));
    };
    i2c.onReadByte = () => later(9, () => i2c.completeRead(0xff));
    i2c.onStop = () => later(1, () => {
      if (acked && bytes.length) {
        this.emit({ ev: 'i2c', t: this.nanos, a: addr, d: Buffer.from(bytes).toString('hex') });
        if (bytes.length === 2 && bytes[0] === 0 && (bytes[1] | 1) === 0xaf) this.panelOn = bytes[1] === 0xaf;
      }
      bytes = [];
      acked = false;
      i2c.completeStop();
    });
  }

  /** The piezo: every change of GP16's PWM (slice 0 A) frequency or duty, with its time. */
  _pwm(pwm) {
    const write = pwm.writeUint32.bind(pwm);
    let last = '';
    pwm.writeUint32 = (offset, value) => {
      write(offset, value);
      if (offset > 0x10 && offset !== 0xa0) return;
      const ch = pwm.channels[0];
      const div = ((ch.div >> 4) & 0xff) + (ch.div & 0xf) / 16 || 256;
      const period = (ch.top + 1) * (ch.csr & 2 ? 2 : 1);
      const freq = this.rp.clkSys / (div * period);
      const on = !!(ch.csr & 1) && this.rp.gpio[PIEZO_GPIO].functionSelect === 4;
      const duty = (ch.cc & 0xffff) / (ch.top + 1);
      const key = `${on}/${freq.toFixed(1)}/${duty.toFixed(4)}`;
      if (key !== last) {
        last = key;
        this.emit({ ev: 'pwm', t: this.nanos, on, freq: +freq.toFixed(2), duty: +Math.min(1, duty).toFixed(4) });
      }
    };
  }

  /** USB CDC: bytes from the host wait in `rx` until the device asks for a packet. */
  _usb(usb) {
    const cdc = new USBCDC(usb);
    this.cdc = cdc;
    this.rx = [];
    this.pendingRead = 0;
    cdc.onSerialData = (buf) => this.emit({ ev: 'cdc_out', data: buf });
    cdc.onDeviceConnected = () => this.emit({ ev: 'usb', t: this.nanos, connected: true });
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== cdc.outEndpoint) return;
      this.pendingRead = size;
      this._feed();
    };
  }

  /** UART0 (the link port): each byte the firmware sends is emitted with its time (rp2040js
   *  sends it at once: the line's timing is the harness's, tools/pico/link_wire.py). */
  /** The flash chip's unique ID (machine.unique_id: the SDK reads it at boot by the 0x4B
   *  command in the SSI's direct mode, a byte read back for each byte written): `uid`, 8
   *  bytes, instead of rp2040js's zeros (every emulated Pico alike, as no two real ones are). */
  _uniqueId(ssi, uid) {
    const write = ssi.writeUint32.bind(ssi);
    let pos = -1; // the byte's place in a 0x4B command, -1: none under way
    ssi.writeUint32 = (offset, value) => {
      if (offset !== SSI_DR0) return write(offset, value);
      if (pos < 0 && (value & 0xff) === FLASH_RUID) pos = 0;
      else if (pos >= 0) pos += 1;
      if (pos < 0) return write(offset, value);
      ssi.dr0 = pos >= 5 ? uid[pos - 5] : 0;
      if (pos === 12) pos = -1;
    };
  }

  _uart(uart) {
    uart.onByte = (value) => this.emit({ ev: 'uart', t: this.nanos, d: value });
    // rp2040js ORs the TX interrupt back in at every check ("TODO ... a proper FIFO for TX"):
    // once the firmware enables it (MicroPython's UART does), the interrupt never clears and
    // the core never leaves its handler. The block raises it when its TX FIFO drains past
    // the trigger level; here the FIFO drains at once, so: raised by each byte sent, cleared
    // by a write to ICR, as the firmware's handler expects.
    uart.checkInterrupts = function checkInterrupts() {
      this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
    };
    const write = uart.writeUint32.bind(uart);
    uart.writeUint32 = (offset, value) => {
      write(offset, value);
      if (offset === UART_DR) {
        uart.interruptStatus |= UART_TX_INTR;
        uart.checkInterrupts();
      }
    };
  }

  /** A byte heard on the link line: into UART0's RX FIFO, when the firmware has the UART on
   *  (a full FIFO drops it, as an overrun does). */
  feedUart(value) {
    const uart = this.rp.uart[0];
    if (uart.enabled && uart.rxEnabled) uart.feedByte(value);
  }

  /** Host -> device bytes. */
  send(bytes) {
    for (const b of bytes) this.rx.push(b);
    this._feed();
  }

  _feed() {
    if (!this.pendingRead || !this.rx.length) return;
    const n = Math.min(this.pendingRead, this.rx.length);
    const chunk = Uint8Array.from(this.rx.splice(0, n));
    this.pendingRead = 0;
    this.rp.usbCtrl.endpointReadDone(this.cdc.outEndpoint, chunk);
  }

  /** Where the time goes, for the battery and the power bench: busy and waiting (WFI/WFE)
   *  by clk_sys, light sleep (waiting with SLEEPDEEP set: machine.lightsleep), DORMANT (the
   *  crystal stopped by its "coma" word: no clock runs, the chip's time stands still and
   *  only a GPIO enabled in IO_BANK0's DORMANT_WAKE_INTE wakes it). */
  _powerModes(rp) {
    this.modes = { busy: {}, wait: {}, light: 0, dormant: 0 };
    this.scr = 0;
    this.panelOn = true;
    this.xosc = rp.peripherals[0x40024];
    const ppbWrite = rp.ppb.writeUint32.bind(rp.ppb);
    const ppbRead = rp.ppb.readUint32.bind(rp.ppb);
    rp.ppb.writeUint32 = (offset, value) => {
      if (offset === 0xd10) this.scr = value; // SCR: SLEEPDEEP is bit 2
      else ppbWrite(offset, value);
    };
    rp.ppb.readUint32 = (offset) => (offset === 0xd10 ? this.scr : ppbRead(offset));
    this.dormantWake = new Uint32Array(4); // IO_BANK0 DORMANT_WAKE_INTE0..3 (0x160..0x16c)
    const io = rp.peripherals[0x40014];
    const ioWrite = io.writeUint32.bind(io);
    const ioRead = io.readUint32.bind(io);
    io.writeUint32 = (offset, value) => {
      if (offset >= 0x160 && offset < 0x170) this.dormantWake[(offset - 0x160) >> 2] = value >>> 0;
      else ioWrite(offset, value);
    };
    io.readUint32 = (offset) => (offset >= 0x160 && offset < 0x170 ? this.dormantWake[(offset - 0x160) >> 2] : ioRead(offset));
  }

  /** A GPIO enabled to wake DORMANT is at its level (low: bit 0, high: bit 1; the edges
   *  too, as levels: an input that changed while dormant is at its new level). */
  _dormantWoken() {
    for (let r = 0; r < 4; r++) {
      const bits = this.dormantWake[r];
      if (!bits) continue;
      for (let i = 0; i < 8; i++) {
        const ev = (bits >>> (4 * i)) & 0xf;
        if (!ev) continue;
        const level = this.board.inputs.get(8 * r + i);
        if (level === undefined) continue;
        if ((ev & 5 && !level) || (ev & 10 && level)) return true;
      }
    }
    return false;
  }

  _count(kind, ns, hz = this.rp.clkSys) {
    if (ns > 0) this.modes[kind][hz] = (this.modes[kind][hz] || 0) + ns;
  }

  /** The time in each power mode so far (ns): {busy: {hz: ns}, wait: {hz: ns}, light, dormant}. */
  power() {
    const m = this.modes;
    return { busy: { ...m.busy }, wait: { ...m.wait }, light: m.light, dormant: m.dormant, panelOn: this.panelOn };
  }

  /** The battery's readings: ADC3 (GPIO29) gets VSYS/3, GP24 says USB power. */
  setSupply(adcCode, usb) {
    this.rp.adc.channelValues[3] = adcCode;
    if (this.board.inputs.get(24) !== (usb ? 1 : 0)) {
      this.board.inputs.set(24, usb ? 1 : 0);
      this.rp.gpio[24].setInputValue(!!usb);
    }
  }

  setInput(gpio, level) {
    this.rp.gpio[gpio].setInputValue(!!level);
  }

  /** Run until the chip's clock reaches `untilNs` (chip time, epoch included), a power cut or
   *  a reset request. Sleeping (WFI/WFE) jumps to the next timer event and counts as idle. */
  run(untilNs) {
    const rp = this.rp;
    const core = rp.core;
    const clock = rp.clock;
    const hooks = this.hooks;
    const target = untilNs - this.epochNs;
    let clkSys = rp.clkSys;
    let nsPerCycle = 1e9 / clkSys;
    let seg = 0; // busy ns at clkSys not yet counted
    let busy = 0;
    while (clock.nanos < target && !this.dead && !this.resetWanted) {
      if (this.xosc.isDormant) {
        if (this._dormantWoken()) {
          this.xosc.isDormant = false;
          this.xosc.stable = this.xosc.enabled;
          continue;
        }
        const dt = target - clock.nanos; // the chip's clock stands still, the world's goes on
        this.modes.dormant += dt;
        this.epochNs += dt;
        break;
      }
      if (core.waiting) {
        const next = clock.nextAlarm ? clock.nextAlarm.nanos : target;
        const to = Math.max(clock.nanos, Math.min(next, target));
        this.idleNs += to - clock.nanos;
        if (this.scr & 4) this.modes.light += to - clock.nanos;
        else this._count('wait', to - clock.nanos);
        clock.tick(to - clock.nanos);
        continue;
      }
      const pc = core.PC;
      if (pc < 0x4000) {
        const hook = hooks.get(pc);
        if (hook) {
          hook();
          continue;
        }
      }
      const ns = core.executeInstruction() * nsPerCycle;
      busy += ns;
      seg += ns;
      clock.tick(ns);
      if (rp.clkSys !== clkSys) { // (machine.freq, machine.lightsleep)
        this._count('busy', seg, clkSys);
        seg = 0;
        clkSys = rp.clkSys;
        nsPerCycle = 1e9 / clkSys;
      }
    }
    this._count('busy', seg, clkSys);
    this.busyNs += busy;
  }

  /** The watchdog's state a reset keeps: its scratch registers, and the reason. */
  resetState() {
    return { reason: this.resetWanted === REASON_FORCE ? REASON_FORCE : REASON_TIMER, scratch: this.watchdog.scratchData.slice() };
  }

  /** Write `bytes` to memory at `addr`. */
  poke(addr, bytes) {
    for (let i = 0; i < bytes.length; i++) this.rp.writeUint8(addr + i, bytes[i]);
  }

  /** `len` bytes of RAM (or any address) from `addr`. */
  peek(addr, len) {
    const out = Buffer.alloc(len);
    for (let i = 0; i < len; i++) out[i] = this.rp.readUint8(addr + i);
    return out;
  }
}
