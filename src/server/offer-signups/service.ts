import { toCsv, toCsvTime } from '#lib/csv.ts';
import type { Locale } from '#lib/locale.ts';
import type { AuditActor } from '../audit/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type ConnectionSource, type Queryable } from '../db/client.ts';
import { countOfferSignups, selectOfferSignups } from './repository.ts';

export const OFFER_SIGNUPS_PAGE_SIZE = 100;

/** The offers sign-ups, for admins: a paged list and a CSV export (the export is audited). */
export function createOfferSignupService({ db, clock }: { db: Queryable & ConnectionSource; clock: Clock }) {
  return {
    async listPage(page: number) {
      const [total, rows] = await Promise.all([
        countOfferSignups(db),
        selectOfferSignups(db, { limit: OFFER_SIGNUPS_PAGE_SIZE, offset: (page - 1) * OFFER_SIGNUPS_PAGE_SIZE }),
      ]);
      return { total, rows };
    },

    /** header: the column names in the admin's language, the spreadsheet's format too. */
    async exportCsv(actor: AuditActor, header: [string, string, string], locale: Locale): Promise<string> {
      return runInTransaction(db, async (tx) => {
        const rows = await selectOfferSignups(tx);
        await recordAudit(
          tx,
          { actor, action: 'offers.export', entityType: 'offer_signups', entityId: '', after: { rows: rows.length } },
          clock,
        );
        return toCsv([header, ...rows.map((row) => [row.phone_digits, row.locale, toCsvTime(row.created_at)])], locale);
      });
    },
  };
}
