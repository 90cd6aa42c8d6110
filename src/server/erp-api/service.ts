import { createHash, randomBytes } from 'node:crypto';
import type { AuditActor, AuditEntry } from '../audit/index.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import type { Clock } from '../clock.ts';
import type { ConnectionSource, Queryable } from '../db/client.ts';
import { runInTransaction } from '../db/client.ts';
import type { Limit, RateLimiter } from '../rate-limit/index.ts';
import { CURRENCY_DECIMALS, toMinorUnits, type CurrencyCode, type RowIssue } from '#lib/contract/catalogue-product.ts';
import { toDecimalText } from '#lib/money.ts';
import { isSafeText } from '#lib/safe-text.ts';
import { toDocumentTypeWord } from '#lib/documents.ts';
import type { CatalogueImportService, SourceRow } from '../catalogue-import/service.ts';
import type { CatalogueSettingsService } from '../catalogue-settings/service.ts';
import { CURRENCY } from '#lib/locale.ts';
import type { PanelLocale } from '#lib/i18n/panel.ts';
import { erpError } from './errors.ts';
import { stockMoves } from '../inventory/index.ts';
import {
  BULK_QUERY_TIMEOUT_MS,
  type ActiveKey,
  type ErpRepository,
  type OrderEventRow,
  type PaidItemRow,
  type PaidOrderRow,
  type PaidPaymentRow,
  type RowOutcome,
} from './repository.ts';
import {
  API_SCOPES,
  RATE_CURRENCY_CODES,
  type ApiScope,
  type OrderEvent,
  type OrderEventsPage,
  type PaidOrder,
  type PaidOrdersPage,
  type RateCurrencyCode,
  type RatesAnswer,
  type RowReason,
} from '#lib/contract/erp-api.ts';

/** Calls per key per minute: a 5,000-row call counts as one. */
export const ERP_KEY_LIMIT: Limit = { name: 'erp-key', points: 600, windowSeconds: 60 };
/** last_used_at is written at most once a minute per key, not on every call. */
const TOUCH_EVERY_MS = 60_000;
/** Past this many changed products one call announces 'all' instead of a tag each. */
const MAX_PRODUCT_TAGS = 200;
const KEY_PATTERN = /^frt_[A-Za-z0-9_-]{43}$/;
/** Codes listed in a bulk call's audit row (the counts are whole). */
const AUDITED_CODES = 200;

export interface KeyActor {
  id: number;
  email: string;
}
/** What becomes of a disabled staff member's live keys: revoked, or handed to another admin. */
export type KeysChoice = { kind: 'revoke' } | { kind: 'hand_over'; to: { id: number; email: string } };

export interface RowRejection {
  linha: number;
  codigo: string | null;
  motivo: RowReason;
  campos?: Record<string, string[]>;
  /** Fields at fault found by the service, worded by the routes in the caller's language. */
  issues?: RowIssue[];
}
export interface BulkOutcome {
  recebidos: number;
  atualizados: number;
  inalterados: number;
  rejeitados: RowRejection[];
}

interface ErpDeps {
  db: Queryable;
  pool: ConnectionSource;
  clock: Clock;
  repository: ErpRepository;
  limiter: RateLimiter;
  writeAudit: (tx: Queryable, entry: AuditEntry) => Promise<void>;
  announce: (tags: readonly CatalogueTag[]) => void;
  /** The catalogue import's check-then-write of product rows (src/server/catalogue-import). */
  importRows: CatalogueImportService['importRows'];
  /** The exchange rates as the panel reads and writes them (src/server/catalogue-settings). */
  rates: Pick<CatalogueSettingsService, 'getRates' | 'setRates'>;
}

export interface UpsertOutcome {
  recebidos: number;
  criados: number;
  alterados: number;
  inalterados: number;
  rejeitados: { linha: number; codigo: string | null; issues: RowIssue[] }[];
}

function unauthenticated() {
  return erpError('unauthenticated', 'error_unauthenticated', { headers: { 'www-authenticate': 'Bearer realm="fronteira-erp"' } });
}

/** How the audit log names a key's writes: by its prefix, never the secret. */
export function toKeyActor(key: ActiveKey): AuditActor {
  return { staffId: null, email: `api-key:${key.prefix}` };
}

