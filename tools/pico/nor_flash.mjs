// NOR flash semantics and timing for the emulated Pico: erase sets 4 KiB sectors to 0xFF, program only clears bits; every operation counted, a power cut at the N-th.

export const SECTOR = 4096;
export const PAGE = 256;
// [ns per 4 KiB sector erase, ns per 256-byte page program]: the W25Q16's typical and maximum
export const TIMINGS = {
  typical: [45e6, 0.4e6],
  max: [400e6, 3e6],
};

export class NorFlash {
  /** `bytes`: the flash array (offset 0 = XIP 0x10000000); `size`: the chip's size. */
  constructor(bytes, size = 2 * 1024 * 1024, timing = 'typical') {
    this.bytes = bytes;
    this.size = size;
    this.setTiming(timing);
    this.erases = 0; // sectors erased
    this.programs = 0; // pages programmed
    this.ops = 0; // erase and program operations, one per sector or page
    this.cutAt = 0; // the op number (1-based, counted from this.ops) at which power is cut; 0: never
    this.cutMid = false;
  }

  setTiming(name) {
    if (!TIMINGS[name]) throw new Error(`unknown flash timing ${name} (typical or max)`);
    this.timing = name;
    [this.eraseNs, this.pageNs] = TIMINGS[name];
  }

  /** Cut the power at the n-th operation from now (1 = the next one); mid: halfway through it. */
  planCut(n, mid = false) {
    this.cutAt = n > 0 ? this.ops + n : 0;
    this.cutMid = mid;
  }

  _check(offset, count) {
    if (offset < 0 || count < 0 || offset + count > this.size) {
      throw new RangeError(`flash operation at 0x${offset.toString(16)}+${count} outside the ${this.size}-byte chip`);
    }
  }

  /** Whether this op is the one the power dies in (then `cut` is set). */
  _next() {
    this.ops++;
    if (this.cutAt && this.ops === this.cutAt) {
      this.cut = true;
      this.cutAt = 0;
      return true;
    }
    return false;
  }

  /** Erase the sectors covering [offset, offset+count). Returns {ns, cut}: the time taken, and
   *  whether the power was cut (the rest of the operation then never happens). */
  erase(offset, count) {
    this._check(offset, count);
    const first = Math.floor(offset / SECTOR);
    const last = Math.ceil((offset + count) / SECTOR);
    let ns = 0;
    for (let s = first; s < last; s++) {
      const dying = this._next();
      const base = s * SECTOR;
      if (dying) {
        if (this.cutMid) this.bytes.fill(0xff, base, base + SECTOR / 2);
        return { ns: ns + (this.cutMid ? this.eraseNs / 2 : 0), cut: true };
      }
      this.bytes.fill(0xff, base, base + SECTOR);
      this.erases++;
      ns += this.eraseNs;
    }
    return { ns, cut: false };
  }

  /** Program `data` at `offset`, page by page: each byte ANDed into flash (bits only clear). */
  program(offset, data) {
    this._check(offset, data.length);
    let ns = 0;
    let i = 0;
    while (i < data.length) {
      const pageEnd = Math.min(data.length, i + PAGE - ((offset + i) % PAGE));
      const dying = this._next();
      const stop = dying ? (this.cutMid ? i + Math.floor((pageEnd - i) / 2) : i) : pageEnd;
      for (let k = i; k < stop; k++) this.bytes[offset + k] &= data[k];
      if (dying) return { ns: ns + (this.cutMid ? this.pageNs / 2 : 0), cut: true };
      this.programs++;
      ns += this.pageNs;
      i = pageEnd;
    }
    return { ns, cut: false };
  }
}
