import { CURRENCY_DECIMALS, type CatalogueProduct, type CurrencyCode } from '#lib/contract/catalogue-product.ts';
import { toDecimalText } from '#lib/money.ts';
import { sanitizeDescription } from '../catalog/service.ts';
import { toSlug } from '../db/seed/product-generator.ts';

/**
 * What a product is, in the terms an import row speaks (brand, category and department by their
 * slug), so a row and the stored product compare field by field. Pure: the service compares in
 * the dry run and again inside each write transaction.
 */
export interface Specification {
  nome_pt: string;
  nome_es: string;
  valor_pt: string;
  valor_es: string;
}

export interface ProductState {
  nome_pt: string;
  nome_es: string;
  descritivo_pt: string;
  descritivo_es: string;
  descricao_pt: string;
  descricao_es: string;
  marca: string;
  brandSlug: string;
  categoria_pt: string;
  categoria_es: string;
  categorySlug: string;
  departamento_pt: string | null;
  departamento_es: string | null;
  departmentSlug: string | null;
  priceMinor: number;
  moeda: CurrencyCode;
  estoque: number;
  mostrar_preco: boolean;
  especificacoes: Specification[];
  imagens: string[];
}

/** The fields a summary names when they change (the import file's column names). */
const COMPARED_FIELDS = [
  'nome_pt',
  'nome_es',
  'descritivo_pt',
  'descritivo_es',
  'descricao_pt',
  'descricao_es',
  'marca',
  'categoria',
  'departamento',
  'preco',
  'moeda',
  'estoque',
  'mostrar_preco',
  'especificacoes',
  'imagens',
] as const;
type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface FieldChange {
  field: ComparedField;
  from: string;
  to: string;
}

const SHOWN_LENGTH = 80;
const shorten = (value: string) => (value.length > SHOWN_LENGTH ? `${value.slice(0, SHOWN_LENGTH - 1)}…` : value);

function toPriceText(minor: number, currency: CurrencyCode): string {
  return toDecimalText(minor, CURRENCY_DECIMALS[currency]);
}

const toSpecsText = (specs: Specification[]) => specs.map((spec) => `${spec.nome_pt}: ${spec.valor_pt}`).join(' | ');

/** Each compared field as the text a staff member reads in the summary, and the key that decides equality. */
function toComparable(state: ProductState): Record<ComparedField, [key: string, shown: string]> {
  return {
    nome_pt: [state.nome_pt, state.nome_pt],
    nome_es: [state.nome_es, state.nome_es],
    descritivo_pt: [state.descritivo_pt, state.descritivo_pt],
    descritivo_es: [state.descritivo_es, state.descritivo_es],
    descricao_pt: [state.descricao_pt, state.descricao_pt],
    descricao_es: [state.descricao_es, state.descricao_es],
    marca: [state.brandSlug, state.marca],
    categoria: [state.categorySlug, state.categoria_pt],
    departamento: [state.departmentSlug ?? '', state.departamento_pt ?? ''],
    preco: [String(state.priceMinor), toPriceText(state.priceMinor, state.moeda)],
    moeda: [state.moeda, state.moeda],
    estoque: [String(state.estoque), String(state.estoque)],
    mostrar_preco: [String(state.mostrar_preco), state.mostrar_preco ? '✓' : '✗'],
    especificacoes: [JSON.stringify(state.especificacoes), toSpecsText(state.especificacoes)],
    imagens: [state.imagens.join('|'), state.imagens.join(', ')],
  };
}

/** The fields that differ, with the old and new value as staff read them. */
export function toFieldChanges(before: ProductState, after: ProductState): FieldChange[] {
  const old = toComparable(before);
  const next = toComparable(after);
  return COMPARED_FIELDS.filter((field) => old[field][0] !== next[field][0]).map((field) => ({
    field,
    from: shorten(old[field][1]),
    to: shorten(next[field][1]),
  }));
}

/**
 * The product a row asks for: the stored one with every field the row gives replaced (a new
 * product starts from the defaults). Descriptions go through the catalogue sanitiser here, so
 * what is compared is what would be stored.
 */
