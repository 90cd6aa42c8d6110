import { PAID_ORDER_STATUSES } from '#lib/contract/order-desk.ts';
import { STORE_TIME_ZONE } from '#lib/dates.ts';
import type { PanelLocale } from '#lib/i18n/panel.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { QueuedMail } from '../mail/index.ts';
import { TRANSITIONS } from '../order-desk/index.ts';
import type { createPanelHomeRepository, DailySalesRow } from './repository.ts';

/** A product with this many units or fewer is low on stock on the dashboard. */
export const LOW_STOCK_THRESHOLD = 3;
const LOW_STOCK_SHOWN = 10;
/** The chart's span, today included. */
const CHART_DAYS = 30;

export interface SalesDay {
  day: string;
  orders: number;
  totals: { currencyId: number; decimals: number; minor: number }[];
}

export type SetupItemKey =
  'storeDetails' | 'rates' | 'deliveryRates' | 'pickupPoints' | 'productPictures' | 'gateways' | 'email' | 'secondFactor';
export interface SetupItem {
  key: SetupItemKey;
  done: boolean;
  /** The page that sets it up; none where the setting lives in the server's configuration. */
  href: string | null;
}

interface Deps {
  db: Queryable;
  clock: Clock;
  repository: ReturnType<typeof createPanelHomeRepository>;
  inventory: Pick<InventoryService, 'listLowStock'>;
  getConfig: () => Pick<Config, 'PAYMENT_PROVIDER_BR' | 'PAYMENT_PROVIDER_PY' | 'SMTP_URL'>;
  getMissingRates: () => Promise<readonly number[]>;
  hasStoreDetails: () => Promise<boolean>;
  enqueueMail: (db: Queryable, mail: QueuedMail<'staffTest'>) => Promise<void>;
}

/** The store day (Asunción) of an instant, as YYYY-MM-DD. */
const toStoreDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE }).format(date);

/** Every day of the chart, oldest first, days without a sale at zero. */
function toSalesDays(rows: readonly DailySalesRow[], now: Date): SalesDay[] {
  const days = new Set<string>();
  for (let back = CHART_DAYS - 1; back >= 0; back--) days.add(toStoreDay(new Date(now.getTime() - back * 86_400_000)));
  return [...days].map((day) => {
    const ofDay = rows.filter((row) => row.day === day);
    return {
      day,
      orders: ofDay.reduce((sum, row) => sum + row.orders, 0),
      totals: ofDay.map((row) => ({ currencyId: row.currency_id, decimals: row.decimals, minor: row.total_minor })),
    };
  });
}

/** The panel's home (issue 33 points 2 and 9): the day's figures and what a new store still lacks. */
export function createPanelHomeService({
  db,
  clock,
  repository,
  inventory,
  getConfig,
  getMissingRates,
  hasStoreDetails,
  enqueueMail,
}: Deps) {
  return {
    /** Sales count paid orders only (PAID_ORDER_STATUSES); the queues are the desk's own rules. */
    async getDashboard() {
      const now = clock.now();
      const { ship, hand_over: handOver, cancel } = TRANSITIONS;
      const [today, month, daily, waitingPayment, toShip, toHandOver, lowStock] = await Promise.all([
        repository.sumPaidSales(db, PAID_ORDER_STATUSES, 'day', now),
        repository.sumPaidSales(db, PAID_ORDER_STATUSES, 'month', now),
        repository.listDailyPaidSales(db, PAID_ORDER_STATUSES, CHART_DAYS, now),
        repository.countOrders(db, cancel.from, cancel.deliveryTypes),
        repository.countOrders(db, ship.from, ship.deliveryTypes),
        repository.countOrders(db, handOver.from, handOver.deliveryTypes),
        inventory.listLowStock(LOW_STOCK_THRESHOLD, LOW_STOCK_SHOWN),
      ]);
      return { today, month, days: toSalesDays(daily, now), waitingPayment, toShip, toHandOver, lowStock };
    },

    /** The setup checklist of the signed-in admin: each item done or not, and where to do it. */
    async getChecklist(staff: { totpEnrolled: boolean }): Promise<SetupItem[]> {
      const config = getConfig();
      const [missingRates, counts, storeDetails] = await Promise.all([getMissingRates(), repository.getSetupCounts(db), hasStoreDetails()]);
      return [
        { key: 'storeDetails', done: storeDetails, href: '/painel/loja' },
        { key: 'rates', done: missingRates.length === 0, href: '/painel/catalogo/cotacoes' },
        { key: 'deliveryRates', done: counts.delivery_rates > 0, href: '/painel/catalogo/frete' },
        { key: 'pickupPoints', done: counts.pickup_points > 0, href: '/painel/catalogo/frete' },
        { key: 'productPictures', done: counts.products_with_pictures > 0, href: '/painel/catalogo/fotos' },
        // A real gateway's credentials are checked when the shop starts (config.ts): configured means ready.
        { key: 'gateways', done: config.PAYMENT_PROVIDER_BR !== 'sandbox' && config.PAYMENT_PROVIDER_PY !== 'sandbox', href: null },
        { key: 'email', done: config.SMTP_URL !== undefined, href: null },
        { key: 'secondFactor', done: staff.totpEnrolled, href: '/painel/totp' },
      ];
    },

    /** Queues a test message to the signed-in staff member, through the same queue as every e-mail. */
    async sendTestMail(staff: { email: string; locale: PanelLocale }): Promise<void> {
      await enqueueMail(db, { to: staff.email, template: 'staffTest', props: {}, locale: staff.locale });
    },
  };
}
