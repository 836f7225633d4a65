/**
 * What an uploaded logo is, decided from its bytes alone (magic numbers), never from a declared
 * type: PNG, JPEG or SVG, with its pixel size read from the header before anything is decoded,
 * so an image that would take too much memory to decode is refused first.
 */

export type LogoType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The `image` field: base64, optionally as a data URI (`data:<anything>;base64,`). Whatever type
 * the data URI declares is ignored. Returns undefined when it is not base64.
 */
export function decodeImageField(value: string): Buffer | undefined {
  const data = value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value;
  if (value.startsWith('data:') && !/^data:[^,]*;base64,/.test(value)) return undefined;
  const compact = data.replace(/\s+/g, '');
  if (!compact || compact.length % 4 === 1 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}

function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  // The first chunk must be IHDR: width and height as big-endian 32-bit integers.
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const startOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (startOfFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

/** Text that starts (after an XML declaration, comments, a DOCTYPE and space) with an `<svg` element. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // A DOCTYPE is let through here so that the SVG rules refuse it by name (entities).
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?>)\s*)*/i, '');
  return /^<svg[\s>]/.test(rest);
}

/** The kind and pixel size of an image, or undefined when it is none we take (or its header is broken). */
export function sniffImage(bytes: Buffer): { type: LogoType; width?: number; height?: number } | undefined {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    const size = pngSize(bytes);
    return size && { type: 'image/png', ...size };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size && { type: 'image/jpeg', ...size };
  }
  if (looksLikeSvg(bytes)) return { type: 'image/svg+xml' };
  return undefined;
}
