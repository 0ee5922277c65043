/**
 * The home-screen icons of the web app manifest, drawn here (a white cent sign on the app's blue, the favicon's
 * design, full-bleed so a launcher may mask it to any shape) and encoded as PNG with Node's zlib alone.
 * webpack.config.js emits them at every build; `node scripts/app-icons.js DIR` writes them to DIR.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const BLUE = [0x1f, 0x4e, 0x79];
const WHITE = [0xff, 0xff, 0xff];
const SIZES = [192, 512];

/** 0..1: how much of the pixel at (x, y) (in units of the icon's side) the cent sign covers, from 4×4 samples. */
function coverage(size, px, py) {
  let inside = 0;
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) {
      const x = (px + (sx + 0.5) / 4) / size - 0.5;
      const y = (py + (sy + 0.5) / 4) / size - 0.5;
      const r = Math.hypot(x, y);
      // The C: a ring open on the right (within 45° of it).
      const ring = r >= 0.19 && r <= 0.26 && !(x > 0 && Math.abs(y) < x);
      const bar = Math.abs(x) <= 0.03 && Math.abs(y) <= 0.32;
      if (ring || bar) inside++;
    }
  }
  return inside / 16;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The icon of `size`×`size` pixels as a PNG file (8-bit RGB). */
function appIconPng(size) {
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const start = y * (1 + size * 3);
    rows[start] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const a = coverage(size, x, y);
      for (let c = 0; c < 3; c++) rows[start + 1 + x * 3 + c] = Math.round(BLUE[c] * (1 - a) + WHITE[c] * a);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every icon the manifest names: file name → PNG. */
const appIcons = () => new Map(SIZES.map((size) => [`icon-${size}.png`, appIconPng(size)]));

module.exports = { appIconPng, appIcons, SIZES };

if (require.main === module) {
  const dir = process.argv[2] ?? 'dist';
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, png] of appIcons()) fs.writeFileSync(path.join(dir, name), png);
  console.log(`wrote ${[...appIcons().keys()].join(', ')} to ${dir}`);
}
