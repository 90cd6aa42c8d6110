import type pg from 'pg';
import type { AuditEntry } from '../audit/index.ts';
import { settingsError } from '../catalogue-settings/errors.ts';
import type { SettingsActor } from '../catalogue-settings/service.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import {
  countOrdersOfPickupPoint,
  deletePickupPoint,
  deleteRateSetting,
  getParaguayanCity,
  insertRateSetting,
  isParaguayanState,
  listPickupPointSettings,
  listRateSettings,
  listServices,
  savePickupPoint,
  updateRateSetting,
  type PickupPointChange,
} from './repository.ts';

export interface ShippingSettingsDeps {
  db: Queryable;
  connect: () => Promise<pg.PoolClient>;
  writeAudit(tx: Queryable, entry: AuditEntry): Promise<void>;
  announce(tags: readonly CatalogueTag[]): void;
}

export interface NewRate {
  serviceId: number;
  stateId: number | null;
  cityId: number | null;
  priceMinor: number;
  days: number;
}

/**
 * The panel's shipping settings: the rate table (per service and department or city, in G$) and
 * the pickup points. Each edit is one transaction with its audit row, checked against the row
 * version the form was drawn from; quotes see it at once (the `shipping` tag drops their cache).
 */
export function createShippingSettingsService(deps: ShippingSettingsDeps) {
  const { db, connect } = deps;

  async function edit(work: (tx: pg.PoolClient) => Promise<void>): Promise<void> {
    await runInTransaction({ connect }, work);
    deps.announce(['shipping']);
  }

  function requireVersion<T extends { version: string }>(row: T | undefined, version: string): T {
    if (!row) throw settingsError('not_found');
    if (row.version !== version) throw settingsError('changed_meanwhile');
    return row;
  }

  return {
    async getSettings(lang: 'pt' | 'es') {
      const [services, rates, points] = await Promise.all([
        listServices(db, lang),
        listRateSettings(db, lang),
        listPickupPointSettings(db),
      ]);
      return { services, rates, points };
    },

    async updateRate(actor: SettingsActor, id: number, version: string, priceMinor: number, days: number): Promise<void> {
      await edit(async (tx) => {
        const [row] = await listRateSettings(tx, 'pt', { id, lock: true });
        const { price_minor, days: before } = requireVersion(row, version);
        await updateRateSetting(tx, id, priceMinor, days);
        await deps.writeAudit(tx, {
          actor,
          action: 'shipping_rate.update',
          entityType: 'delivery_rate',
          entityId: id,
          before: { price_minor: Number(price_minor), days: before },
          after: { price_minor: priceMinor, days },
        });
      });
    },

    async addRate(actor: SettingsActor, rate: NewRate): Promise<void> {
      const services = await listServices(db, 'pt');
      if (!services.some((service) => service.id === rate.serviceId && service.kind === 'delivery')) {
        throw settingsError('invalid_input', { servico: { key: 'serviceInvalid' } });
      }
      if (rate.cityId !== null && !(await getParaguayanCity(db, rate.cityId)))
        throw settingsError('invalid_input', { destino: { key: 'cityInvalid' } });
      if (rate.stateId !== null && !(await isParaguayanState(db, rate.stateId)))
        throw settingsError('invalid_input', { destino: { key: 'cityInvalid' } });
      await edit(async (tx) => {
        const id = await insertRateSetting(tx, rate);
        if (id === null) throw settingsError('invalid_input', { destino: { key: 'rateExists' } });
        await deps.writeAudit(tx, { actor, action: 'shipping_rate.add', entityType: 'delivery_rate', entityId: id, after: rate });
      });
    },

    /** A rate off the table (no order points at a rate: an order keeps its own price and days). */
    async removeRate(actor: SettingsActor, id: number): Promise<void> {
      await edit(async (tx) => {
        const [row] = await listRateSettings(tx, 'pt', { id, lock: true });
        if (!row) throw settingsError('not_found');
        await deleteRateSetting(tx, id);
        const { version: _seen, ...before } = row;
        await deps.writeAudit(tx, { actor, action: 'shipping_rate.delete', entityType: 'delivery_rate', entityId: id, before });
      });
    },

    /**
     * A pickup point no order chose. One an order chose is refused, saying why: the order names it
     * to the shopper and the counter (where to collect); unticking "active" stops offering it.
     */
    async removePickupPoint(actor: SettingsActor, id: number): Promise<void> {
      await edit(async (tx) => {
        const [row] = await listPickupPointSettings(tx, { id, lock: true });
        if (!row) throw settingsError('not_found');
        const orders = await countOrdersOfPickupPoint(tx, id);
        if (orders > 0) throw settingsError('point_in_use', {}, { n: orders });
        await deletePickupPoint(tx, id);
        const { version: _seen, ...before } = row;
        await deps.writeAudit(tx, { actor, action: 'pickup_point.delete', entityType: 'pickup_point', entityId: id, before });
      });
    },

    /** A pickup point: `id` null adds one (with the first pickup-point service). */
    async savePickupPoint(actor: SettingsActor, id: number | null, version: string, change: PickupPointChange): Promise<void> {
      if (!(await getParaguayanCity(db, change.cityId))) throw settingsError('invalid_input', { cidade: { key: 'cityInvalid' } });
      await edit(async (tx) => {
        let before: unknown;
        if (id !== null) {
          const [row] = await listPickupPointSettings(tx, { id, lock: true });
          const { version: _seen, ...rest } = requireVersion(row, version);
          before = rest;
        }
        const saved = await savePickupPoint(tx, id, change);
        await deps.writeAudit(tx, {
          actor,
          action: id === null ? 'pickup_point.add' : 'pickup_point.update',
          entityType: 'pickup_point',
          entityId: saved,
          before,
          after: change,
        });
      });
    },
  };
}

export type ShippingSettingsService = ReturnType<typeof createShippingSettingsService>;