export function toNextState(row: CatalogueProduct, current: ProductState | null): ProductState {
  const keep = <T>(given: T | undefined, stored: T | undefined, fallback: T): T => given ?? stored ?? fallback;
  const categoryChanged = current?.categorySlug !== toSlug(row.categoria_pt);
  const departmentPt =
    row.departamento_pt !== undefined ? row.departamento_pt || null : categoryChanged ? null : (current?.departamento_pt ?? null);
  const departmentEs =
    departmentPt === null
      ? null
      : row.departamento_es || (row.departamento_pt === undefined ? current?.departamento_es : undefined) || departmentPt;
  return {
    nome_pt: row.nome_pt,
    nome_es: row.nome_es,
    descritivo_pt: keep(row.descritivo_pt, current?.descritivo_pt, ''),
    descritivo_es: keep(row.descritivo_es, current?.descritivo_es, ''),
    descricao_pt: row.descricao_pt !== undefined ? sanitizeDescription(row.descricao_pt) : (current?.descricao_pt ?? ''),
    descricao_es: row.descricao_es !== undefined ? sanitizeDescription(row.descricao_es) : (current?.descricao_es ?? ''),
    marca: row.marca,
    brandSlug: toSlug(row.marca),
    categoria_pt: row.categoria_pt,
    categoria_es: row.categoria_es || row.categoria_pt,
    categorySlug: toSlug(row.categoria_pt),
    departamento_pt: departmentPt,
    departamento_es: departmentEs ?? null,
    departmentSlug: departmentPt === null ? null : toSlug(departmentPt),
    priceMinor: row.priceMinor,
    moeda: row.moeda,
    estoque: row.estoque,
    mostrar_preco: keep(row.mostrar_preco, current?.mostrar_preco, true),
    especificacoes: keep(row.especificacoes, current?.especificacoes, []),
    imagens: keep(row.imagens, current?.imagens, []),
  };
}

/** What the dry run warns about in a valid row's text (written as given, but worth a second look). */
export type TextWarningKind = 'formula' | 'html';
export interface TextWarning {
  field: string;
  kind: TextWarningKind;
}

/** A text a spreadsheet would run as a formula (OWASP's CSV injection characters). */
const FORMULA_START = /^\s*[=+\-@]/;
/** A tag or an entity: HTML outside the descriptions (which are HTML, sanitised) shows as raw text. */
const HTML_MARKUP = /<\/?[a-z!][^>]*>|&(?:[a-z]+|#\d+);/i;

/**
 * The row's text fields that start like a formula or carry HTML, by the import file's column
 * name. Descriptions (descricao_*) are HTML by design: only a formula is named there.
 */
export function findTextWarnings(row: CatalogueProduct): TextWarning[] {
  const texts: [string, string | null | undefined][] = [
    ['nome_pt', row.nome_pt],
    ['nome_es', row.nome_es],
    ['descritivo_pt', row.descritivo_pt],
    ['descritivo_es', row.descritivo_es],
    ['descricao_pt', row.descricao_pt],
    ['descricao_es', row.descricao_es],
    ['marca', row.marca],
    ['categoria_pt', row.categoria_pt],
    ['categoria_es', row.categoria_es],
    ['departamento_pt', row.departamento_pt],
    ['departamento_es', row.departamento_es],
    ...(row.especificacoes ?? []).flatMap((spec): [string, string][] => [
      ['especificacoes_pt', spec.nome_pt],
      ['especificacoes_pt', spec.valor_pt],
      ['especificacoes_es', spec.nome_es],
      ['especificacoes_es', spec.valor_es],
    ]),
  ];
  const warnings = new Map<string, TextWarning>();
  for (const [field, text] of texts) {
    if (!text) continue;
    if (FORMULA_START.test(text)) warnings.set(`${field}/formula`, { field, kind: 'formula' });
    if (!field.startsWith('descricao_') && HTML_MARKUP.test(text)) warnings.set(`${field}/html`, { field, kind: 'html' });
  }
  return [...warnings.values()];
}
