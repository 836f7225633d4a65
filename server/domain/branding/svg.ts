/**
 * SVG logos are refused, not rewritten, when they could do anything but draw (decision 0033): a
 * sanitiser that rewrites markup must understand XML exactly as every browser does, while a
 * refusal only has to recognise what it will not take. Logos are shown through <img> (where
 * browsers run no script and load nothing) and served with a CSP that forbids both, so this is
 * the second of two walls, and it errs on the side of refusing.
 */

export type SvgProblem = 'not_utf8' | 'script' | 'foreign_object' | 'event_handler' | 'external_reference' | 'entity';

const HOSTILE: [SvgProblem, RegExp][] = [
  // Entities can expand without bound (billion laughs) or name outside files. A DOCTYPE without
  // an internal subset (as design tools write) declares none, and browsers load no DTD for it.
  ['entity', /<!ENTITY|<!DOCTYPE[^>]*\[/i],
  ['script', /<script[\s>/]|javascript:|vbscript:|data:text\/html/i],
  ['foreign_object', /<foreignObject[\s>/]|<iframe[\s>/]|<embed[\s>/]|<object[\s>/]/i],
  // onload=, onclick=, …: any attribute whose name starts with "on".
  ['event_handler', /[\s"'/]on[a-z]+\s*=/i],
  // Stylesheets and animations that could fetch or re-point a link.
  ['external_reference', /<\?xml-stylesheet|@import|attributeName\s*=\s*["'](?:xlink:)?href/i],
];

/** Attribute values of href / xlink:href / src that do not point inside the document. */
const EXTERNAL_LINK = /(?:^|[\s:])(?:href|src)\s*=\s*(["'])(?!#)/i;
/** url(...) that is not url(#id). */
const EXTERNAL_URL = /url\(\s*["']?(?!#)/i;

export function svgProblem(bytes: Buffer): SvgProblem | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not_utf8';
  }
  if (text.includes('\u0000')) return 'not_utf8';
  for (const [problem, pattern] of HOSTILE) if (pattern.test(text)) return problem;
  if (EXTERNAL_LINK.test(text) || EXTERNAL_URL.test(text)) return 'external_reference';
  return undefined;
}

const number = (value: string | undefined) => {
  const n = value ? Number.parseFloat(value) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/** The drawing's proportions: from the root's width and height, else its viewBox; undefined without either. */
export function svgSize(bytes: Buffer): { width: number; height: number } | undefined {
  const root = /<svg[\s>][^>]*>/i.exec(bytes.toString('utf8'))?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const width = number(attribute('width'));
  const height = number(attribute('height'));
  if (width && height) return { width, height };
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/);
  const [w, h] = [number(box?.[2]), number(box?.[3])];
  return w && h ? { width: w, height: h } : undefined;
}
