// The ERP API's request and answer shapes (the contract, beside the shop's): parsed by these at
// run time, and the OpenAPI document (erp-api-openapi.ts, beside this file) is generated from them.
import { z } from 'zod';
import { CatalogueProductSchema, StockUnitsSchema, toMinorUnits } from './catalogue-product.ts';

export const API_SCOPES = ['stock', 'prices', 'catalogue', 'orders:read', 'rates', 'orders:events'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Rows per bulk call: more is refused whole (413), never half applied. */
export const MAX_BULK_ROWS = 5000;
export const MAX_ORDERS_PAGE = 200;
export const DEFAULT_ORDERS_PAGE = 50;

const Codigo = z
  .string()
  .trim()
  .min(1)
  .max(60)
  // No control characters (Unicode Cc: U+0000-U+001F, U+007F-U+009F), written as ranges rather than
  // \p{Cc}: property escapes are outside JSON Schema's interoperable regex subset, and the
  // OpenAPI document carries this pattern.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .regex(/^[^\u0000-\u001F\u007F-\u009F]+$/)
  .meta({ description: 'The product code (codigo) as the ERP knows it.', example: 'FUR-1234' });

export const StockRowSchema = z
  .object({
    codigo: Codigo,
    estoque: StockUnitsSchema.meta({
      description:
        'Units the store can sell now, as /produtos reads estoque (12, "12", "12,0"). Open checkout reservations are taken off it.',
      examples: [12, '12'],
    }),
  })
  .meta({ id: 'StockRow' });

export const CURRENCY_CODES = ['BRL', 'USD', 'PYG', 'ARS'] as const;

export const PriceRowSchema = z
  .object({
    codigo: Codigo,
    // Read as /produtos reads preco (ERP_AMOUNT_FORMAT), in the service once the currency is known.
    preco: z.union([z.number(), z.string().max(40)]).meta({
      description:
        'Price in major units, as /produtos and the catalogue import read it: a number (12.5) or text with either mark as the decimal ' +
        'one ("75,50", "1.234,56", "1234.56"); no more decimals than the currency has (PYG: none).',
      examples: [12.5, '75,50'],
    }),
    moeda: z.enum(CURRENCY_CODES).optional().meta({ description: 'Currency of the price; the product keeps its own when absent.' }),
  })
  .meta({ id: 'PriceRow' });

/** Currencies with a USD rate (USD itself is always 1), as the rates calls name them. */
export const RATE_CURRENCY_CODES = ['BRL', 'PYG', 'ARS'] as const;
/** Decimals a USD rate keeps (exchange_rates.rate is numeric(18, 6)). */
const RATE_DECIMALS = 6;
export type RateCurrencyCode = (typeof RATE_CURRENCY_CODES)[number];

export const RatesPutSchema = z
  .object({
    cotacoes: z
      .array(
        z.object({
          moeda: z.enum(RATE_CURRENCY_CODES),
          valor: z
            .union([z.number(), z.string().max(40)])
            .transform((value, ctx) => {
              const micro = toMinorUnits(value, RATE_DECIMALS);
              if (typeof micro === 'number' && micro > 0 && micro <= 1_000_000 * 10 ** RATE_DECIMALS) return micro / 10 ** RATE_DECIMALS;
              ctx.addIssue({ code: 'custom', message: typeof micro === 'string' ? micro : 'invalid' });
              return z.NEVER;
            })
            .meta({
              description:
                'Units of the currency one USD buys, above 0 and up to 1,000,000, read as /precos reads preco: a number (5.42) or text with ' +
                'either mark as the decimal one ("5,42", "7.300", "7300.5"); numbers are rounded to 6 decimals, text may have up to 6.',
              examples: [5.42, '7.300,50'],
            }),
        }),
      )
      .min(1)
      .max(RATE_CURRENCY_CODES.length)
      .refine((rows) => new Set(rows.map((row) => row.moeda)).size === rows.length, { message: 'moeda repetida' }),
  })
  .meta({ id: 'RatesPut' });

export const RatesSchema = z
  .object({
    cotacoes: z.array(
      z.object({
        moeda: z.enum(RATE_CURRENCY_CODES),
        valor: z.number().meta({ description: 'Units of the currency one USD buys.' }),
        definida_em: z.string().meta({ format: 'date-time' }),
      }),
    ),
    faltando: z
      .array(z.enum(RATE_CURRENCY_CODES))
      .meta({ description: 'Currencies without a rate yet: the shop neither shows nor charges prices in them.' }),
  })
  .meta({ id: 'Rates' });
export type RatesAnswer = z.infer<typeof RatesSchema>;

/** The envelope alone: each row is then checked by its row schema, so one bad row fails alone. */
export const BulkEnvelopeSchema = z.object({ itens: z.array(z.unknown()).min(1) });

export const StockBulkSchema = z.object({ itens: z.array(StockRowSchema).min(1).max(MAX_BULK_ROWS) }).meta({ id: 'StockBulk' });
export const PriceBulkSchema = z.object({ itens: z.array(PriceRowSchema).min(1).max(MAX_BULK_ROWS) }).meta({ id: 'PriceBulk' });

/** Rows are counted as the catalogue import counts a JSON file's items: 1 is the first. */
const ROW_NUMBER = z.int().min(1).meta({ description: 'Position of the row in itens, 1 for the first (as the catalogue import counts).' });

export const ROW_REASONS = ['codigo_desconhecido', 'valor_invalido', 'codigo_repetido'] as const;
export type RowReason = (typeof ROW_REASONS)[number];

export const BulkResultSchema = z
  .object({
    recebidos: z.int().meta({ description: 'Rows in the call.' }),
    atualizados: z.int().meta({ description: 'Rows that changed a product.' }),
    inalterados: z.int().meta({ description: 'Rows whose product already had this value (a repeated call lands here).' }),
    rejeitados: z
      .array(
        z.object({
          linha: ROW_NUMBER,
          codigo: z.string().nullable(),
          motivo: z.enum(ROW_REASONS),
          mensagem: z.string(),
          campos: z.record(z.string(), z.array(z.string())).optional(),
        }),
      )
      .meta({ description: 'Rows not applied, each with its reason; every other row was applied.' }),
  })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** Rows per product upsert: each runs the whole import check (names, brand, category, price), so fewer than a bulk call. */
export const MAX_UPSERT_ROWS = 500;

/**
 * The product upsert's body as documented: each item is a row of the catalogue import
 * (CatalogueProductSchema, the columns of docs/catalogue-import-template.csv). The route reads the
 * envelope alone (BulkEnvelopeSchema) and the import checks each row, so one bad row fails alone.
 */
export const ProductUpsertSchema = z
  .object({
    itens: z
      .array(
        CatalogueProductSchema.meta({
          id: 'ProductRow',
          description:
            'One product, as a row of the catalogue import: created when its codigo is new, else updated. Optional fields left out keep ' +
            'what the product has; given empty, they clear it.',
        }),
      )
      .min(1)
      .max(MAX_UPSERT_ROWS),
  })
  .meta({ id: 'ProductUpsert' });

export const ProductUpsertResultSchema = z
  .object({
    recebidos: z.int(),
    criados: z.int().meta({ description: 'Products created (codigo not known before).' }),
    alterados: z.int().meta({ description: 'Products that existed and changed.' }),
    inalterados: z.int().meta({ description: 'Products that already were exactly so (a repeated call lands here).' }),
    rejeitados: z
      .array(
        z.object({
          linha: ROW_NUMBER,
          codigo: z.string().nullable(),
          motivo: z.literal('valor_invalido'),
          mensagem: z.string(),
          campos: z.record(z.string(), z.array(z.string())),
        }),
      )
      .meta({ description: 'Rows not written, each with the fields at fault; every other row was written.' }),
  })
  .meta({ id: 'ProductUpsertResult' });
export type ProductUpsertResult = z.infer<typeof ProductUpsertResultSchema>;

export const ErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'Field errors: field path -> messages.' }),
  })
  .meta({ id: 'Error' });

