import { z } from 'zod';
import { toPhoneDigits, validateOffersPhone, type OffersPhoneError } from '../offers-phone.ts';

/**
 * The public catalogue contract (storefront spec sections 3 and 7): what /api/public/* answers
 * and which query parameters it accepts. Field names follow the spec, Portuguese and English
 * mixed as it has them. Amounts in answers are numbers in MAJOR units of the named currency.
 */

export const ApiLangSchema = z.enum(['pt', 'es']);
export type ApiLang = z.infer<typeof ApiLangSchema>;

export const CurrencyRefSchema = z.object({
  id: z.number().int(),
  simbolo: z.string(),
  decimals: z.number().int(),
});

export const NamedRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const ProductBrandSchema = z.object({ id: z.number().int(), nome: z.string(), slug: z.string() });

/** A listing item: everything a product card, suggestion or export needs. */
export const ProductCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  nome: z.string(),
  codigo: z.string(),
  code: z.string(),
  /** Price in major units of `moeda` (the product's own currency, USD unless the data says otherwise). */
  valor_venda: z.number(),
  /** Price in the currency the request asked for (`moeda_id`), else the product's currency. */
  preco_atual: z.object({ valor_venda: z.number(), formatado: z.string(), moeda_id: z.number().int() }),
  moeda: CurrencyRefSchema,
  imagens: z.array(z.object({ url: z.string() })),
  qtde_disponivel: z.number().int(),
  tem_estoque: z.boolean(),
  tem_estoque_fisico: z.boolean(),
  mostrar_preco: z.boolean(),
  /** Short plain-text summary. */
  descritivo: z.string(),
  marca: ProductBrandSchema,
  categoria: NamedRefSchema,
  departamento: NamedRefSchema.nullable(),
  token: z.string(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const SpecificationSchema = z.object({ nome: z.string(), valor: z.string().nullable() });

/** The product detail (/products/{id}/details): the card plus HTML description and specifications. */
export const ProductSchema = ProductCardSchema.extend({
  /** Sanitised HTML description. */
  caracteristica: z.string(),
  especificacoes: z.array(SpecificationSchema),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.object({ data: z.array(ProductCardSchema), total: z.number().int() });
export type ProductList = z.infer<typeof ProductListSchema>;

export const DepartmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Sanitised SVG markup, or null: show the default arrow icon. */
  icone: z.string().nullable(),
});

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  icone: z.string().nullable(),
  visivel_menu: z.boolean(),
  special: z.boolean(),
  departments: z.array(DepartmentSchema),
});
export type Category = z.infer<typeof CategorySchema>;

export const BrandSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  nome: z.string(),
  logo: z.string().nullable(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const BANNER_TYPES = ['Banner Principal', 'Triplo Esquerdo', 'Triplo Centro', 'Triplo Direito', 'Receba Ofertas'] as const;
export const BannerTypeSchema = z.enum(BANNER_TYPES);
export type BannerType = z.infer<typeof BannerTypeSchema>;

export const BannerSchema = z.object({
  id: z.number().int(),
  tipo: BannerTypeSchema,
  imagem: z.string(),
  link: z.string().nullable(),
  titulo: z.string(),
  descricao: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const SellerSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  funcao: z.string(),
  /** Digits only, with country code (chat link: https://wa.me/{whatsapp}). */
  whatsapp: z.string().nullable(),
  foto: z.string().nullable(),
});
export type Seller = z.infer<typeof SellerSchema>;

/** One USD (currency 2) buys `tax` units of the target currency. */
export const ExchangeRateSchema = z.object({
  source_currency: z.object({ id: z.number().int() }),
  target_currency: z.object({ id: z.number().int(), decimals: z.number().int(), simbolo: z.string() }),
  tax: z.number(),
});
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

export const FaqSchema = z.object({ id: z.number().int(), pergunta: z.string(), resposta: z.string() });
export type Faq = z.infer<typeof FaqSchema>;

export const StartDataSchema = z.object({
  exchange_rates: z.array(ExchangeRateSchema),
  brands: z.array(BrandSchema),
  categories: z.array(CategorySchema),
  categories_special: z.array(CategorySchema),
  banners: z.array(BannerSchema),
  faq: z.array(FaqSchema),
});
export type StartData = z.infer<typeof StartDataSchema>;

// ---- query parameters -------------------------------------------------------------------

/** Empty strings mean "not sent" (the client sends category/department empty when searching). */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional());
const flag = z
  .preprocess(emptyToUndefined, z.enum(['0', '1', 'true', 'false']).optional())
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));
const langParam = z.preprocess(emptyToUndefined, ApiLangSchema.default('pt'));
const currencyParam = z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(4).optional());

