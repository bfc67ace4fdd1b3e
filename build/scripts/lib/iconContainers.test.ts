import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICNS_TYPES, packIcns, packIco } from './iconContainers';

const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(size % 7)]);

describe('packIco', () => {
  it('writes the ICONDIR header and one entry per image pointing at its PNG bytes', () => {
    const images = [16, 256].map((size) => ({ size, png: png(size) }));
    const ico = packIco(images);
    // Header: reserved 0, type 1 (icon), count 2 (the ICO format, as documented by Microsoft).
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    expect([ico.readUInt8(6), ico.readUInt8(7)]).toEqual([16, 16]);
    // 256 px is written as 0.
    expect([ico.readUInt8(22), ico.readUInt8(23)]).toEqual([0, 0]);
    const offset = ico.readUInt32LE(6 + 12);
    expect(offset).toBe(6 + 2 * 16);
    expect(ico.subarray(offset, offset + images[0].png.length)).toEqual(images[0].png);
    expect(ico.length).toBe(6 + 32 + images[0].png.length + images[1].png.length);
  });

  it('refuses sizes an .ico cannot hold', () => {
    expect(() => packIco([{ size: 512, png: png(1) }])).toThrow(/1–256 px, not 512/);
  });
});

describe('packIcns', () => {
  it('writes the icns magic, the total length and each typed element', () => {
    const images = [...new Set(ICNS_TYPES.map((t) => t.size))].map((size) => ({ size, png: png(size) }));
    const icns = packIcns(images);
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) types.push(icns.toString('ascii', at, at + 4));
    expect(types).toEqual(ICNS_TYPES.map((t) => t.type));
  });

  it('names the missing rendering', () => {
    expect(() => packIcns([{ size: 16, png: png(16) }])).toThrow(/needs a 32 px rendering/);
  });
});

describe('the committed icons', () => {
  const resources = path.resolve(import.meta.dirname, '../../resources');

  it('exist for every platform electron-builder targets', () => {
    for (const file of ['icon.svg', 'icon.png', 'icon.ico', 'icon.icns', 'icons/16x16.png', 'icons/256x256.png', 'icons/512x512.png', 'icons/1024x1024.png']) {
      expect(fs.existsSync(path.join(resources, file)), file).toBe(true);
    }
    expect(fs.readFileSync(path.join(resources, 'icon.icns')).toString('ascii', 0, 4)).toBe('icns');
    expect(fs.readFileSync(path.join(resources, 'icon.ico')).readUInt16LE(2)).toBe(1);
  });

  it('are PNGs of the size their name says', () => {
    for (const size of [16, 256, 1024]) {
      const bytes = fs.readFileSync(path.join(resources, 'icons', `${size}x${size}.png`));
      // PNG IHDR: width and height as big-endian integers at bytes 16 and 20.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], `${size}`).toEqual([size, size]);
    }
  });
});
