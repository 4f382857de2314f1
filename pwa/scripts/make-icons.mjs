// Draws the EventPro app icons and writes them as PNG files.
// Pure Node: a small RGBA PNG encoder on top of node:zlib, no dependencies.
//
//   node pwa/scripts/make-icons.mjs
//
// Motif: a gold skyline (towers, one with a spire, on a plinth) on a dark navy tile.
// Coordinates of the artwork are in a unit square and mapped into a box on the canvas,
// so the maskable variant can keep everything inside the 80% safe zone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

const NAVY = [15, 23, 42, 255]; // #0f172a
const GOLD = [251, 191, 36, 255]; // #fbbf24
const PALE_GOLD = [253, 230, 138, 255]; // #fde68a

// ---- PNG encoding -------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** @param {number} size @param {Uint8Array} rgba size*size*4 bytes */
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  header[10] = 0; // compression
  header[11] = 0; // filter
  header[12] = 0; // no interlace
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (stride + 1)] = 0; // filter type None
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- Shapes -------------------------------------------------------------------------------
// Each shape: { inside(x, y) -> boolean, color } in canvas-unit coordinates (0..1).

const rect = (x0, y0, x1, y1, color) => ({
  color,
  inside: (x, y) => x >= x0 && x < x1 && y >= y0 && y < y1,
});

const roundedRect = (x0, y0, x1, y1, r, color) => ({
  color,
  inside(x, y) {
    if (x < x0 || x >= x1 || y < y0 || y >= y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  },
});

const triangle = (ax, ay, bx, by, cx, cy, color) => {
  const sign = (px, py, qx, qy, rx, ry) => (px - rx) * (qy - ry) - (qx - rx) * (py - ry);
  return {
    color,
    inside(x, y) {
      const d1 = sign(x, y, ax, ay, bx, by);
      const d2 = sign(x, y, bx, by, cx, cy);
      const d3 = sign(x, y, cx, cy, ax, ay);
      const neg = d1 < 0 || d2 < 0 || d3 < 0;
      const pos = d1 > 0 || d2 > 0 || d3 > 0;
      return !(neg && pos);
    },
  };
};

/** The skyline in artwork units (0..1), mapped into the box [b0, b1] of the canvas. */
function skyline(b0, b1, windowColor) {
  const s = b1 - b0;
  // biome-ignore lint/correctness/noComponentHookFactories: a drawing helper named X, not a React component
  const X = (v) => b0 + v * s;
  const R = (x0, y0, x1, y1, c) => rect(X(x0), X(y0), X(x1), X(y1), c);
  const shapes = [
    // towers: left to right
    R(0.04, 0.5, 0.2, 0.9, GOLD),
    R(0.24, 0.28, 0.42, 0.9, GOLD),
    R(0.46, 0.12, 0.6, 0.9, PALE_GOLD),
    triangle(X(0.475), X(0.12), X(0.585), X(0.12), X(0.53), X(0.0), PALE_GOLD),
    R(0.64, 0.38, 0.8, 0.9, GOLD),
    R(0.84, 0.58, 0.96, 0.9, GOLD),
    // plinth
    R(0.0, 0.88, 1.0, 0.98, GOLD),
  ];
  // windows: navy cut-outs in the two tallest towers
  for (let row = 0; row < 5; row++) {
    const y0 = 0.36 + row * 0.1;
    shapes.push(R(0.28, y0, 0.31, y0 + 0.05, windowColor));
    shapes.push(R(0.35, y0, 0.38, y0 + 0.05, windowColor));
  }
  for (let row = 0; row < 6; row++) {
    const y0 = 0.22 + row * 0.1;
    shapes.push(R(0.515, y0, 0.545, y0 + 0.05, windowColor));
  }
  for (let row = 0; row < 4; row++) {
    const y0 = 0.46 + row * 0.1;
    shapes.push(R(0.7, y0, 0.74, y0 + 0.05, windowColor));
  }
  return shapes;
}

/** Rasterises shapes (painter's order) with 4x4 supersampling. */
function render(size, shapes) {
  const rgba = new Uint8Array(size * size * 4);
  const SS = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = (px + (sx + 0.5) / SS) / size;
          const y = (py + (sy + 0.5) / SS) / size;
          let color = null;
          for (const shape of shapes) if (shape.inside(x, y)) color = shape.color;
          if (color) {
            const alpha = color[3] / 255;
            r += color[0] * alpha;
            g += color[1] * alpha;
            b += color[2] * alpha;
            a += alpha;
          }
        }
      }
      const i = (py * size + px) * 4;
      const n = SS * SS;
      if (a > 0) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(b / a);
      }
      rgba[i + 3] = Math.round((a / n) * 255);
    }
  }
  return rgba;
}

// ---- Icons --------------------------------------------------------------------------------

const icons = [
  // "any" icons: rounded navy tile with transparent corners, artwork fills most of it.
  { file: 'icon-192.png', size: 192, bg: roundedRect(0, 0, 1, 1, 0.2, NAVY), box: [0.17, 0.83] },
  { file: 'icon-512.png', size: 512, bg: roundedRect(0, 0, 1, 1, 0.2, NAVY), box: [0.17, 0.83] },
  // maskable: full-bleed background; artwork box half-size 0.26 -> corners at 0.368 from the
  // centre, inside the 0.4 radius safe zone.
  { file: 'icon-maskable-512.png', size: 512, bg: rect(0, 0, 1, 1, NAVY), box: [0.24, 0.76] },
  // iOS rounds the corners itself and dislikes transparency: full bleed.
  { file: 'apple-touch-icon.png', size: 180, bg: rect(0, 0, 1, 1, NAVY), box: [0.17, 0.83] },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const icon of icons) {
  const shapes = [icon.bg, ...skyline(icon.box[0], icon.box[1], NAVY)];
  const png = encodePng(icon.size, render(icon.size, shapes));
  writeFileSync(join(OUT_DIR, icon.file), png);
  console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
}
