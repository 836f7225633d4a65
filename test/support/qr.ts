import https from 'node:https';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** What a QR code PNG says, read as a phone's camera would (jsQR), or null. */
export function readPngQr(bytes: Buffer): string | null {
  const image = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/**
 * What a QR code SVG from the `qrcode` library says. Its dark modules are one stroked path of
 * horizontal runs (`M x y.5` or `m dx dy` to a run's start, `h n` along it); they are drawn into
 * pixels, 8 a module, and read like the PNG.
 */
export function readSvgQr(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /<path[^>]*stroke="[^"]+"[^>]*d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !path) return null;
  const scale = 8;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, command, numbers] of path.matchAll(/([MmHh])([^MmHh]+)/g)) {
    const [a = 0, b = 0] = numbers!
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (command === 'M') [x, y] = [a, b];
    else if (command === 'm') [x, y] = [x + a, y + b];
    else if (command === 'h') {
      const row = Math.floor(y);
      for (let col = x; col < x + a; col++)
        for (let py = row * scale; py < (row + 1) * scale; py++)
          for (let px = col * scale; px < (col + 1) * scale; px++)
            pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
      x += a;
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

/** A file's bytes over HTTPS, as a browser without a session downloads it (the QR codes are public). */
export function fetchBytes(baseUrl: string, path: string): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    https
      .get(new URL(path, baseUrl), { rejectUnauthorized: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}
