// Generates the PWA icons in public/icons from the favicon's design (public/favicon.svg):
//   icon-192.png, icon-512.png          purpose "any" (the rounded tile, transparent corners)
//   maskable-192.png, maskable-512.png  purpose "maskable" (full-bleed blue, the arch inside the 80% safe zone)
//   apple-touch-icon.png                180 px, full-bleed (iOS rounds the corners itself)
// Run after changing the logo: node apps/web/scripts/generate-icons.mjs (sharp is installed at the root).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(web, 'public/icons');
mkdirSync(out, { recursive: true });

const favicon = readFileSync(path.join(web, 'public/favicon.svg'));

// The favicon's arch (64x64 viewBox), drawn full-bleed and scaled to 85% around the centre, so it stays
// inside the maskable safe zone (a circle of 80% of the size) on every launcher shape.
const ARCH = 'M16 54V29a16 16 0 0 1 32 0v25zm8-2h16V30a8 8 0 0 0-16 0z';
const fullBleed = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#2b3fb6"/>
  <g transform="translate(32 32) scale(0.85) translate(-32 -33.5)"><path fill="#f2b33d" fill-rule="evenodd" d="${ARCH}"/></g>
</svg>`);

async function png(svg, size, name) {
  await sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(`wrote public/icons/${name}`);
}

await png(favicon, 192, 'icon-192.png');
await png(favicon, 512, 'icon-512.png');
await png(fullBleed, 192, 'maskable-192.png');
await png(fullBleed, 512, 'maskable-512.png');
await png(fullBleed, 180, 'apple-touch-icon.png');
