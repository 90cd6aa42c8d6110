import type { BrandSeed, ImageKind } from './catalogue-data.ts';

/**
 * Generated drawings for the demo catalogue (no network, no binary assets): product pictures,
 * brand logos, category icons, banners and seller avatars, all deterministic SVG.
 */

const PALETTE = ['#00909e', '#1b3f8b', '#febd17', '#c8102e', '#007a3d', '#f26722', '#004b8d', '#6b3fa0'];

/** Simple silhouettes in a 200x200 box; `c` is the body colour. */
const SHAPES: Record<ImageKind, (c: string) => string> = {
  drill: (c) =>
    `<rect x="40" y="60" width="100" height="46" rx="14" fill="${c}"/><rect x="140" y="74" width="34" height="18" fill="#555"/><rect x="174" y="80" width="20" height="6" fill="#999"/><path d="M70 106h38l-8 60H78z" fill="#333"/><rect x="66" y="160" width="50" height="22" rx="5" fill="${c}"/>`,
  grinder: (c) =>
    `<rect x="30" y="84" width="110" height="36" rx="18" fill="${c}"/><circle cx="150" cy="130" r="40" fill="#bbb" stroke="#666" stroke-width="6"/><rect x="136" y="80" width="30" height="36" fill="#444"/>`,
  saw: (c) =>
    `<circle cx="100" cy="110" r="62" fill="#ccc" stroke="#777" stroke-width="4" stroke-dasharray="6 4"/><path d="M40 70h120v50H40z" fill="${c}" opacity=".9"/><rect x="120" y="40" width="50" height="30" rx="8" fill="#333"/>`,
  sander: (c) =>
    `<rect x="40" y="120" width="120" height="40" rx="6" fill="#333"/><path d="M60 120c0-50 20-70 60-70s30 40 30 70z" fill="${c}"/>`,
  battery: (c) =>
    `<rect x="50" y="70" width="100" height="80" rx="10" fill="#333"/><rect x="50" y="70" width="100" height="26" rx="10" fill="${c}"/><rect x="70" y="52" width="60" height="20" rx="4" fill="#555"/><path d="M96 104l-12 24h14l-6 18 20-28h-14l8-14z" fill="${c}"/>`,
  pliers: (c) =>
    `<path d="M90 30l20 0 6 60-16 10-16-10z" fill="#777"/><path d="M84 96l-30 84 18 4 34-80z" fill="${c}"/><path d="M116 96l30 84-18 4-34-80z" fill="${c}"/>`,
  hammer: (c) =>
    `<rect x="92" y="60" width="16" height="120" rx="6" fill="${c}"/><path d="M50 40h100v30H50z" fill="#666"/><path d="M150 40c20 0 30 10 30 30h-30z" fill="#888"/>`,
  screwdriver: (c) =>
    `<rect x="86" y="30" width="28" height="80" rx="12" fill="${c}"/><rect x="96" y="110" width="8" height="60" fill="#999"/><path d="M96 170h8l-2 12h-4z" fill="#666"/>`,
  wrench: (c) =>
    `<rect x="90" y="60" width="20" height="100" rx="6" fill="#9aa"/><path d="M76 30a30 30 0 1 0 48 0l-10 22h-28z" fill="${c}"/><circle cx="100" cy="170" r="20" fill="none" stroke="${c}" stroke-width="10"/>`,
  tape: (c) =>
    `<rect x="40" y="50" width="110" height="110" rx="24" fill="${c}"/><circle cx="95" cy="105" r="24" fill="#333"/><rect x="150" y="140" width="40" height="14" fill="#ffd400"/>`,
  meter: (c) =>
    `<rect x="60" y="30" width="80" height="140" rx="14" fill="${c}"/><rect x="72" y="46" width="56" height="40" rx="4" fill="#cfe8cf"/><circle cx="100" cy="130" r="18" fill="#333"/>`,
  chainsaw: (c) =>
    `<rect x="30" y="80" width="80" height="60" rx="12" fill="${c}"/><rect x="110" y="96" width="80" height="26" rx="13" fill="#aaa" stroke="#555" stroke-width="3" stroke-dasharray="5 3"/><path d="M40 80c0-30 50-30 60 0" fill="none" stroke="#333" stroke-width="8"/>`,
  compressor: (c) =>
    `<rect x="30" y="100" width="140" height="60" rx="30" fill="${c}"/><rect x="70" y="60" width="60" height="40" rx="6" fill="#444"/><circle cx="50" cy="170" r="12" fill="#222"/><circle cx="150" cy="170" r="12" fill="#222"/>`,
  welder: (c) =>
    `<rect x="40" y="60" width="120" height="90" rx="8" fill="${c}"/><circle cx="80" cy="105" r="16" fill="#eee"/><rect x="110" y="90" width="36" height="8" fill="#eee"/><rect x="110" y="110" width="36" height="8" fill="#eee"/><rect x="60" y="40" width="80" height="20" rx="6" fill="#333"/>`,
  washer: (c) =>
    `<rect x="50" y="50" width="90" height="110" rx="16" fill="${c}"/><circle cx="70" cy="170" r="14" fill="#222"/><circle cx="130" cy="170" r="14" fill="#222"/><path d="M140 80h40v10h-40z" fill="#555"/>`,
  generator: (c) =>
    `<rect x="30" y="60" width="140" height="100" rx="8" fill="none" stroke="#333" stroke-width="8"/><rect x="50" y="80" width="100" height="60" rx="6" fill="${c}"/><circle cx="80" cy="110" r="14" fill="#333"/>`,
  helmet: (c) =>
    `<path d="M40 130c0-55 30-85 60-85s60 30 60 85z" fill="${c}"/><rect x="30" y="128" width="140" height="14" rx="7" fill="#333"/>`,
  gloves: (c) => `<path d="M60 170v-70l-14-40 16-4 14 34v-60h14v60l4-64h14l-2 64 10-56h14l-8 70 20-20 10 10-30 40v36z" fill="${c}"/>`,
  disc: (c) =>
    `<circle cx="100" cy="100" r="70" fill="${c}"/><circle cx="100" cy="100" r="60" fill="none" stroke="#fff" stroke-width="2" opacity=".5"/><circle cx="100" cy="100" r="14" fill="#eee"/>`,
  bit: (c) =>
    `<rect x="94" y="20" width="12" height="60" fill="#555"/><path d="M92 80h16l-2 90-6 14-6-14z" fill="${c}"/><path d="M92 100l16 10M92 120l16 10M92 140l16 10" stroke="#333" stroke-width="3"/>`,
  'hammer-drill': (c) =>
    `<path d="M18 64h30v12H36v58h12v12H18z" fill="#333"/><rect x="44" y="66" width="104" height="42" rx="12" fill="${c}"/><rect x="52" y="108" width="44" height="26" rx="6" fill="#444"/><rect x="148" y="76" width="24" height="22" rx="3" fill="#555"/><rect x="172" y="84" width="26" height="6" fill="#999"/><path d="M170 84v6" stroke="#666" stroke-width="2"/><rect x="118" y="104" width="12" height="56" rx="5" fill="#333" transform="rotate(22 124 104)"/>`,
  'heat-gun': (c) =>
    `<rect x="36" y="58" width="106" height="46" rx="22" fill="${c}"/><path d="M48 68v26M56 68v26M64 68v26" stroke="#222" stroke-width="3"/><path d="M142 64h26l12-8v66l-12-8h-26z" fill="#b8b8b8"/><path d="M186 68q10 13 0 26M194 60q16 21 0 42" stroke="#f26722" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M66 104h34l-6 70H74z" fill="#333"/><rect x="98" y="112" width="8" height="20" rx="3" fill="#666"/>`,
  router: (c) =>
    `<rect x="66" y="22" width="68" height="14" rx="6" fill="#333"/><rect x="70" y="34" width="60" height="84" rx="10" fill="${c}"/><path d="M80 50h40M80 62h40" stroke="#fff" stroke-width="3" opacity=".5"/><rect x="36" y="104" width="36" height="10" fill="#333"/><rect x="128" y="104" width="36" height="10" fill="#333"/><circle cx="32" cy="109" r="15" fill="#333"/><circle cx="168" cy="109" r="15" fill="#333"/><rect x="54" y="118" width="92" height="18" rx="4" fill="#666"/><ellipse cx="100" cy="140" rx="72" ry="10" fill="#999"/><path d="M96 148h8v26l-4 6-4-6z" fill="#777"/>`,
  jigsaw: (c) =>
    `<path d="M36 120V84q0-34 34-34h74q22 0 22 22v48z" fill="${c}"/><rect x="62" y="64" width="66" height="14" rx="7" fill="#fff"/><rect x="150" y="84" width="16" height="22" fill="#333"/><rect x="26" y="120" width="150" height="12" rx="3" fill="#555"/><path d="M126 132h10v48h-10z" fill="#bbb"/><path d="M136 136l6 5-6 5 6 5-6 5 6 5-6 5 6 5-6 5" stroke="#777" stroke-width="2" fill="none"/>`,
  handsaw: (c) =>
    `<path d="M20 78l132-22v78H20z" fill="#c9c9c9"/><path d="M20 134l6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8 6-8 6 8" stroke="#888" stroke-width="2" fill="none"/><path d="M146 52h24q20 0 20 20v56q0 20-20 20h-24z" fill="${c}"/><rect x="158" y="72" width="16" height="56" rx="8" fill="#fff"/>`,
  planer: (c) =>
    `<path d="M62 70q0-30 34-30h22q24 0 24 30" fill="none" stroke="#333" stroke-width="12"/><path d="M36 110V84q0-16 16-16h84q34 0 44 42z" fill="${c}"/><rect x="26" y="110" width="160" height="22" rx="5" fill="#555"/><circle cx="170" cy="90" r="11" fill="#333"/><rect x="40" y="132" width="132" height="6" fill="#999"/>`,
  'impact-wrench': (c) =>
    `<rect x="46" y="58" width="86" height="48" rx="20" fill="${c}"/><rect x="130" y="64" width="28" height="36" rx="6" fill="#444"/><rect x="158" y="75" width="12" height="14" fill="#999"/><rect x="170" y="68" width="24" height="28" rx="4" fill="#777"/><path d="M68 106h36l-8 54H76z" fill="#333"/><rect x="56" y="156" width="62" height="28" rx="5" fill="${c}"/><rect x="56" y="156" width="62" height="8" fill="#000" opacity=".25"/>`,
  'spray-gun': (c) =>
    `<path d="M76 18h48l-6 48H82z" fill="#e3e3e3" stroke="#888" stroke-width="3"/><rect x="94" y="64" width="12" height="10" fill="#777"/><rect x="44" y="72" width="118" height="30" rx="10" fill="${c}"/><rect x="162" y="79" width="28" height="16" rx="4" fill="#555"/><path d="M56 102h26l-4 78H60z" fill="#333"/><path d="M96 102q12 28 0 50" stroke="#555" stroke-width="6" fill="none"/><path d="M60 180h20" stroke="#999" stroke-width="8"/>`,
  stapler: (c) =>
    `<rect x="136" y="48" width="34" height="96" rx="6" fill="${c}"/><path d="M40 62h100v30H70l-18 44H34l14-44h-8z" fill="${c}"/><rect x="28" y="138" width="150" height="18" rx="4" fill="#777"/><rect x="170" y="124" width="16" height="32" fill="#444"/><path d="M40 62h20v30" stroke="#000" stroke-width="3" opacity=".2" fill="none"/>`,
  box: (c) =>
    `<rect x="30" y="80" width="140" height="80" rx="6" fill="${c}"/><rect x="30" y="80" width="140" height="20" fill="#000" opacity=".2"/><path d="M75 80v-20h50v20" fill="none" stroke="#333" stroke-width="8"/>`,
};

