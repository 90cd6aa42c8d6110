import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { hashPassword } from '#server/accounts/passwords.ts';
import { api, getHostHeader, getTestDb, type Host } from './api.ts';

export const STAFF_PASSWORD = 'Balcao#2026';

export interface TestStaff {
  id: number;
  email: string;
  password: string;
  role: 'admin' | 'counter';
  /** The admin's TOTP secret, known once signInStaff enrolled it. */
  totpSecret?: string;
}

/** A staff account written straight into the test database, password set, no second factor yet. */
export async function createTestStaff(role: 'admin' | 'counter', options: { locale?: 'es-PY' | 'pt-BR' } = {}): Promise<TestStaff> {
  const email = `staff-${randomUUID().slice(0, 12)}@example.test`;
  const { rows } = await getTestDb().query<{ id: string }>(
    'INSERT INTO staff (email, role, password_hash, locale) VALUES ($1, $2, $3, $4) RETURNING id',
    [email, role, await hashPassword(STAFF_PASSWORD), options.locale ?? 'es-PY'],
  );
  return { id: Number(rows[0]?.id), email, password: STAFF_PASSWORD, role };
}

/** The Cookie header a browser sends to /painel and /api/painel for this session. */
export function staffCookie(token: string): string {
  return `fronteira_staff=${token}`;
}

/** A browser form post from the panel's own origin. */
export function postForm(path: string, fields: Record<string, string>, options: { cookie?: string; host?: Host } = {}): Promise<Response> {
  const host = options.host ?? 'es';
  return api(path, {
    method: 'POST',
    host,
    body: new URLSearchParams(fields),
    headers: { origin: `http://${getHostHeader(host)}`, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

function readStaffToken(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('fronteira_staff=') && /Path=\/painel(;|$)/.test(line));
  const token = cookie?.match(/^fronteira_staff=([^;]+)/)?.[1];
  if (!token) throw new Error(`no staff cookie in the answer (${response.status})`);
  return token;
}

/** A code for the next 30 s step: the current one may already be spent (codes are single-use). */
export function getNextTotpCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

/**
 * Signs in through the real pages: password, then (admins) enrolment on first sign-in or the
 * code. Answers the Cookie header of a full session.
 */
export async function signInStaff(staff: TestStaff, host: Host = 'es'): Promise<string> {
  const login = await postForm('/painel/login', { email: staff.email, password: staff.password }, { host });
  if (login.status !== 303) throw new Error(`staff login answered ${login.status}`);
  const cookie = staffCookie(readStaffToken(login));
  const next = login.headers.get('location');
  if (next === '/painel/totp') {
    const page = await (await api('/painel/totp', { host, headers: { cookie } })).text();
    const secret = page.match(/data-totp-secret[^>]*>([A-Z2-7]+)</)?.[1];
    if (!secret) throw new Error('no TOTP secret on the enrolment page');
    staff.totpSecret = secret;
    const enrol = await postForm('/painel/totp', { code: await generate({ secret }) }, { cookie, host });
    // Enrolled: the page shows the recovery codes once, with the way on to the panel.
    if (enrol.status !== 200 || !(await enrol.text()).includes('data-recovery-codes'))
      throw new Error(`enrolment answered ${enrol.status}`);
  } else if (next === '/painel/login/codigo') {
    if (!staff.totpSecret) throw new Error('this admin enrolled elsewhere: its secret is unknown');
    const verify = await postForm('/painel/login/codigo', { code: await getNextTotpCode(staff.totpSecret) }, { cookie, host });
    if (verify.status !== 303) throw new Error(`code answered ${verify.status}`);
  }
  return cookie;
}

/** A new account of that role, signed in: what most panel tests start from. */
export async function createSignedInStaff(role: 'admin' | 'counter', host: Host = 'es'): Promise<{ staff: TestStaff; cookie: string }> {
  const staff = await createTestStaff(role);
  return { staff, cookie: await signInStaff(staff, host) };
}