/**
 * A sort parameter as the storefront spec sends it: one value, or a comma list whose last value
 * counts (`tem_estoque,valor_venda` with `desc,asc`: in stock first is always applied). With
 * `stockFirst`, every value before the last must be tem_estoque. Answers the value that counts.
 */
function sortList<const T extends string>(values: readonly [T, ...T[]], stockFirst: boolean) {
  return z
    .string()
    .max(100)
    .transform((text, ctx) => {
      const parts = text.split(',').map((part) => part.trim());
      const valid = parts.length <= 2 && parts.every((part) => (values as readonly string[]).includes(part));
      const ordered = !stockFirst || parts.slice(0, -1).every((part) => part === 'tem_estoque');
      if (!valid || !ordered) {
        ctx.addIssue({ code: 'custom', message: `${stockFirst ? 'tem_estoque,' : ''}${values.join('|')}` });
        return z.NEVER;
      }
      return parts.at(-1) as T;
    });
}

export const PRODUCTS_MAX_PER_PAGE = 100;
export const PRODUCTS_MAX_PAGE = 100_000;

export const ProductsQuerySchema = z.object({
  text: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  category_id: optionalId,
  department_id: optionalId,
  brand_id: optionalId,
  /** Comma-separated brand ids. */
  brands_ids: z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .max(1000)
        .regex(/^\d{1,10}(,\d{1,10})*,?$/, 'Use ids separados por vírgula')
        .optional(),
    )
    .transform((v) => (v === undefined ? undefined : [...new Set(v.split(',').filter(Boolean).map(Number))].slice(0, 100))),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(PRODUCTS_MAX_PAGE).default(1)),
  /** Capped at 100: larger values are clamped, not refused. */
  per_page: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(20))
    .transform((v) => Math.min(v, PRODUCTS_MAX_PER_PAGE)),
  /**
   * The field after "in stock first": id (default), valor_venda or nome. The storefront spec sends
   * both as comma lists (`order_by=tem_estoque,valor_venda&order=desc,asc`): in stock first is
   * always applied, so the list's last field and last direction are the ones that count.
   * tem_estoque alone means the default.
   */
  order_by: z.preprocess(emptyToUndefined, sortList(['id', 'valor_venda', 'nome', 'tem_estoque'], true).optional()),
  order: z.preprocess((v) => (typeof v === 'string' ? emptyToUndefined(v.toLowerCase()) : v), sortList(['asc', 'desc'], false).optional()),
  /** Sent with text searches: search the whole catalogue. Accepted; category/department still filter when given. */
  all_products: flag,
  /** 1: only products with stock (the availability filter). */
  tem_estoque: flag,
  moeda_id: currencyParam,
  lang: langParam,
});
export type ProductsQuery = z.infer<typeof ProductsQuerySchema>;

export const LangQuerySchema = z.object({ lang: langParam, moeda_id: currencyParam });

export const StartQuerySchema = z.object({ lang: langParam, tem_estoque: flag, moeda_id: currencyParam });

export const CategoriesQuerySchema = z.object({
  lang: langParam,
  special: z.preprocess(emptyToUndefined, z.enum(['only', 'include', 'exclude']).default('exclude')),
  moeda_id: currencyParam,
});

export const ProductIdParamSchema = z.union([z.coerce.number().int().min(1).max(2_147_483_647), z.string().regex(/^[a-z0-9-]{1,200}$/)]);

/**
 * The offers signup body (spec section 5, the desktop form's rules, one place: offers-phone.ts):
 * required, at least 10 characters, at most 20, then 10 to 15 digits; a number is read as its
 * digits. Its messages come from the caller's catalogue (one language per answer).
 */
export function createNewsletterBodySchema(messages: Record<OffersPhoneError, string> & { numbersOnly: string }) {
  return z.object({
    celular: z
      .union([z.string().regex(/^[\d\s()+.-]*$/, messages.numbersOnly), z.number().int().nonnegative(), z.null(), z.undefined()])
      .transform((v) => (v === null || v === undefined ? '' : String(v)))
      .superRefine((value, ctx) => {
        const error = validateOffersPhone(value);
        if (error) ctx.addIssue({ code: 'custom', message: messages[error] });
      })
      .transform(toPhoneDigits),
  });
}
