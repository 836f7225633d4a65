import { DomainError } from '../shared/errors';
import { decodeImageField, sniffImage, type LogoType } from './image-content';
import { decodeRaster, downscale, encodeRaster, fitWithin } from './resize';
import { svgProblem, svgSize } from './svg';

/**
 * The rules a logo upload passes before it is stored (decision 0033). The limits follow from
 * where the logo goes: a header 40 px high and at most 200 px wide, drawn at twice that for
 * high-density screens, on pages that must stay within 15 KB compressed including the logo.
 */
export const LOGO_LIMITS = {
  /** The decoded upload (1 MiB request bodies leave room for its base64). */
  uploadBytes: 512 * 1024,
  /** Pixel size read from the header, refused before decoding (a small file can decode huge). */
  sourceSide: 3000,
  /** The stored logo's box: anything larger is scaled down to fit. */
  box: { width: 400, height: 80 },
  /**
   * The stored file: what the first payer page can afford beside its HTML, CSS and script (about
   * 9.5 KB compressed, `npm run bench:flow`) within its 15 KB.
   */
  storedBytes: 5 * 1024,
} as const;

export interface PreparedLogo {
  type: LogoType;
  image: Buffer;
  width: number;
  height: number;
}

const refuse = (reason: 'image_type_not_supported' | 'image_too_large' | 'image_svg_unsafe', params = {}) =>
  new DomainError(reason, {
    fields: [{ field: 'image', code: reason, params, metadata: Object.keys(params).length ? params : undefined }],
  });

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** Checks, and resizes when larger than the box, an uploaded logo; throws the refusal otherwise. */
export function prepareLogo(field: string): PreparedLogo {
  const bytes = decodeImageField(field);
  if (!bytes) throw refuse('image_type_not_supported');
  if (bytes.length > LOGO_LIMITS.uploadBytes) throw refuse('image_too_large', { max: kib(LOGO_LIMITS.uploadBytes) });
  const facts = sniffImage(bytes);
  if (!facts) throw refuse('image_type_not_supported');

  if (facts.type === 'image/svg+xml') {
    const problem = svgProblem(bytes);
    if (problem) throw refuse('image_svg_unsafe', { problem });
    const size = svgSize(bytes);
    if (!size) throw refuse('image_type_not_supported');
    if (bytes.length > LOGO_LIMITS.storedBytes) throw refuse('image_too_large', { max: kib(LOGO_LIMITS.storedBytes) });
    // A drawing scales without loss: only the size it is shown at is fitted to the box.
    return { type: facts.type, image: bytes, ...fitWithin(size, LOGO_LIMITS.box) };
  }

  const { width = 0, height = 0 } = facts;
  if (width < 1 || height < 1) throw refuse('image_type_not_supported');
  if (width > LOGO_LIMITS.sourceSide || height > LOGO_LIMITS.sourceSide) {
    throw refuse('image_too_large', { max: `${LOGO_LIMITS.sourceSide}×${LOGO_LIMITS.sourceSide} px` });
  }
  let raster;
  try {
    raster = decodeRaster(facts.type, bytes);
  } catch {
    // A header that looked right over a body that does not decode: not an image we take.
    throw refuse('image_type_not_supported');
  }
  const target = fitWithin(raster, LOGO_LIMITS.box);
  const resized = target.width < raster.width || target.height < raster.height;
  const image = resized
    ? encodeRaster(facts.type, downscale(raster, target.width, target.height), LOGO_LIMITS.storedBytes)
    : bytes;
  if (image.length > LOGO_LIMITS.storedBytes) throw refuse('image_too_large', { max: kib(LOGO_LIMITS.storedBytes) });
  return { type: facts.type, image, ...target };
}
