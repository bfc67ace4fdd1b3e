import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ICNS_TYPES, ICO_SIZES, packIcns, packIco, type IconImage } from './iconContainers';

/** Sizes of the Linux icon set (electron-builder reads `icons/<N>x<N>.png`). */
export const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024] as const;

/**
 * Renders `build/resources/icon.svg` to every PNG size the installers need and packs the .ico
 * and .icns. Needs `rsvg-convert` (Debian: `apt-get install librsvg2-bin`); the results are
 * committed, so packaging itself never needs it.
 */
export function renderIcons(resourcesDir: string): string[] {
  const svg = path.join(resourcesDir, 'icon.svg');
  const sizes = [...new Set<number>([...LINUX_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map((t) => t.size)])].sort((a, b) => a - b);
  const images: IconImage[] = sizes.map((size) => ({ size, png: rasterize(svg, size) }));
  const written: string[] = [];
  const write = (file: string, bytes: Buffer) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    written.push(file);
  };
  for (const size of LINUX_SIZES) write(path.join(resourcesDir, 'icons', `${size}x${size}.png`), pick(images, size));
  write(path.join(resourcesDir, 'icon.png'), pick(images, 1024));
  write(path.join(resourcesDir, 'icon.ico'), packIco(ICO_SIZES.map((size) => ({ size, png: pick(images, size) }))));
  write(path.join(resourcesDir, 'icon.icns'), packIcns(images));
  return written;
}

function rasterize(svg: string, size: number): Buffer {
  try {
    return execFileSync('rsvg-convert', ['--width', String(size), '--height', String(size), '--format', 'png', svg]);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'rsvg-convert is not installed' : (error as Error).message;
    throw new Error(`cannot render ${svg} at ${size} px: ${reason} (Debian: apt-get install librsvg2-bin)`, { cause: error });
  }
}

function pick(images: IconImage[], size: number): Buffer {
  const image = images.find((candidate) => candidate.size === size);
  if (!image) throw new Error(`no ${size} px rendering`);
  return image.png;
}
