import type { BrandSeed, ImageKind } from '../db/seed/catalogue-data.ts';

/**
 * Generated drawings for the demo catalogue (no network, no binary assets): product pictures,
 * brand logos, category icons, banners and seller avatars, all deterministic SVG.
 */

const PALETTE = ['#00909e', '#1b3f8b', '#febd17', '#c8102e', '#007a3d', '#f26722', '#004b8d', '#6b3fa0'];

/** Simple silhouettes in a 200x200 box; `c` is the body colour. */
const SHAPES: Record<ImageKind, (c: string) => string> = {
  drill: (c) => `<rect x="40" y="60" width="100" height="46" rx="14" fill="${c}"/><rect x="140" y="74" width="34" height="18" fill="#555"/><rect x="174" y="80" width="20" height="6" fill="#999"/><path d="M70 106h38l-8 60H78z" fill="#333"/><rect x="66" y="160" width="50" height="22" rx="5" fill="${c}"/>`,
  grinder: (c) => `<rect x="30" y="84" width="110" height="36" rx="18" fill="${c}"/><circle cx="150" cy="130" r="40" fill="#bbb" stroke="#666" stroke-width="6"/><rect x="136" y="80" width="30" height="36" fill="#444"/>`,
  saw: (c) => `<circle cx="100" cy="110" r="62" fill="#ccc" stroke="#777" stroke-width="4" stroke-dasharray="6 4"/><path d="M40 70h120v50H40z" fill="${c}" opacity=".9"/><rect x="120" y="40" width="50" height="30" rx="8" fill="#333"/>`,
  sander: (c) => `<rect x="40" y="120" width="120" height="40" rx="6" fill="#333"/><path d="M60 120c0-50 20-70 60-70s30 40 30 70z" fill="${c}"/>`,
  battery: (c) => `<rect x="50" y="70" width="100" height="80" rx="10" fill="#333"/><rect x="50" y="70" width="100" height="26" rx="10" fill="${c}"/><rect x="70" y="52" width="60" height="20" rx="4" fill="#555"/><path d="M96 104l-12 24h14l-6 18 20-28h-14l8-14z" fill="${c}"/>`,
  pliers: (c) => `<path d="M90 30l20 0 6 60-16 10-16-10z" fill="#777"/><path d="M84 96l-30 84 18 4 34-80z" fill="${c}"/><path d="M116 96l30 84-18 4-34-80z" fill="${c}"/>`,
  hammer: (c) => `<rect x="92" y="60" width="16" height="120" rx="6" fill="${c}"/><path d="M50 40h100v30H50z" fill="#666"/><path d="M150 40c20 0 30 10 30 30h-30z" fill="#888"/>`,
  screwdriver: (c) => `<rect x="86" y="30" width="28" height="80" rx="12" fill="${c}"/><rect x="96" y="110" width="8" height="60" fill="#999"/><path d="M96 170h8l-2 12h-4z" fill="#666"/>`,
  wrench: (c) => `<rect x="90" y="60" width="20" height="100" rx="6" fill="#9aa"/><path d="M76 30a30 30 0 1 0 48 0l-10 22h-28z" fill="${c}"/><circle cx="100" cy="170" r="20" fill="none" stroke="${c}" stroke-width="10"/>`,
  tape: (c) => `<rect x="40" y="50" width="110" height="110" rx="24" fill="${c}"/><circle cx="95" cy="105" r="24" fill="#333"/><rect x="150" y="140" width="40" height="14" fill="#ffd400"/>`,
  meter: (c) => `<rect x="60" y="30" width="80" height="140" rx="14" fill="${c}"/><rect x="72" y="46" width="56" height="40" rx="4" fill="#cfe8cf"/><circle cx="100" cy="130" r="18" fill="#333"/>`,
  chainsaw: (c) => `<rect x="30" y="80" width="80" height="60" rx="12" fill="${c}"/><rect x="110" y="96" width="80" height="26" rx="13" fill="#aaa" stroke="#555" stroke-width="3" stroke-dasharray="5 3"/><path d="M40 80c0-30 50-30 60 0" fill="none" stroke="#333" stroke-width="8"/>`,
  compressor: (c) => `<rect x="30" y="100" width="140" height="60" rx="30" fill="${c}"/><rect x="70" y="60" width="60" height="40" rx="6" fill="#444"/><circle cx="50" cy="170" r="12" fill="#222"/><circle cx="150" cy="170" r="12" fill="#222"/>`,
  welder: (c) => `<rect x="40" y="60" width="120" height="90" rx="8" fill="${c}"/><circle cx="80" cy="105" r="16" fill="#eee"/><rect x="110" y="90" width="36" height="8" fill="#eee"/><rect x="110" y="110" width="36" height="8" fill="#eee"/><rect x="60" y="40" width="80" height="20" rx="6" fill="#333"/>`,
  washer: (c) => `<rect x="50" y="50" width="90" height="110" rx="16" fill="${c}"/><circle cx="70" cy="170" r="14" fill="#222"/><circle cx="130" cy="170" r="14" fill="#222"/><path d="M140 80h40v10h-40z" fill="#555"/>`,
  generator: (c) => `<rect x="30" y="60" width="140" height="100" rx="8" fill="none" stroke="#333" stroke-width="8"/><rect x="50" y="80" width="100" height="60" rx="6" fill="${c}"/><circle cx="80" cy="110" r="14" fill="#333"/>`,
  helmet: (c) => `<path d="M40 130c0-55 30-85 60-85s60 30 60 85z" fill="${c}"/><rect x="30" y="128" width="140" height="14" rx="7" fill="#333"/>`,
  gloves: (c) => `<path d="M60 170v-70l-14-40 16-4 14 34v-60h14v60l4-64h14l-2 64 10-56h14l-8 70 20-20 10 10-30 40v36z" fill="${c}"/>`,
  disc: (c) => `<circle cx="100" cy="100" r="70" fill="${c}"/><circle cx="100" cy="100" r="60" fill="none" stroke="#fff" stroke-width="2" opacity=".5"/><circle cx="100" cy="100" r="14" fill="#eee"/>`,
  bit: (c) => `<rect x="94" y="20" width="12" height="60" fill="#555"/><path d="M92 80h16l-2 90-6 14-6-14z" fill="${c}"/><path d="M92 100l16 10M92 120l16 10M92 140l16 10" stroke="#333" stroke-width="3"/>`,
  box: (c) => `<rect x="30" y="80" width="140" height="80" rx="6" fill="${c}"/><rect x="30" y="80" width="140" height="20" fill="#000" opacity=".2"/><path d="M75 80v-20h50v20" fill="none" stroke="#333" stroke-width="8"/>`,
};