const hue = (seed: number) => (seed * 47) % 360;

export function renderProductImage(kind: ImageKind, seed: number, view: number): string {
  const color = PALETTE[(seed + view) % PALETTE.length] as string;
  const angle = [0, -12, 10, -4][view % 4] ?? 0;
  const scale = [1, 0.9, 1.1, 0.8][view % 4] ?? 1;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">` +
    `<rect width="400" height="400" fill="hsl(${hue(seed)} 30% ${view % 2 ? 92 : 96}%)"/>` +
    `<ellipse cx="200" cy="350" rx="130" ry="14" fill="#000" opacity=".08"/>` +
    `<g transform="translate(200 200) rotate(${angle}) scale(${scale * 1.5}) translate(-100 -100)">${SHAPES[kind](color)}</g></svg>`
  );
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A brand tile: the name as large as the tile allows (a phone shows it about 110 px wide, where
 * a fixed 30 px type became 13 px letters), in heavy type, centred on the brand's colour.
 */
export function renderBrandLogo(brand: Pick<BrandSeed, 'name' | 'colors'>): string {
  const [background, foreground] = brand.colors;
  // Bold Arial runs about 0.64 em per letter: fill 220 of the 240 units, at most 56 units tall.
  const size = Math.min(56, Math.floor(220 / (brand.name.length * 0.64)));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 96" width="240" height="96">` +
    `<rect width="240" height="96" rx="10" fill="${background}"/>` +
    `<text x="120" y="${Math.round(48 + size * 0.36)}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="900" font-size="${size}" fill="${foreground}">${escapeXml(brand.name)}</text></svg>`
  );
}

