import type pg from 'pg';
import { RATED_CURRENCIES } from '#lib/money.ts';
import type { AuditActor, AuditEntry } from '../audit/index.ts';
import type { ProductTaxonomy } from '#lib/contract/catalogue-product.ts';
import type { CatalogueImportService, StoredProduct } from '../catalogue-import/index.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { stockMoves } from '../inventory/index.ts';
import { settingsError, toRowRefusal } from './errors.ts';
import {
  archiveProduct,
  findProductIdByCode,
  getProduct,
  listCategories,
  listRateHistory,
  listRates,
  lockCategory,
  lockDepartment,
  searchProducts,
  setRate,
  updateCategory,
  updateDepartment,
  updateProduct,
  type ProductChange,
  type TaxonomyChange,
} from './repository.ts';

export const PRODUCTS_PAGE_SIZE = 20;
const HISTORY_ROWS = 30;

export interface SettingsDeps {
  db: Queryable;
  connect: () => Promise<pg.PoolClient>;
  clock: Clock;
  /** The staff audit log: one row per write, inside the write's transaction. */
  writeAudit(tx: Queryable, entry: AuditEntry): Promise<void>;
  /** Tells the shop's caches what changed, after COMMIT. */
  announce(tags: readonly CatalogueTag[]): void;
  /** The catalogue import's writer: a product created in the panel is a one-row import (same rules, same writes). */
  importRows: CatalogueImportService['importRows'];
  /** A stored product in the import's terms (what "duplicate" and the edit form start from). */
  findProductState(code: string): Promise<StoredProduct | null>;
  /** Brand, category, department and specifications by name, as the import sets them, in the edit's transaction. */
  setTaxonomy(tx: Queryable, productId: number, taxonomy: ProductTaxonomy): Promise<CatalogueTag[]>;
}

/** Staff member making an edit, as the audit log names them. */
export type SettingsActor = Extract<AuditActor, { staffId: number }>;

/** The rates' version: every current rate row's, so a form is stale once any of them changed. */
const toRatesVersion = (rows: readonly { version: string }[]) => rows.map((row) => row.version).join('.');

