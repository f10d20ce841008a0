import { inflateSync } from 'node:zlib';

/** A decoded image: width, height, channels per pixel and the bytes row by row. */
export interface Pixels {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * Decodes a PNG as pdftoppm writes it (8 bits a channel, not interlaced, grey or RGB with or
 * without alpha) with node's zlib: the golden-image tests need no image library.
 */
export function decodePng(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0 || !(body[9] in CHANNELS)) throw new Error('only 8-bit, non-interlaced grey or RGB(A) PNGs');
      channels = CHANNELS[body[9]];
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? data[y * stride + x - channels] : 0;
      const b = y > 0 ? data[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? data[(y - 1) * stride + x - channels] : 0;
      let value = line[x];
      if (filter === 1) value += a;
      else if (filter === 2) value += b;
      else if (filter === 3) value += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      data[y * stride + x] = value & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** The share of pixels (0–1) whose channels differ by more than `threshold` anywhere; 1 when the sizes differ. */
export function pixelDifference(a: Pixels, b: Pixels, threshold = 48): number {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) return 1;
  let differing = 0;
  for (let i = 0; i < a.data.length; i += a.channels) {
    for (let k = 0; k < a.channels; k++) {
      if (Math.abs(a.data[i + k] - b.data[i + k]) > threshold) { differing++; break; }
    }
  }
  return differing / (a.width * a.height);
}