/** A category icon: the kind's silhouette, small and monochrome green (the shop's colour). */
export function renderCategoryIcon(kind: ImageKind): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="48" height="48">${SHAPES[kind]('#1f7a3a')}</svg>`;
}

export function renderBanner(kind: ImageKind, seed: number, wide: boolean): string {
  const [w, h] = wide ? [1200, 400] : [600, 400];
  const color = PALETTE[seed % PALETTE.length] as string;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue(seed + 3)} 55% 32%)"/><stop offset="1" stop-color="hsl(${hue(seed + 5)} 60% 18%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${w - 180}" cy="${h / 2}" r="170" fill="#fff" opacity=".08"/>` +
    `<g transform="translate(${w - 330} 50) scale(1.5)">${SHAPES[kind](color)}</g></svg>`
  );
}

export function renderAvatar(seed: number): string {
  const skin = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524'][seed % 4];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">` +
    `<rect width="200" height="200" fill="hsl(${hue(seed + 2)} 40% 85%)"/>` +
    `<circle cx="100" cy="80" r="40" fill="${skin}"/><path d="M30 200c0-50 30-75 70-75s70 25 70 75z" fill="#1f7a3a"/></svg>`
  );
}

export function isImageKind(value: string): value is ImageKind {
  return Object.hasOwn(SHAPES, value);
}
