import { z } from 'zod';
import { CURRENCY } from '../locale.ts';
import { CURRENCIES, parseAmount } from '../money.ts';
import { isSafeText } from '../safe-text.ts';
import { PG_INT_MAX } from './input.ts';

/**
 * One catalogue product as the store's own data sends it: a row of an import file (CSV, JSON)
 * or an item of the ERP's product upsert. Keyed by `codigo` (create or update, never a second
 * product). Optional fields left out keep what the product has (a new product gets the default);
 * given empty, they clear it. Prices are in major units of `moeda` ("1.234,56", "1234.56", 1234.56).
 */

const CURRENCY_CODES = ['USD', 'BRL', 'PYG', 'ARS'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
/** Minor-unit digits of each currency code, from money.ts's table of the currency ids. */
export const CURRENCY_DECIMALS: Record<CurrencyCode, number> = {
  USD: CURRENCIES[CURRENCY.USD].decimals,
  BRL: CURRENCIES[CURRENCY.BRL].decimals,
  PYG: CURRENCIES[CURRENCY.PYG].decimals,
  ARS: CURRENCIES[CURRENCY.ARS].decimals,
};

/** The reasons a row is refused, named so each reader says them in its own language. */
const ROW_PROBLEMS = ['required', 'invalid', 'too_long', 'decimals', 'ambiguous', 'negative', 'too_large', 'duplicate'] as const;
type RowProblem = (typeof ROW_PROBLEMS)[number];

const text = (max: number) => z.string().trim().max(max, { message: 'too_long' }).refine(isSafeText, { message: 'invalid' });
const required = (max: number) => text(max).min(1, { message: 'required' });

const YES = new Set(['1', 'true', 'sim', 's', 'si', 'sí', 'yes', 'y', 'x']);
const NO = new Set(['0', 'false', 'nao', 'não', 'n', 'no', '']);
const flag = z.union([z.boolean(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'boolean') return value;
  const word = value.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  ctx.addIssue({ code: 'custom', message: 'invalid' });
  return z.NEVER;
});

/** A picture's file name as the `--images` folder or the panel has it: no folders, a picture extension. */
const IMAGE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,150}\.(jpe?g|png|webp|avif)$/iu;
const imageName = z.string().trim().regex(IMAGE_NAME, { message: 'invalid' });

const SpecificationSchema = z.object({
  nome_pt: required(120),
  nome_es: required(120),
  valor_pt: text(500).default(''),
  valor_es: text(500).default(''),
});

/**
 * An import's or the ERP's amount in major units to minor units of a currency with `decimals`
 * digits: money.ts's reader with either mark as the decimal one ('1.234,56', '1,234.56'), as files
 * and ERPs come from anywhere. The one format of every ERP call (/produtos and /precos alike).
 */
export function toMinorUnits(value: string | number, decimals: number): number | RowProblem {
  return parseAmount(value, { decimals, format: 'either' });
}

// Whether the text is an amount at all is known per field; whether its decimals fit the currency, once the row has one.
const amount = z.union([z.number(), z.string()]).superRefine((value, ctx) => {
  const minor = toMinorUnits(value, 4);
  if (typeof minor === 'string' && minor !== 'decimals' && minor !== 'ambiguous') ctx.addIssue({ code: 'custom', message: minor });
});
/** Units in stock as every ERP call and import reads them: 12, "12" or "12,0" (never a fraction). */
export const StockUnitsSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const digits = typeof value === 'number' ? value : value.trim().replace(/[.,]0+$/, '');
  const n = typeof digits === 'number' ? digits : /^-?\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: digits === '' ? 'required' : 'invalid' });
  else if (n < 0) ctx.addIssue({ code: 'custom', message: 'negative' });
  else if (n > PG_INT_MAX) ctx.addIssue({ code: 'custom', message: 'too_large' });
  else return n;
  return z.NEVER;
});

/** Where a product sits and what it is: brand, category, department by name, specifications (the panel's product edit too). */
export const ProductTaxonomySchema = z.object({
  marca: required(80),
  categoria_pt: required(80),
  categoria_es: text(80).optional(),
  departamento_pt: text(80).optional(),
  departamento_es: text(80).optional(),
  especificacoes: z.array(SpecificationSchema).max(60, { message: 'too_long' }).optional(),
});
export type ProductTaxonomy = z.output<typeof ProductTaxonomySchema>;

/** What an import file or the ERP sends for one product (`z.input`), and what the service gets (`z.output`). */
export const CatalogueProductSchema = z
  .object({
    codigo: required(60).regex(/^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u, { message: 'invalid' }),
    nome_pt: required(200),
    nome_es: required(200),
    descritivo_pt: text(2000).optional(),
    descritivo_es: text(2000).optional(),
    descricao_pt: text(50_000).optional(),
    descricao_es: text(50_000).optional(),
    ...ProductTaxonomySchema.shape,
    icone_categoria: text(50_000).optional(),
    preco: amount,
    moeda: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value),
      z.enum(CURRENCY_CODES, { message: 'invalid' }).default('USD'),
    ),
    estoque: StockUnitsSchema,
    mostrar_preco: flag.optional(),
    imagens: z.array(imageName).max(20, { message: 'too_long' }).optional(),
  })
  .transform((row, ctx) => {
    const priceMinor = toMinorUnits(row.preco, CURRENCY_DECIMALS[row.moeda]);
    if (typeof priceMinor === 'string') {
      ctx.addIssue({ code: 'custom', path: ['preco'], message: priceMinor });
      return z.NEVER;
    }
    return { ...row, priceMinor };
  });
export type CatalogueProduct = z.output<typeof CatalogueProductSchema>;

/** One refused field of an import row: what the import and ERP answers report per row. */
export const RowIssueSchema = z.object({ field: z.string(), problem: z.enum(ROW_PROBLEMS) });
export type RowIssue = z.infer<typeof RowIssueSchema>;

const PROBLEMS = new Set<string>(ROW_PROBLEMS);

/** A row's zod issues as (field, problem) pairs, one per field, for messages in the reader's language. */
export function toRowIssues(error: z.ZodError): RowIssue[] {
  const seen = new Map<string, RowProblem>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'codigo');
    if (seen.has(field)) continue;
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    seen.set(
      field,
      missing
        ? 'required'
        : PROBLEMS.has(issue.message)
          ? (issue.message as RowProblem)
          : issue.code === 'too_big'
            ? 'too_long'
            : 'invalid',
    );
  }
  return [...seen].map(([field, problem]) => ({ field, problem }));
}