export function toKeyHash(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

function toTags(outcomes: RowOutcome[]): CatalogueTag[] {
  const changed = outcomes.flatMap((row) => (row.outcome === 'updated' && row.product_id !== null ? [row.product_id] : []));
  if (changed.length > MAX_PRODUCT_TAGS) return ['all'];
  return changed.map((id) => `product:${id}` as const);
}

function toOutcome(received: number, early: RowRejection[], outcomes: RowOutcome[], codeOf: (rowNo: number) => string | null): BulkOutcome {
  const rejected = [...early];
  let updated = 0;
  let unchanged = 0;
  for (const row of outcomes) {
    if (row.outcome === 'updated') updated += 1;
    else if (row.outcome === 'unchanged') unchanged += 1;
    else
      rejected.push({
        linha: row.row_no,
        codigo: codeOf(row.row_no),
        motivo: row.outcome === 'unknown' ? 'codigo_desconhecido' : 'valor_invalido',
      });
  }
  return { recebidos: received, atualizados: updated, inalterados: unchanged, rejeitados: rejected.sort((a, b) => a.linha - b.linha) };
}

/** Cursor: base64url of "xid.id", the position after the last order handed out. */
function toCursor(xid: string, id: number): string {
  return Buffer.from(`${xid}.${id}`).toString('base64url');
}

function fromCursor(cursor: string | undefined): { xid: string; id: number } {
  if (cursor === undefined) return { xid: '0', id: 0 };
  const match = /^(\d{1,19})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw erpError('bad_request', 'error_invalid_cursor');
  return { xid: match[1]!, id: Number(match[2]) };
}

function toPaidOrder(row: PaidOrderRow, items: PaidItemRow[], payments: PaidPaymentRow[]): PaidOrder {
  return {
    numero: row.number,
    id_externo: row.external_id,
    status: row.status,
    criado_em: row.created_at.toISOString(),
    pago_em: row.paid_at.toISOString(),
    moeda: row.iso_code,
    casas_decimais: row.decimals,
    itens_total: row.items_total_minor,
    frete: row.shipping_minor,
    total: row.total_minor,
    comprador: {
      nome: row.buyer_name,
      email: row.email,
      tipo_documento: toDocumentTypeWord(row.document_type),
      documento: row.document,
      telefone: row.phone,
    },
    entrega: { tipo: row.delivery_type, descricao: row.delivery_description, endereco: row.delivery_address },
    itens: items.map((item) => ({
      codigo: item.product_code,
      nome_pt: item.name_pt,
      nome_es: item.name_es,
      quantidade: item.quantity,
      preco_unitario: item.unit_price_minor,
      subtotal: item.subtotal_minor,
    })),
    pagamentos: payments.map((payment) => ({
      provedor: payment.provider,
      referencia: payment.reference,
      id_provedor: payment.provider_payment_id,
      status: payment.status,
      valor: payment.amount_minor,
      metodo: payment.method,
      parcelas: payment.installments,
      pago_em: payment.paid_at?.toISOString() ?? null,
    })),
  };
}

function toOrderEvent(row: OrderEventRow): OrderEvent {
  const refunded = row.kind === 'estornado' || row.kind === 'estorno_parcial';
  return {
    id: row.id,
    tipo: row.kind,
    ocorrido_em: row.created_at.toISOString(),
    pedido: row.number,
    id_externo: row.external_id,
    status: row.status,
    moeda: row.iso_code,
    casas_decimais: row.decimals,
    nota: row.note,
    estorno: refunded ? { valor: row.detail?.valor ?? null, itens: row.detail?.itens ?? [] } : null,
  };
}

/** A page of a feed read by (xid, id) cursor: `limit` rows of `limit + 1` fetched, and where the next page starts. */
function toFeedPage<R extends { id: number }>(rows: R[], limit: number, cursor: string | undefined, xidOf: (row: R) => string) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, proximo_cursor: last ? toCursor(xidOf(last), last.id) : (cursor ?? toCursor('0', 0)), mais: rows.length > limit };
}