const hue = (seed: number) => (seed * 47) % 360;

export function renderProductImage(kind: ImageKind, seed: number, view: number): string {
  const color = PALETTE[(seed + view) % PALETTE.length] as string;
  const angle = [0, -12, 10, -4][view % 4] ?? 0;
  const scale = [1, 0.9, 1.1, 0.8][view % 4] ?? 1;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">` +
    `<rect width="400" height="400" fill="hsl(${hue(seed)} 30% ${view % 2 ? 92 : 96}%)"/>` +
    `<ellipse cx="200" cy="350" rx="130" ry="14" fill="#000" opacity=".08"/>` +
    `<g transform="translate(200 200) rotate(${angle}) scale(${scale * 1.5}) translate(-100 -100)">${SHAPES[kind](color)}</g></svg>`;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderBrandLogo(brand: Pick<BrandSeed, 'name' | 'colors'>): string {
  const [background, foreground] = brand.colors;
  const size = brand.name.length > 8 ? 30 : 38;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 96" width="240" height="96">` +
    `<rect width="240" height="96" rx="10" fill="${background}"/>` +
    `<text x="120" y="60" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${foreground}">${escapeXml(brand.name)}</text></svg>`;
}

/** A category icon: the kind's silhouette, small and monochrome green (the shop's colour). */
export function renderCategoryIcon(kind: ImageKind): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="48" height="48">${SHAPES[kind]('#1f7a3a')}</svg>`;
}

export function renderBanner(kind: ImageKind, seed: number, wide: boolean): string {
  const [w, h] = wide ? [1200, 400] : [600, 400];
  const color = PALETTE[seed % PALETTE.length] as string;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue(seed + 3)} 55% 32%)"/><stop offset="1" stop-color="hsl(${hue(seed + 5)} 60% 18%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${w - 180}" cy="${h / 2}" r="170" fill="#fff" opacity=".08"/>` +
    `<g transform="translate(${w - 330} 50) scale(1.5)">${SHAPES[kind](color)}</g></svg>`;
}

export function renderAvatar(seed: number): string {
  const skin = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524'][seed % 4];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">` +
    `<rect width="200" height="200" fill="hsl(${hue(seed + 2)} 40% 85%)"/>` +
    `<circle cx="100" cy="80" r="40" fill="${skin}"/><path d="M30 200c0-50 30-75 70-75s70 25 70 75z" fill="#1f7a3a"/></svg>`;
}

export const IMAGE_KINDS = Object.keys(SHAPES) as ImageKind[];
export function isImageKind(value: string): value is ImageKind {
  return Object.hasOwn(SHAPES, value);
}
