// The console's glass on the page: the panel's 128x64 pixels on a canvas at the largest WHOLE
// scale that fits the room the page's layout gives it (console.css), so that every pixel
// stays a sharp square; from 3x on, each pixel is a lit dot with a dark gap, the pixel grid
// of an OLED: a gap between two lit pixels is lit too, a little dimmer, so a lit bar stays
// a bar and the dark letters on it (a selected row) stay letters, not a mesh (issue 50).
export const W = 128;
export const H = 64;
const MAX_SCALE = 6;
const LIT = [200, 236, 255]; // the OLED's lit colour (a white-blue module)
const BEZEL_MAX = 14; // px of black round the glass, when there is room for it
const SEAM = 0.72; // the brightness of a gap between two lit pixels (of a lit pixel's)

export class Glass {
  constructor(canvas, slot, bezel) {
    this.canvas = canvas;
    this.slot = slot; // the glass's place in the layout (it sizes itself without the glass)
    this.bezel = bezel;
    this.ctx = canvas.getContext("2d");
    this.scale = 0;
    this.pixels = null;
    this.image = null;
    this.contrast = -1;
  }

  fit() {
    // choose the scale from the room the slot has, the glass taken out of the layout
    const c = this.canvas;
    c.style.width = "0px";
    c.style.height = "0px";
    this.bezel.style.padding = "0px";
    const room = this.slot.getBoundingClientRect();
    const fill = getComputedStyle(this.slot).getPropertyValue("--fill").trim() === "1";
    let high = room.height; // a slot of the viewport's height (landscape)...
    if (!fill) {
      // ...or one below which the buttons come: the glass and they in the viewport
      const device = this.slot.closest(".device").getBoundingClientRect();
      high = window.innerHeight - (device.height + device.top + window.scrollY) - 8;
    }
    let k = Math.min(MAX_SCALE, Math.floor(room.width / W), Math.floor(high / H));
    k = Math.max(1, k);
    const pad = Math.max(0, Math.min(BEZEL_MAX, Math.floor((room.width - W * k) / 2),
      fill ? Math.floor((room.height - H * k) / 2) : BEZEL_MAX));
    this.bezel.style.padding = pad + "px";
    c.style.width = W * k + "px";
    c.style.height = H * k + "px";
    if (k !== this.scale) {
      this.scale = k;
      c.width = W * k;
      c.height = H * k;
      this.pixels = this.ctx.createImageData(W * k, H * k);
      if (this.image !== null) this.draw(this.image, this.contrast);
    }
    return k;
  }

  draw(image, contrast) {
    // image: 1,024 MONO_VLSB bytes as the panel's glass shows them; contrast -1: panel off
    this.image = image;
    this.contrast = contrast;
    const k = this.scale;
    const d = this.pixels.data;
    const level = contrast < 0 ? 0 : 0.3 + 0.7 * (contrast / 255);
    const on = LIT.map((v) => Math.round(v * level));
    const seam = on.map((v) => Math.round(v * SEAM));
    const off = [4, 6, 10];
    const rowBytes = W * k * 4;
    const dot = k >= 3 ? k - 1 : k; // the lit part of a pixel's cell
    const at = (x, y) => x < W && y < H && (image[(y >> 3) * W + x] >> (y & 7)) & 1;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const lit = level > 0 && at(x, y);
        // the gap right of the pixel, under it, and their corner: lit where the pixels on
        // both sides of it are
        const right = lit && at(x + 1, y);
        const below = lit && at(x, y + 1);
        const corner = right && below && at(x + 1, y + 1);
        for (let dy = 0; dy < k; dy++) {
          let o = (y * k + dy) * rowBytes + x * k * 4;
          for (let dx = 0; dx < k; dx++, o += 4) {
            const gx = dx >= dot;
            const gy = dy >= dot;
            let c = off;
            if (lit) {
              if (!gx && !gy) c = on;
              else if (gx && gy) c = corner ? seam : off;
              else if (gx) c = right ? seam : off;
              else c = below ? seam : off;
            }
            d[o] = c[0];
            d[o + 1] = c[1];
            d[o + 2] = c[2];
            d[o + 3] = 255;
          }
        }
      }
    }
    this.ctx.putImageData(this.pixels, 0, 0);
  }
}
