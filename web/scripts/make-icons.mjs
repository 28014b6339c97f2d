// Writes the PWA icons (web/public/*.png) without any image tool: a plate on a yellow
// background, drawn pixel by pixel and encoded as PNG with zlib. Run: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const YELLOW = [0xfa, 0xb0, 0x05];
const WHITE = [0xff, 0xff, 0xff];
const BLUE = [0x22, 0x8b, 0xe6];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Plate radius as a share of the size; maskable icons keep it inside the 80 % safe zone. */
function drawIcon(size, plateShare) {
  const rows = [];
  const c = (size - 1) / 2;
  const outer = (size * plateShare) / 2;
  const rim = outer * 0.78;
  const dot = outer * 0.18;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c);
      let colour = YELLOW;
      if (d <= outer) colour = WHITE;
      if (d <= rim && d > rim - Math.max(1, size / 96)) colour = YELLOW;
      if (d <= dot) colour = BLUE;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));
writeFileSync(out('pwa-192x192.png'), drawIcon(192, 0.8));
writeFileSync(out('pwa-512x512.png'), drawIcon(512, 0.8));
writeFileSync(out('maskable-icon-512x512.png'), drawIcon(512, 0.6));
writeFileSync(out('apple-touch-icon-180x180.png'), drawIcon(180, 0.7));
writeFileSync(
  out('favicon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="12" fill="#fab005"/>` +
    `<circle cx="32" cy="32" r="25" fill="#fff"/>` +
    `<circle cx="32" cy="32" r="19" fill="none" stroke="#fab005" stroke-width="1.5"/>` +
    `<circle cx="32" cy="32" r="4.5" fill="#228be6"/></svg>\n`,
);
