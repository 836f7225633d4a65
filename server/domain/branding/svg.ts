import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * SVG logos pass only if every element and attribute is on an allow-list, read by a real,
 * namespace-aware XML parser (saxes), and are refused otherwise (decision 0033, made an allow-list
 * by 0064): a deny-list of names let `<h:script xmlns:h="…xhtml">` and `<set
 * attributeName="onmouseover">` through. A static drawing needs no script, link, animation, image or
 * foreign element; what passes is stored as it came, since the parse checked all of it (it is
 * strict XML, so a browser reads the same tree). Logos are also shown through <img> and served
 * under a CSP that runs and loads nothing: this is the second of three walls.
 */

export type SvgProblem =
  | 'not_utf8'
  | 'not_well_formed'
  | 'entity'
  | 'script'
  | 'foreign_object'
  | 'event_handler'
  | 'external_reference'
  | 'processing_instruction'
  | 'element_not_allowed'
  | 'attribute_not_allowed';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** SVG elements that draw (shapes, text, paint servers, clipping, masking, filters); nothing that animates, links or loads. */
const ELEMENTS = new Set(
  `svg g defs symbol use title desc path rect circle ellipse line polyline polygon text tspan textPath
  linearGradient radialGradient stop pattern clipPath mask marker style filter feBlend feColorMatrix
  feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight
  feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feMerge feMergeNode feMorphology
  feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence`.split(/\s+/),
);

/** Attributes without a namespace: geometry, presentation, paint servers, filters and text. */
const ATTRIBUTES = new Set(
  `id class style transform viewBox preserveAspectRatio width height x y x1 y1 x2 y2 cx cy r rx ry fx fy fr
  d points pathLength version baseProfile fill fill-opacity fill-rule stroke stroke-width stroke-linecap
  stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset stroke-opacity opacity color display
  visibility overflow clip-path clip-rule clipPathUnits mask maskUnits maskContentUnits filter filterUnits
  primitiveUnits offset stop-color stop-opacity gradientUnits gradientTransform spreadMethod patternUnits
  patternContentUnits patternTransform marker-start marker-mid marker-end markerWidth markerHeight
  markerUnits refX refY orient paint-order vector-effect shape-rendering text-rendering image-rendering
  color-interpolation color-interpolation-filters isolation mix-blend-mode font-family font-size
  font-size-adjust font-stretch font-style font-variant font-weight letter-spacing word-spacing
  text-anchor text-decoration dominant-baseline alignment-baseline baseline-shift writing-mode direction
  unicode-bidi lengthAdjust textLength startOffset method spacing side rotate dx dy in in2 result
  stdDeviation mode operator k1 k2 k3 k4 values type tableValues slope intercept amplitude exponent
  flood-color flood-opacity lighting-color baseFrequency numOctaves seed stitchTiles radius scale
  xChannelSelector yChannelSelector order kernelMatrix divisor bias targetX targetY edgeMode
  preserveAlpha surfaceScale specularConstant specularExponent diffuseConstant kernelUnitLength azimuth
  elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle data-name`.split(/\s+/),
);

const FOREIGN = new Set(['foreignObject', 'iframe', 'embed', 'object']);
const SCRIPT_URL = /^\s*(?:javascript|vbscript):/i;
/** url(...) that is not url(#id). */
const EXTERNAL_URL = /url\(\s*["']?(?!#)/i;

/** A reference may only point inside the document. */
function referenceProblem(value: string): SvgProblem | undefined {
  if (value.trim().startsWith('#')) return undefined;
  return SCRIPT_URL.test(value) ? 'script' : 'external_reference';
}

/** CSS in a `style` attribute or element: no imports, no outside URLs, no escapes that could spell one. */
function cssProblem(css: string): SvgProblem | undefined {
  if (/javascript:|expression\s*\(/i.test(css)) return 'script';
  if (/@import|\\/i.test(css) || EXTERNAL_URL.test(css)) return 'external_reference';
  return undefined;
}

function tagProblem(tag: SaxesTagNS): SvgProblem | undefined {
  if (tag.local.toLowerCase() === 'script') return 'script';
  if (FOREIGN.has(tag.local)) return 'foreign_object';
  const attributes = Object.values(tag.attributes);
  // The dangerous kinds first, by name in any namespace, so a refusal says what it found.
  for (const a of attributes) {
    if (/^on/i.test(a.local)) return 'event_handler';
    if (SCRIPT_URL.test(a.value)) return 'script';
    if (a.local === 'href' || a.local === 'src') {
      const problem = referenceProblem(a.value);
      if (problem) return problem;
    }
    if (EXTERNAL_URL.test(a.value)) return 'external_reference';
  }
  if (tag.uri !== SVG_NS || !ELEMENTS.has(tag.local)) return 'element_not_allowed';
  for (const a of attributes) {
    const allowed =
      a.uri === XMLNS_NS ||
      (a.uri === XML_NS && (a.local === 'space' || a.local === 'lang')) ||
      (a.uri === XLINK_NS && a.local === 'href') ||
      (a.uri === '' && (ATTRIBUTES.has(a.local) || a.local === 'href'));
    if (!allowed) return 'attribute_not_allowed';
    if (a.local === 'style') {
      const problem = cssProblem(a.value);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Why an SVG logo is refused, or undefined when every part of it is on the allow-list. */
export function svgProblem(bytes: Buffer): SvgProblem | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not_utf8';
  }
  if (text.includes('\u0000')) return 'not_utf8';
  let problem: SvgProblem | undefined;
  const refuse = (found: SvgProblem) => {
    problem ??= found;
  };
  const parser = new SaxesParser({ xmlns: true });
  let depth = 0;
  let inStyle = false;
  parser.on('error', () => refuse('not_well_formed'));
  // An internal subset declares entities (expansion without bound, outside files); a bare
  // DOCTYPE naming the SVG DTD, as design tools write, declares nothing.
  parser.on('doctype', (doctype) => (doctype.includes('[') ? refuse('entity') : undefined));
  parser.on('processinginstruction', ({ target }) =>
    refuse(target === 'xml-stylesheet' ? 'external_reference' : 'processing_instruction'),
  );
  parser.on('opentag', (tag) => {
    if (depth === 0 && (tag.uri !== SVG_NS || tag.local !== 'svg')) refuse('element_not_allowed');
    depth++;
    const found = tagProblem(tag);
    if (found) refuse(found);
    inStyle = tag.local === 'style';
  });
  parser.on('closetag', () => {
    depth--;
    inStyle = false;
  });
  const styleText = (css: string) => {
    const found = inStyle ? cssProblem(css) : undefined;
    if (found) refuse(found);
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  try {
    parser.write(text).close();
  } catch {
    refuse('not_well_formed');
  }
  return problem;
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
