/**
 * Packs PNG renderings of the app icon into the containers Windows (.ico) and macOS (.icns)
 * expect. Both formats accept embedded PNG data, so no image library is needed.
 */

/** One rendering: its pixel size and PNG bytes. */
export interface IconImage {
  size: number;
  png: Buffer;
}

/** Sizes the .ico carries: the shell picks 16–48 for lists, 256 for large views. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

/**
 * ICO: a 6-byte header (reserved 0, type 1 = icon, count), one 16-byte directory entry per
 * image (a width or height of 256 is written as 0), then the PNG data.
 */
export function packIco(images: readonly IconImage[]): Buffer {
  const headerSize = 6 + 16 * images.length;
  const header = Buffer.alloc(headerSize);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = headerSize;
  images.forEach((image, index) => {
    if (image.size < 1 || image.size > 256) throw new RangeError(`an .ico image must be 1–256 px, not ${image.size}`);
    const entry = 6 + 16 * index;
    header.writeUInt8(image.size === 256 ? 0 : image.size, entry);
    header.writeUInt8(image.size === 256 ? 0 : image.size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(image.png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/**
 * ICNS element types that hold PNG data, by the pixel size of the image they carry
 * (Apple's "@2x" types reuse the same pixels for a half-size point size).
 */
export const ICNS_TYPES: readonly { type: string; size: number }[] = [
  { type: 'icp4', size: 16 },
  { type: 'icp5', size: 32 },
  { type: 'ic11', size: 32 },
  { type: 'icp6', size: 64 },
  { type: 'ic12', size: 64 },
  { type: 'ic07', size: 128 },
  { type: 'ic08', size: 256 },
  { type: 'ic13', size: 256 },
  { type: 'ic09', size: 512 },
  { type: 'ic14', size: 512 },
  { type: 'ic10', size: 1024 },
];

/** ICNS: the magic `icns` and the total length (big-endian), then typed, length-prefixed elements. */
export function packIcns(images: readonly IconImage[]): Buffer {
  const bySize = new Map(images.map((image) => [image.size, image.png]));
  const elements: Buffer[] = [];
  for (const { type, size } of ICNS_TYPES) {
    const png = bySize.get(size);
    if (!png) throw new RangeError(`the .icns needs a ${size} px rendering (for ${type})`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(8 + png.length, 4);
    elements.push(head, png);
  }
  const body = Buffer.concat(elements);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}
