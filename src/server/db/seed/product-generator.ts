import { CURRENCY } from '#lib/locale.ts';
import { toMinor } from '#lib/money.ts';
import { BRANDS, CATEGORIES, type DepartmentSeed, type Family } from './catalogue-data.ts';

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same catalogue. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

type Spec = [namePt: string, nameEs: string, valuePt: string, valueEs: string];
const same = (namePt: string, nameEs: string, value: string): Spec => [namePt, nameEs, value, value];
/** A spec whose value is translated: one of the [pt, es] pairs. */
const pair = (r: Random, namePt: string, nameEs: string, values: [string, string][]): Spec => {
  const [pt, es] = pick(r, values);
  return [namePt, nameEs, pt, es];
};

const VOLTAGE = (r: Random) => same('Tensão', 'Tensión', pick(r, ['127 V', '220 V', 'Bivolt']));
const WEIGHT = (r: Random, min: number, max: number) =>
  same('Peso', 'Peso', `${(between(r, min * 10, max * 10) / 10).toFixed(1).replace('.', ',')} kg`);
const WARRANTY = (r: Random): Spec => {
  const months = pick(r, [6, 12, 12, 24, 36]);
  return ['Garantia', 'Garantía', `${months} meses`, `${months} meses`];
};

const FAMILY_SPECS: Record<Family, (r: Random) => Spec[]> = {
  power: (r) => [
    same('Potência', 'Potencia', `${pick(r, [450, 550, 710, 850, 1010, 1200, 1500, 2200])} W`),
    VOLTAGE(r),
    same('Rotação sem carga', 'Velocidad sin carga', `${between(r, 20, 120) * 100} rpm`),
    WEIGHT(r, 1, 7),
  ],
  cordless: (r) => [
    same('Tensão da bateria', 'Tensión de batería', pick(r, ['12 V', '18 V', '20 V Max', '40 V'])),
    same('Torque máximo', 'Torque máximo', `${between(r, 30, 180)} Nm`),
    pair(r, 'Baterias incluídas', 'Baterías incluidas', [
      ['Não', 'No'],
      ['1', '1'],
      ['2', '2'],
    ]),
    WEIGHT(r, 1, 3),
  ],
  battery: (r) => [
    same('Tensão', 'Tensión', pick(r, ['12 V', '18 V', '20 V Max', '40 V'])),
    same('Capacidade', 'Capacidad', `${pick(r, ['2,0', '3,0', '4,0', '5,0', '6,0'])} Ah`),
    pair(r, 'Tecnologia', 'Tecnología', [['Íon de lítio', 'Ion de litio']]),
  ],
  hand: (r) => [
    pair(r, 'Material', 'Material', [
      ['Aço cromo-vanádio', 'Acero cromo-vanadio'],
      ['Aço carbono', 'Acero al carbono'],
      ['Aço forjado', 'Acero forjado'],
    ]),
    same('Comprimento', 'Longitud', `${between(r, 12, 60)} cm`),
    pair(r, 'Cabo', 'Mango', [
      ['Emborrachado', 'Engomado'],
      ['Bimaterial', 'Bimaterial'],
      ['Madeira', 'Madera'],
    ]),
  ],
  measure: (r) => [
    same('Alcance', 'Alcance', `${pick(r, [3, 5, 8, 10, 20, 30, 50, 100])} m`),
    same('Precisão', 'Precisión', `± ${pick(r, ['0,1', '0,2', '0,3', '1,5'])} mm`),
    pair(r, 'Alimentação', 'Alimentación', [
      ['Pilhas AA', 'Pilas AA'],
      ['Bateria recarregável', 'Batería recargable'],
      ['Manual', 'Manual'],
    ]),
  ],
  garden: (r) => [
    same('Cilindrada', 'Cilindrada', `${between(r, 25, 75)} cc`),
    same('Potência', 'Potencia', `${(between(r, 8, 45) / 10).toFixed(1).replace('.', ',')} kW`),
    pair(r, 'Combustível', 'Combustible', [['Gasolina', 'Nafta']]),
    WEIGHT(r, 4, 12),
  ],
  air: (r) => [
    same('Pressão máxima', 'Presión máxima', `${between(r, 90, 175)} psi`),
    same('Vazão', 'Caudal', `${between(r, 5, 40)} pcm`),
    same('Reservatório', 'Depósito', `${pick(r, [0, 24, 50, 100, 200])} L`),
  ],
  weld: (r) => [
    same('Corrente de saída', 'Corriente de salida', `${pick(r, [130, 160, 200, 250])} A`),
    VOLTAGE(r),
    pair(r, 'Processos', 'Procesos', [
      ['Eletrodo e TIG', 'Electrodo y TIG'],
      ['MIG, eletrodo e TIG', 'MIG, electrodo y TIG'],
      ['Eletrodo', 'Electrodo'],
    ]),
  ],
  clean: (r) => [
    same('Pressão máxima', 'Presión máxima', `${between(r, 1300, 2600)} psi`),
    same('Vazão', 'Caudal', `${between(r, 300, 600)} L/h`),
    same('Potência', 'Potencia', `${pick(r, [1200, 1400, 1700, 2100])} W`),
    VOLTAGE(r),
  ],
  engine: (r) => [
    same('Potência', 'Potencia', `${between(r, 2, 15)} HP`),
    pair(r, 'Partida', 'Arranque', [
      ['Manual', 'Manual'],
      ['Elétrica', 'Eléctrico'],
    ]),
    same('Tanque', 'Tanque', `${between(r, 3, 25)} L`),
    WEIGHT(r, 20, 90),
  ],
  safety: (r) => [
    pair(r, 'Tamanho', 'Talla', [
      ['P', 'S'],
      ['M', 'M'],
      ['G', 'L'],
      ['Único', 'Única'],
    ]),
    same('CA', 'Certificación', `${between(r, 10000, 49999)}`),
    pair(r, 'Material', 'Material', [
      ['Nitrílico', 'Nitrilo'],
      ['Policarbonato', 'Policarbonato'],
      ['ABS', 'ABS'],
      ['Vaqueta', 'Vaqueta'],
    ]),
  ],
  accessory: (r) => [
    same('Diâmetro', 'Diámetro', `${pick(r, [4, 6, 8, 10, 115, 125, 180, 230])} mm`),
    pair(r, 'Uso', 'Uso', [
      ['Metal', 'Metal'],
      ['Madeira', 'Madera'],
      ['Concreto', 'Hormigón'],
      ['Alvenaria', 'Mampostería'],
    ]),
    same('Peças', 'Piezas', `${pick(r, [1, 5, 10, 25])}`),
  ],
  storage: (r) => [
    same('Dimensões', 'Dimensiones', `${between(r, 30, 120)} x ${between(r, 20, 60)} x ${between(r, 15, 90)} cm`),
    pair(r, 'Material', 'Material', [
      ['Aço', 'Acero'],
      ['Polipropileno', 'Polipropileno'],
      ['Alumínio', 'Aluminio'],
    ]),
    same('Carga máxima', 'Carga máxima', `${between(r, 10, 300)} kg`),
  ],
  kit: (r) => [
    same('Peças', 'Piezas', `${pick(r, [2, 3, 4, 12, 24, 40, 94, 120])}`),
    pair(r, 'Estojo', 'Estuche', [
      ['Maleta', 'Maletín'],
      ['Bolsa', 'Bolso'],
    ]),
    same('Encaixe', 'Encastre', pick(r, ['1/4"', '3/8"', '1/2"'])),
  ],
};

