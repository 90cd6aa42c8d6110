import { randomBytes } from 'node:crypto';
import { test, type Browser, type BrowserContext } from '@playwright/test';
import type pg from 'pg';
import { createStaffToken } from '#server/staff/service.ts';
import { getTestDb, type Host } from './hosts.ts';

/**
 * A staff member with a signed-in panel session, written straight into the test database (the
 * sign-in and TOTP pages have their own tests): a new browser context holding only the staff
 * cookie, on both of its paths, so nothing of a shopper's session travels with it. `db`: a test
 * running a shop of its own passes that shop's database.
 */
export async function openStaffContext(
  browser: Browser,
  host: Host,
  role: 'admin' | 'counter',
  locale: 'es-PY' | 'pt-BR',
  db: Pick<pg.Pool, 'query'> = getTestDb(),
): Promise<BrowserContext> {
  const email = `desk-${role}-${randomBytes(5).toString('hex')}@example.test`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO staff (email, role, password_hash, locale, totp_enrolled_at) VALUES ($1, $2, 'x', $3, CASE WHEN $2 = 'admin' THEN now() END) RETURNING id`,
    [email, role, locale],
  );
  const { token, hash } = createStaffToken();
  await db.query(`INSERT INTO staff_sessions (token_hash, staff_id, stage, last_seen_at) VALUES ($1, $2, 'full', now())`, [
    hash,
    rows[0]!.id,
  ]);
  // The running project's device (phone at 360 px or desktop at 1366 px), as the test's own page has.
  const { viewport, isMobile, hasTouch, userAgent } = test.info().project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, userAgent });
  await context.addCookies(
    ['/painel', '/api/painel'].map((path) => ({
      name: 'fronteira_staff',
      value: token,
      domain: `${host}.localhost`,
      path,
      httpOnly: true,
      sameSite: 'Strict' as const,
    })),
  );
  return context;
}
