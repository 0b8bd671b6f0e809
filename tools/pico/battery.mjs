// The emulated Pico's battery: a LiPo cell on VSYS that drains by what the chip does (running at its clock, waiting, light sleep, DORMANT) plus the panel, or charges on USB; its VSYS/3 is ADC3's input, USB power is GP24.

// Open-circuit voltage (mV) at 100, 95, ..., 0 % of the charge: a typical 1-cell LiPo curve.
const OCV = [4200, 4150, 4110, 4080, 4020, 3980, 3950, 3910, 3870, 3850, 3840, 3820, 3800,
  3790, 3770, 3750, 3730, 3710, 3690, 3610, 3270];
// The chip's current (mA on VSYS), figures of issue 51's sources (tools/benches/power.py): running
// 21 mA and waiting (WFE) 15.3 mA at 125 MHz; lower clocks scale the part above light sleep
// with the clock; light sleep 0.99 mA; DORMANT 0.9 mA.
export const CURRENT = { run125: 21.0, wait125: 15.3, light: 0.99, dormant: 0.9 };
const USB_VSYS_MV = 4750; // VBUS less the Pico's Schottky diode

export function chipMa(mode, hz) {
  if (mode === 'dormant') return CURRENT.dormant;
  if (mode === 'light') return CURRENT.light;
  const top = mode === 'busy' ? CURRENT.run125 : CURRENT.wait125;
  return CURRENT.light + (top - CURRENT.light) * Math.min(1, hz / 125e6);
}

export class Battery {
  constructor() {
    this.mah = 500;
    this.left = 500; // mAh
    this.usb = true; // the emulated Pico is on USB unless told otherwise
    this.connected = true; // false: GPIO29 floats (reads 0)
    this.panelMa = 5; // the panel's share, set by whoever drives the emulator
    this.rMohm = 150;
    this.chargeMa = 200;
    this.fitted = false; // a cell on VSYS at all (else VSYS is USB's, or nothing)
    this.last = null; // the chip's counters at the last look
    this.lastNs = 0;
    this.usedMah = 0;
    this.loadMa = 0;
  }

  set(c) {
    if (c.mah !== undefined) { this.mah = +c.mah; this.left = Math.min(this.left, this.mah); }
    if (c.charge !== undefined) this.left = this.mah * Math.max(0, Math.min(1, +c.charge));
    if (c.usb !== undefined) this.usb = !!c.usb;
    if (c.connected !== undefined) this.connected = !!c.connected;
    if (c.panel_ma !== undefined) this.panelMa = +c.panel_ma;
    this.fitted = true;
  }

  ocvMv() {
    const f = Math.max(0, Math.min(1, this.left / this.mah));
    const pos = (1 - f) * (OCV.length - 1);
    const i = Math.min(OCV.length - 2, Math.floor(pos));
    return OCV[i] + (OCV[i + 1] - OCV[i]) * (pos - i);
  }

  vsysMv() {
    if (this.usb) return USB_VSYS_MV;
    if (!this.fitted) return 0;
    return this.ocvMv() - (this.loadMa * this.rMohm) / 1000;
  }

  /** ADC3's 12-bit reading of VSYS/3 against 3.3 V. */
  adcCode() {
    if (!this.connected) return 0;
    return Math.max(0, Math.min(4095, Math.round((this.vsysMv() / 3 / 3300) * 4095)));
  }

  /** Drain by what the chip did since the last look (`power`: Chip.power()), at `nowNs`. */
  account(power, nowNs) {
    const last = this.last;
    this.last = power;
    const dtNs = nowNs - this.lastNs;
    this.lastNs = nowNs;
    if (!last || dtNs <= 0) return;
    let chipNsMa = 0; // sum of ns x mA
    let chipNs = 0;
    for (const mode of ['busy', 'wait']) {
      for (const [hz, ns] of Object.entries(power[mode])) {
        const d = ns - (last[mode][hz] || 0);
        chipNsMa += d * chipMa(mode, +hz);
        chipNs += d;
      }
    }
    for (const mode of ['light', 'dormant']) {
      const d = power[mode] - last[mode];
      chipNsMa += d * chipMa(mode, 0);
      chipNs += d;
    }
    const ma = (chipNs > 0 ? chipNsMa / chipNs : 0) + (power.panelOn ? this.panelMa : 0.02);
    this.loadMa = ma;
    const hours = dtNs / 3.6e12;
    if (this.usb) {
      this.left = Math.min(this.mah, this.left + this.chargeMa * hours);
    } else if (this.fitted) {
      this.usedMah += ma * hours;
      this.left = Math.max(0, this.left - ma * hours);
    }
  }

  /** The chip restarted: its counters start again from 0. */
  restarted() {
    this.last = null;
  }

  state() {
    return { charge: this.left / this.mah, vsys_mv: Math.round(this.vsysMv()), usb: this.usb,
      fitted: this.fitted, used_mah: this.usedMah, load_ma: this.loadMa };
  }
}