export interface GeneratedProduct {
  code: string;
  slug: string;
  namePt: string;
  nameEs: string;
  summaryPt: string;
  summaryEs: string;
  descriptionPt: DescriptionParts;
  descriptionEs: DescriptionParts;
  priceMinor: number;
  stock: number;
  physicalStock: boolean;
  showPrice: boolean;
  brandSlug: string;
  categorySlug: string;
  departmentSlug: string;
  images: { url: string }[];
  specs: Spec[];
}

export function toSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A description as its lead paragraphs and its list items, so the seed can sanitise repeated pieces once. */
export interface DescriptionParts {
  lead: string;
  items: string[];
}

function describe(
  department: DepartmentSeed,
  brand: string,
  specs: Spec[],
  lang: 'pt' | 'es',
): { summary: string; parts: DescriptionParts } {
  const kind = lang === 'pt' ? department.productPt : department.productEs;
  const summary =
    lang === 'pt'
      ? `${kind} ${brand} para uso profissional, com construção robusta para o trabalho pesado do dia a dia.`
      : `${kind} ${brand} para uso profesional, con construcción robusta para el trabajo pesado de todos los días.`;
  const items = specs.map(
    (s) => `<li><strong>${escapeHtml(lang === 'pt' ? s[0] : s[1])}:</strong> ${escapeHtml(lang === 'pt' ? s[2] : s[3])}</li>`,
  );
  const intro =
    lang === 'pt'
      ? 'Construção durável, ergonomia pensada para longas jornadas e assistência técnica na loja.'
      : 'Construcción durable, ergonomía pensada para largas jornadas y servicio técnico en la tienda.';
  const heading = lang === 'pt' ? 'Destaques' : 'Destacados';
  return { summary, parts: { lead: `<p>${escapeHtml(summary)}</p><p>${intro}</p><h3>${heading}</h3>`, items } };
}

