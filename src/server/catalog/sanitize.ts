import sanitizeHtml from 'sanitize-html';

/**
 * Catalogue text is sanitised when it is written (seed, import, admin), so every reader can
 * render it as stored.
 */

const DESCRIPTION_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'span',
    'small',
    'sub',
    'sup',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** A product's HTML description (caracteristica): formatting and links only; no scripts, styles or handlers. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_OPTIONS).trim();
}

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'rect',
  'line',
  'polyline',
  'polygon',
  'title',
  'desc',
  'defs',
  'lineargradient',
  'radialgradient',
  'stop',
  'text',
  'tspan',
];
const SVG_ATTRIBUTES = [
  'xmlns',
  'viewbox',
  'width',
  'height',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-opacity',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'opacity',
  'd',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'points',
  'transform',
  'offset',
  'stop-color',
  'stop-opacity',
  'id',
  'gradientunits',
  'text-anchor',
  'font-family',
  'font-size',
  'font-weight',
];

const SVG_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  // Keep the text of nothing unknown (a <script> body must not survive as text either).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'foreignobject', 'iframe'],
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, xmlMode: false },
};

const CASE_FIXES: Record<string, string> = {
  viewbox: 'viewBox',
  lineargradient: 'linearGradient',
  radialgradient: 'radialGradient',
  gradientunits: 'gradientUnits',
};

/**
 * A category or department icon: accepted only as SVG markup, sanitised to drawing elements.
 * Anything else (an <img>, a data URL, HTML, an empty drawing) gives null: the default icon.
 */
export function sanitizeSvgIcon(markup: string | null | undefined): string | null {
  if (typeof markup !== 'string' || markup.length > 50_000) return null;
  const source = markup.trim().replace(/^<\?xml[^>]*\?>\s*/i, '');
  if (!/^<svg[\s>]/i.test(source) || !/<\/svg>$/i.test(source)) return null;
  const cleaned = sanitizeHtml(source, SVG_OPTIONS)
    .replace(/\b(viewbox|lineargradient|radialgradient|gradientunits)\b/g, (name) => CASE_FIXES[name] ?? name)
    .trim();
  // Attribute values may not smuggle URLs other than local fragment references.
  if (/(javascript|data|vbscript):/i.test(cleaned) || /url\(\s*['"]?(?!#)/i.test(cleaned)) return null;
  if (!/^<svg[\s>]/.test(cleaned) || !/<\/svg>$/.test(cleaned)) return null;
  if (!/<(path|circle|ellipse|rect|line|polyline|polygon|text)\b/.test(cleaned)) return null;
  return cleaned.includes('xmlns=') ? cleaned : cleaned.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
}