/** The query of a feed read by cursor (paid orders, order events): `first` is where an absent cursor starts. */
function toCursorQuerySchema(first: string) {
  return z.object({
    cursor: z
      .string()
      .max(200)
      .optional()
      .meta({ description: `proximo_cursor of the previous page; absent: from the ${first}.` }),
    limite: z.coerce.number().int().min(1).max(MAX_ORDERS_PAGE).default(DEFAULT_ORDERS_PAGE),
  });
}

export const PaidOrdersQuerySchema = toCursorQuerySchema('first paid order');

const Money = z.int().meta({ description: 'Minor units of the order currency (see casas_decimais).' });

export const PaidOrderSchema = z
  .object({
    numero: z.int(),
    id_externo: z.string(),
    status: z.string().meta({ description: 'Status now (PAGO, ENVIADO, RETIRADO, ESTORNADO...).' }),
    criado_em: z.string().meta({ format: 'date-time' }),
    pago_em: z.string().meta({ format: 'date-time' }),
    moeda: z.string(),
    casas_decimais: z.int(),
    itens_total: Money,
    frete: Money,
    total: Money,
    comprador: z.object({
      nome: z.string(),
      email: z.string(),
      tipo_documento: z.string().meta({ description: 'The document type as a word: CPF, CNPJ, RUC or Cédula.', example: 'Cédula' }),
      documento: z.string(),
      telefone: z.string(),
    }),
    entrega: z.object({
      tipo: z.enum(['delivery', 'pickup', 'pickup_point']),
      descricao: z.string(),
      endereco: z.record(z.string(), z.unknown()).nullable(),
    }),
    itens: z.array(
      z.object({
        codigo: z.string(),
        nome_pt: z.string(),
        nome_es: z.string(),
        quantidade: z.int(),
        preco_unitario: Money,
        subtotal: Money,
      }),
    ),
    pagamentos: z.array(
      z.object({
        provedor: z.string(),
        referencia: z.string(),
        id_provedor: z.string().nullable(),
        status: z.string(),
        valor: Money,
        metodo: z.string(),
        parcelas: z.int(),
        pago_em: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'PaidOrder' });
export type PaidOrder = z.infer<typeof PaidOrderSchema>;

/** The end of a feed's page: where the next one starts, and whether it is ready now. */
function toPageEnd(list: string) {
  return {
    proximo_cursor: z.string().meta({ description: `Pass as cursor for the next page; when ${list} is empty, poll again later with it.` }),
    mais: z.boolean().meta({ description: 'True when another page is ready now.' }),
  };
}

export const PaidOrdersPageSchema = z.object({ pedidos: z.array(PaidOrderSchema), ...toPageEnd('pedidos') }).meta({ id: 'PaidOrdersPage' });
export type PaidOrdersPage = z.infer<typeof PaidOrdersPageSchema>;

/** What happened to an order after it was created (order_events.kind, migration 1160). */
export const ORDER_EVENT_KINDS = ['pago', 'enviado', 'retirado', 'cancelado', 'estornado', 'estorno_parcial'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const OrderEventsQuerySchema = toCursorQuerySchema('first event');

export const OrderEventSchema = z
  .object({
    id: z.int().meta({ description: 'The event, unique; events of one order come in the order they happened.' }),
    tipo: z.enum(ORDER_EVENT_KINDS).meta({
      description:
        'pago: paid; enviado: shipped; retirado: handed over at the counter; cancelado: cancelled; estornado: refunded whole; ' +
        'estorno_parcial: some lines or units refunded (see estorno).',
    }),
    ocorrido_em: z.string().meta({ format: 'date-time' }),
    pedido: z.int().meta({ description: 'The order number (numero in pedidos-pagos).' }),
    id_externo: z.string(),
    status: z.string().meta({ description: 'The order status right after the event (PAGO, ENVIADO, RETIRADO, CANCELADO, ESTORNADO...).' }),
    moeda: z.string(),
    casas_decimais: z.int(),
    nota: z.string().nullable().meta({ description: "The staff member's reason or tracking note, when one was typed." }),
    estorno: z
      .object({
        valor: Money.nullable(),
        itens: z.array(z.object({ codigo: z.string(), quantidade: z.int() })).meta({ description: 'Empty for a whole refund.' }),
      })
      .nullable()
      .meta({ description: 'What was given back, for estornado and estorno_parcial; null otherwise.' }),
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const OrderEventsPageSchema = z
  .object({ eventos: z.array(OrderEventSchema), ...toPageEnd('eventos') })
  .meta({ id: 'OrderEventsPage' });
export type OrderEventsPage = z.infer<typeof OrderEventsPageSchema>;
