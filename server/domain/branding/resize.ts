import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import type { LogoType } from './image-content';

/**
 * Server-side resizing of raster logos in plain JavaScript (pngjs, jpeg-js): no native binary to
 * install or keep patched. An area-average (box) filter, which is what downscaling a logo needs.
 * Callers check the header's pixel size first, so decoding is bounded.
 */

export interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

/** Decoding limits passed to jpeg-js, beside the header check: never more than this in memory. */
const JPEG_LIMITS = { maxResolutionInMP: 10, maxMemoryUsageInMB: 64 };

export function decodeRaster(type: Exclude<LogoType, 'image/svg+xml'>, bytes: Buffer): Raster {
  if (type === 'image/png') {
    const png = PNG.sync.read(bytes);
    return { width: png.width, height: png.height, data: png.data };
  }
  const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, ...JPEG_LIMITS });
  return { width: image.width, height: image.height, data: image.data };
}

/** The largest size within `box` that keeps the image's proportions, never larger than it is. */
export function fitWithin(
  size: { width: number; height: number },
  box: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** Area-average downscale: each target pixel is the mean of the source pixels it covers. */
export function downscale(source: Raster, width: number, height: number): Raster {
  const data = new Uint8Array(width * height * 4);
  const xRatio = source.width / width;
  const yRatio = source.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * yRatio);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * yRatio));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * xRatio);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * xRatio));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * source.width + sx) * 4;
          for (let c = 0; c < 4; c++) sum[c]! += source.data[i + c]!;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) data[o + c] = Math.round(sum[c]! / count);
    }
  }
  return { width, height, data };
}

/** JPEG qualities tried in turn until the file fits: a photo logo loses detail before it is refused. */
const JPEG_QUALITIES = [85, 70, 55];

export function encodeRaster(type: Exclude<LogoType, 'image/svg+xml'>, raster: Raster, maxBytes: number): Buffer {
  if (type === 'image/png') {
    const png = new PNG({ width: raster.width, height: raster.height });
    png.data = Buffer.from(raster.data);
    return PNG.sync.write(png, { deflateLevel: 9 });
  }
  let encoded: Buffer = Buffer.alloc(0);
  for (const quality of JPEG_QUALITIES) {
    encoded = jpeg.encode({ width: raster.width, height: raster.height, data: raster.data }, quality).data;
    if (encoded.length <= maxBytes) break;
  }
  return encoded;
}