const toRateCurrencyCode = (id: number) => RATE_CURRENCY_CODES.find((code) => CURRENCY[code] === id);

export function createErpApiService({ db, pool, clock, repository, limiter, writeAudit, announce, importRows, rates }: ErpDeps) {
  async function readRates(): Promise<RatesAnswer> {
    const current = await rates.getRates();
    return {
      cotacoes: current.rates.flatMap((row) => {
        const moeda = toRateCurrencyCode(row.currency_id);
        return moeda ? [{ moeda, valor: Number(row.rate), definida_em: row.updated_at.toISOString() }] : [];
      }),
      faltando: current.missing.flatMap((id) => toRateCurrencyCode(id) ?? []),
    };
  }

  /**
   * One set-based statement for the valid rows and, when it changed anything, one audit row
   * naming the key, in one transaction; then the catalogue hears which products changed.
   */
  async function applyBulk(
    key: ActiveKey,
    action: string,
    rows: { linha: number; codigo: string }[],
    early: RowRejection[],
    received: number,
    run: (tx: Queryable, batch: { rowNo: number[]; codes: string[] }) => Promise<RowOutcome[]>,
  ): Promise<BulkOutcome> {
    const codes = new Map(rows.map((row) => [row.linha, row.codigo]));
    const outcomes =
      rows.length === 0
        ? []
        : await runInTransaction(pool, async (tx) => {
            await repository.allowBulkStatements(tx);
            const done = await run(tx, { rowNo: rows.map((row) => row.linha), codes: rows.map((row) => row.codigo) });
            const changed = done.filter((row) => row.outcome === 'updated').map((row) => codes.get(row.row_no));
            if (changed.length) {
              await writeAudit(tx, {
                actor: toKeyActor(key),
                action,
                entityType: 'products',
                entityId: `api-key:${key.id}`,
                after: { received, changed: changed.length, codes: changed.slice(0, AUDITED_CODES) },
              });
            }
            return done;
          });
    announce(toTags(outcomes));
    return toOutcome(received, early, outcomes, (rowNo) => codes.get(rowNo) ?? null);
  }

  return {
    listKeys: () => repository.listKeys(db),

    /** A new key: the secret is returned this once; only its SHA-256 is kept. */
    async createKey(actor: KeyActor, input: { name: string; scopes: string[]; locale: PanelLocale }) {
      const name = input.name.trim();
      if (name.length < 1 || name.length > 80 || !isSafeText(name)) throw erpError('invalid', 'error_key_name_invalid');
      const scopes = API_SCOPES.filter((scope) => input.scopes.includes(scope));
      if (scopes.length === 0 || scopes.length !== new Set(input.scopes).size) throw erpError('invalid', 'error_key_scopes_invalid');
      const secret = `frt_${randomBytes(32).toString('base64url')}`;
      const row = await runInTransaction(pool, async (tx) => {
        const created = await repository.insertKey(tx, {
          name,
          prefix: secret.slice(0, 12),
          hash: toKeyHash(secret),
          scopes,
          locale: input.locale,
          staffId: actor.id,
        });
        await writeAudit(tx, {
          actor: { staffId: actor.id, email: actor.email },
          action: 'api_key.create',
          entityType: 'api_key',
          entityId: created.id,
          after: { name, prefix: created.prefix, scopes, locale: input.locale },
        });
        return created;
      });
      return { secret, key: row };
    },

    async revokeKey(actor: KeyActor, id: number) {
      return runInTransaction(pool, async (tx) => {
        const revoked = await repository.revokeKey(tx, id, actor.id);
        if (!revoked) throw erpError('not_found', 'error_key_not_found');
        await writeAudit(tx, {
          actor: { staffId: actor.id, email: actor.email },
          action: 'api_key.revoke',
          entityType: 'api_key',
          entityId: id,
          before: { name: revoked.name, prefix: revoked.prefix, scopes: revoked.scopes },
          after: { revoked: true },
        });
        return revoked;
      });
    },

    countKeysByHolder: () => repository.countKeysByHolder(db),
    /** How many live keys `holderId` holds, locked until the caller's transaction ends. */
    countKeysHeldBy: async (tx: Queryable, holderId: number) => (await repository.selectKeysHeldBy(tx, holderId)).length,

    /**
     * Revokes or hands over every live key `holderId` holds, one audit row per key naming the admin
     * who chose; runs in the caller's transaction (staff disable). Answers how many keys moved.
     */
    async settleKeysOf(tx: Queryable, actor: AuditActor, holderId: number, choice: KeysChoice): Promise<number> {
      const held = await repository.selectKeysHeldBy(tx, holderId);
      if (choice.kind === 'revoke') await repository.revokeKeysHeldBy(tx, holderId, actor.staffId);
      else await repository.handKeysOver(tx, holderId, choice.to.id);
      for (const key of held) {
        await writeAudit(tx, {
          actor,
          action: choice.kind === 'revoke' ? 'api_key.revoke' : 'api_key.hand_over',
          entityType: 'api_key',
          entityId: key.id,
          before: { name: key.name, prefix: key.prefix, scopes: key.scopes, holder: holderId },
          after: choice.kind === 'revoke' ? { revoked: true } : { holder: choice.to.id, holderEmail: choice.to.email },
        });
      }
      return held.length;
    },

    /** The live key a bearer secret names, with its scope checked and its use counted. */
    /** The live key of `secret`, or 401: from here on the key's language answers (migration 1161). */
    async identify(secret: string | null): Promise<ActiveKey> {
      if (!secret || !KEY_PATTERN.test(secret)) throw unauthenticated();
      const key = await repository.findActiveKey(db, toKeyHash(secret));
      if (!key) throw unauthenticated();
      return key;
    },

    /** Lets the key make a call needing `scope` (403 without it, 429 past its rate), and notes its use. */
    async authorize(key: ActiveKey, scope: ApiScope | null): Promise<void> {
      if (scope && !key.scopes.includes(scope)) throw erpError('forbidden', 'error_missing_scope', { params: { scope } });
      if (!(await limiter.consume(ERP_KEY_LIMIT, `key-${key.id}`)))
        throw erpError('too_many', 'error_too_many_requests', { headers: { 'retry-after': String(ERP_KEY_LIMIT.windowSeconds) } });
      if (!key.last_used_at || clock.now().getTime() - key.last_used_at.getTime() > TOUCH_EVERY_MS) await repository.touchKey(db, key.id);
    },

    /**
     * Runs `work` once per (key, Idempotency-Key): a repeat with the same body gets the stored
     * answer back, a repeat with another body is refused. Without a header it just runs.
     */
    async runIdempotent<T>(key: ActiveKey, idempotencyKey: string | null, body: string, work: () => Promise<{ status: number; body: T }>) {
      if (!idempotencyKey) return { ...(await work()), replayed: false };
      const hash = toKeyHash(body);
      const stored = await repository.findAnswer(db, key.id, idempotencyKey);
      if (stored) {
        if (!stored.request_hash.equals(hash)) throw erpError('invalid', 'error_idempotency_mismatch');
        return { status: stored.status, body: stored.body as T, replayed: true };
      }
      const answer = await work();
      await repository.saveAnswer(db, key.id, idempotencyKey, { request_hash: hash, status: answer.status, body: answer.body });
      return { ...answer, replayed: false };
    },

    setStock: (key: ActiveKey, rows: { linha: number; codigo: string; estoque: number }[], early: RowRejection[], received: number) =>
      // Stock is the inventory's (decision 1310): the ERP's count less what open checkouts hold.
      applyBulk(key, 'erp.stock', rows, early, received, (tx, batch) =>
        stockMoves.setCountsLessHeld(tx, { ...batch, counts: rows.map((row) => row.estoque) }, { queryTimeoutMs: BULK_QUERY_TIMEOUT_MS }),
      ),

    /**
     * Prices are read as /produtos reads them (toMinorUnits: either mark as the decimal one), in the
     * decimals of the row's moeda or else of the product's currency; a price that does not read is
     * rejected with its reason, the others are written in one statement.
     */
    async setPrices(
      key: ActiveKey,
      rows: { linha: number; codigo: string; preco: number | string; moeda?: CurrencyCode }[],
      early: RowRejection[],
      received: number,
    ) {
      const productDecimals = await repository.selectCurrencyDecimals(
        db,
        rows.filter((row) => !row.moeda).map((row) => row.codigo),
      );
      const rejected = [...early];
      const readable: { linha: number; codigo: string; preco: string; moeda: string | null }[] = [];
      for (const row of rows) {
        const decimals = row.moeda ? CURRENCY_DECIMALS[row.moeda] : productDecimals.get(row.codigo);
        // An unknown codigo goes on: the statement answers codigo_desconhecido for it.
        const minor = decimals === undefined ? 0 : toMinorUnits(row.preco, decimals);
        if (typeof minor === 'string') {
          rejected.push({ linha: row.linha, codigo: row.codigo, motivo: 'valor_invalido', issues: [{ field: 'preco', problem: minor }] });
        } else {
          readable.push({ linha: row.linha, codigo: row.codigo, preco: toDecimalText(minor, decimals ?? 0), moeda: row.moeda ?? null });
        }
      }
      return applyBulk(key, 'erp.prices', readable, rejected, received, (tx, batch) =>
        repository.setPrices(tx, {
          ...batch,
          prices: readable.map((row) => row.preco),
          currencies: readable.map((row) => row.moeda),
        }),
      );
    },

    /**
     * Creates or updates products by codigo with the import's rules: every row is checked first
     * (nothing written), then only the rows that passed are written; the others come back with
     * their fields at fault. A repeated call finds every product unchanged.
     */
    async upsertProducts(key: ActiveKey, items: unknown[]): Promise<UpsertOutcome> {
      // Numbered as the catalogue import numbers a JSON file's items (1: the first), so both say the same row.
      const rows: SourceRow[] = items.map((data, index) => ({ line: index + 1, data }));
      const open = (subset: SourceRow[]) =>
        async function* readRows() {
          yield* subset;
        };
      const actor = toKeyActor(key);
      const checked = await importRows(open(rows), { dryRun: true, actor });
      const rejectedLines = new Set(checked.rejectedRows.map((row) => row.line));
      const valid = rows.filter((row) => !rejectedLines.has(row.line));
      const written = valid.length ? await importRows(open(valid), { dryRun: false, actor }) : null;
      return {
        recebidos: items.length,
        criados: written?.created ?? 0,
        alterados: written?.changed ?? 0,
        inalterados: written?.unchanged ?? 0,
        rejeitados: checked.rejectedRows.map((row) => ({ linha: row.line, codigo: row.code, issues: row.issues })),
      };
    },

    getRates: readRates,

    /** Creates or changes the rates named (audited as the key, kept in the history); answers them all. */
    async setRates(key: ActiveKey, rows: { moeda: RateCurrencyCode; valor: number }[]): Promise<RatesAnswer> {
      const next = new Map(rows.map((row) => [CURRENCY[row.moeda] as number, row.valor.toFixed(6)]));
      await rates.setRates(toKeyActor(key), null, next);
      return readRates();
    },

    async listPaidOrders(cursor: string | undefined, limit: number): Promise<PaidOrdersPage> {
      const { page, ...end } = toFeedPage(
        await repository.selectPaidOrders(db, fromCursor(cursor), limit + 1),
        limit,
        cursor,
        (row) => row.paid_xid,
      );
      const ids = page.map((row) => row.id);
      const [items, payments] = ids.length
        ? await Promise.all([repository.selectItems(db, ids), repository.selectPayments(db, ids)])
        : [[], []];
      return {
        pedidos: page.map((row) =>
          toPaidOrder(
            row,
            items.filter((item) => item.order_id === row.id),
            payments.filter((payment) => payment.order_id === row.id),
          ),
        ),
        ...end,
      };
    },

    /** Every change of an order since the cursor (paid, shipped, handed over, cancelled, refunded), in commit order. */
    async listOrderEvents(cursor: string | undefined, limit: number): Promise<OrderEventsPage> {
      const { page, ...end } = toFeedPage(
        await repository.selectOrderEvents(db, fromCursor(cursor), limit + 1),
        limit,
        cursor,
        (row) => row.xid,
      );
      return { eventos: page.map(toOrderEvent), ...end };
    },
  };
}

export type ErpApiService = ReturnType<typeof createErpApiService>;