export function createCatalogueSettingsService(deps: SettingsDeps) {
  const { db, connect, clock } = deps;

  /** One edit: checked and written in a transaction with its audit row; announced after COMMIT. */
  async function edit<T>(
    tags: readonly CatalogueTag[] | ((result: T) => readonly CatalogueTag[]),
    work: (tx: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    const result = await runInTransaction({ connect }, work);
    deps.announce(typeof tags === 'function' ? tags(result) : tags);
    return result;
  }

  function requireVersion<T extends { version: string }>(row: T | null, version: string): T {
    if (!row) throw settingsError('not_found');
    if (row.version !== version) throw settingsError('changed_meanwhile');
    return row;
  }

  async function editTaxonomy(actor: SettingsActor, kind: 'category' | 'department', id: number, version: string, change: TaxonomyChange) {
    await edit(
      (categoryId: number) => [`category:${categoryId}`],
      async (tx) => {
        const row = requireVersion(kind === 'category' ? await lockCategory(tx, id) : await lockDepartment(tx, id), version);
        if (kind === 'category') await updateCategory(tx, id, change);
        else await updateDepartment(tx, id, change);
        const { version: _seen, ...before } = row;
        await deps.writeAudit(tx, { actor, action: `${kind}.update`, entityType: kind, entityId: id, before, after: change });
        return 'category_id' in row ? row.category_id : id;
      },
    );
  }

  return {
    async listProducts(text: string, page: number) {
      const { total, rows } = await searchProducts(db, text, PRODUCTS_PAGE_SIZE, (page - 1) * PRODUCTS_PAGE_SIZE);
      return { total, rows, page, pages: Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE)) };
    },

    getProduct: (id: number) => getProduct(db, id),

    /**
     * Price, stock, flags, names and descriptions of one product, and its brand, category,
     * department and specifications when given, if nobody changed it since `version`.
     */
    async updateProduct(actor: SettingsActor, id: number, version: string, change: ProductChange, taxonomy: ProductTaxonomy | null = null) {
      await edit(
        (tags: readonly CatalogueTag[]) => tags,
        async (tx) => {
          const row = requireVersion(await getProduct(tx, id, { lock: true }), version);
          await updateProduct(tx, id, change);
          await stockMoves.setCounts(tx, [{ productId: id, stock: change.stock }]);
          const tags = taxonomy ? await deps.setTaxonomy(tx, id, taxonomy) : [`product:${id}` as const];
          const { version: _seen, id: _id, code: _code, slug: _slug, ...before } = row;
          const after = taxonomy ? { ...change, ...taxonomy } : change;
          await deps.writeAudit(tx, { actor, action: 'product.update', entityType: 'product', entityId: row.code, before, after });
          return tags;
        },
      );
    },

    /**
     * Creates a product from every field the import knows (`row`: an import row, as the panel's
     * form reads it), through the import's own checks and writer: brand, category and department
     * made by name, specifications, initial stock, audit. A code already in use is refused.
     */
    async createProduct(actor: SettingsActor, row: { codigo: string }): Promise<number> {
      const code = row.codigo.trim();
      if (code && (await findProductIdByCode(db, code)) !== null) throw settingsError('invalid_input', { codigo: { key: 'codeExists' } });
      const summary = await deps.importRows(
        async function* () {
          yield { line: 1, data: row };
        },
        { dryRun: false, actor },
      );
      const rejected = summary.rejectedRows[0];
      if (rejected) throw toRowRefusal(rejected.issues);
      const id = await findProductIdByCode(db, code);
      if (id === null) throw settingsError('not_found');
      return id;
    },

    /** The product `id` in the import's terms (a copy starts from it; the edit form shows its brand, category, specifications). */
    async getProductAsRow(id: number): Promise<StoredProduct | null> {
      const product = await getProduct(db, id);
      return product ? deps.findProductState(product.code) : null;
    },

    /** Takes the product out of the storefront (orders keep naming it), if nobody changed it since `version`. */
    async archiveProduct(actor: SettingsActor, id: number, version: string): Promise<void> {
      await edit([`product:${id}`], async (tx) => {
        const row = requireVersion(await getProduct(tx, id, { lock: true }), version);
        await archiveProduct(tx, id);
        await deps.writeAudit(tx, {
          actor,
          action: 'product.archive',
          entityType: 'product',
          entityId: row.code,
          before: { active: row.active },
          after: { active: false },
        });
      });
    },

    listCategories: () => listCategories(db),
    updateCategory: (actor: SettingsActor, id: number, version: string, change: TaxonomyChange) =>
      editTaxonomy(actor, 'category', id, version, change),
    updateDepartment: (actor: SettingsActor, id: number, version: string, change: TaxonomyChange) =>
      editTaxonomy(actor, 'department', id, version, change),

    /** The current rates, their recent history, the form's version and the currencies still without a rate. */
    async getRates() {
      const [rates, history] = await Promise.all([listRates(db), listRateHistory(db, HISTORY_ROWS)]);
      const missing = RATED_CURRENCIES.filter((id) => !rates.some((rate) => rate.currency_id === id));
      return { rates, history, version: toRatesVersion(rates), missing };
    },

    /**
     * Creates or changes the USD rates given (currency id -> rate text); a rate equal to the
     * current one is left alone. Each write joins the history (trigger) and the audit log. A
     * `version` (the form's) refuses a save over rates changed meanwhile; the ERP API sets
     * rates without one, each call being the whole truth for the currencies it names.
     */
    async setRates(actor: AuditActor, version: string | null, rates: ReadonlyMap<number, string>): Promise<void> {
      await edit(['rates'], async (tx) => {
        const current = await listRates(tx, { lock: true });
        if (version !== null && toRatesVersion(current) !== version) throw settingsError('changed_meanwhile');
        const now = clock.now();
        for (const [currencyId, next] of rates) {
          const row = current.find((rate) => rate.currency_id === currencyId);
          if (row && Number(next) === Number(row.rate)) continue;
          await setRate(tx, currencyId, next, now, { id: actor.staffId, email: actor.email });
          await deps.writeAudit(tx, {
            actor,
            action: row ? 'rate.update' : 'rate.create',
            entityType: 'exchange_rate',
            entityId: currencyId,
            before: row ? { rate: row.rate, set_at: row.updated_at } : null,
            after: { rate: next, set_at: now },
          });
        }
      });
    },
  };
}

export type CatalogueSettingsService = ReturnType<typeof createCatalogueSettingsService>;