/** The description HTML: the lead, then the items in a list. `clean` sanitises each piece. */
export function toDescriptionHtml(parts: DescriptionParts, clean: (html: string) => string = (html) => html): string {
  return `${clean(parts.lead)}<ul>${parts.items.map(clean).join('')}</ul>`;
}

interface Slot {
  category: (typeof CATEGORIES)[number];
  department: DepartmentSeed;
}
const SLOTS: Slot[] = CATEGORIES.flatMap((category) => category.departments.map((department) => ({ category, department })));
const BRAND_BY_SLUG = new Map(BRANDS.map((b) => [b.slug, b]));

/**
 * Generates product number `ordinal` (0-based) of the deterministic catalogue. Products cycle
 * through the departments so every department has stock; codes are unique by construction.
 */
export function generateProduct(ordinal: number): GeneratedProduct {
  const random = createRandom(ordinal * 7919 + 17);
  const { category, department } = SLOTS[ordinal % SLOTS.length] as Slot;
  const brand = BRAND_BY_SLUG.get(pick(random, category.brands)) ?? (BRANDS[0] as (typeof BRANDS)[number]);
  const modelNumber = 1000 + ((ordinal * 389) % 9000); // 389 is prime to 9000: unique per 9000 ordinals
  const model = `${department.model}${modelNumber}${ordinal >= 9000 ? `-${Math.floor(ordinal / 9000)}` : ''}`;
  const code = `${brand.code}-${model}`;
  const namePt = `${department.productPt} ${brand.name} ${model}`;
  const nameEs = `${department.productEs} ${brand.name} ${model}`;
  const specs = FAMILY_SPECS[department.family](random);
  specs.push(WARRANTY(random));
  const pt = describe(department, brand.name, specs, 'pt');
  const es = describe(department, brand.name, specs, 'es');
  const [min, max] = department.usd;
  const price = between(random, min, max) + pick(random, [0.9, 0.5, 0.99, 0]);
  const outOfStock = random() < 0.1;
  const imageCount = between(random, 1, 4);
  return {
    code,
    slug: toSlug(`${namePt} ${brand.code}`),
    namePt,
    nameEs,
    summaryPt: pt.summary,
    summaryEs: es.summary,
    descriptionPt: pt.parts,
    descriptionEs: es.parts,
    priceMinor: toMinor(price, CURRENCY.USD),
    stock: outOfStock ? 0 : between(random, 1, 120),
    physicalStock: random() > 0.05,
    showPrice: random() > 0.02,
    brandSlug: brand.slug,
    categorySlug: category.slug,
    departmentSlug: department.slug,
    images: Array.from({ length: imageCount }, (_, n) => ({ url: `/img/p/${department.image}/${ordinal + 1}-${n + 1}.webp` })),
    specs,
  };
}
