import { spawn } from 'node:child_process';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { createTestCustomer, signIn } from '../support/accounts.ts';
import { api, apiJson, getHostHeader, getTestDb, getRunStack } from '../support/api.ts';
import { listPanelRoutes } from '../support/panel-routes.ts';
import { createSignedInStaff, createTestStaff, postForm, signInStaff, staffCookie, STAFF_PASSWORD } from '../support/staff.ts';

const PUBLIC_PAGES = new Set(['/painel/login', '/painel/definir-senha']);

async function countAudit(where: string, params: unknown[]): Promise<number> {
  const { rows } = await getTestDb().query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE ${where}`, params);
  return rows[0]?.n ?? 0;
}

function runStaffCli(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/staff.mjs', ...args], {
      env: { ...process.env, DATABASE_URL: getRunStack().databaseUrl, DATA_DIR: getRunStack().dataDir },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

/** Each caller a shopper could be: nobody, a customer's cookie, a customer's bearer token. */
async function getOutsiders(): Promise<{ name: string; headers: Record<string, string> }[]> {
  const customer = await createTestCustomer();
  const token = await signIn(customer, 'es');
  return [
    { name: 'anonymous', headers: {} },
    { name: 'customer cookie', headers: { cookie: `fronteira_session=${token}` } },
    { name: 'customer bearer', headers: { authorization: `Bearer ${token}` } },
  ];
}

describe('panel routes refuse everyone but signed-in staff', () => {
  const routes = listPanelRoutes();

  it('finds the panel routes in src/pages', () => {
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/painel', '/painel/login', '/painel/sair', '/painel/idioma']),
    );
  });

  it('never opens a panel page or endpoint to a customer or an anonymous caller', async () => {
    const outsiders = await getOutsiders();
    const origin = `http://${getHostHeader('es')}`;
    for (const route of routes) {
      for (const method of route.methods) {
        for (const outsider of outsiders) {
          const response = await api(route.path, {
            method,
            host: 'es',
            headers: { ...outsider.headers, origin, ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
            ...(method === 'GET' ? {} : { body: 'x=1' }),
          });
          const label = `${method} ${route.path} as ${outsider.name}`;
          const body = await response.text();
          expect(body, label).not.toContain('data-panel-nav');
          if (PUBLIC_PAGES.has(route.path)) {
            expect(response.status, label).toBeLessThan(500);
            continue;
          }
          if ([302, 303].includes(response.status)) expect(response.headers.get('location'), label).toMatch(/^\/painel\/login(\?|$)/);
          else expect([401, 403], label).toContain(response.status);
        }
      }
    }
  });

  it('keeps a half-signed-in admin (password only, no second factor) out of every page', async () => {
    const admin = await createTestStaff('admin');
    const login = await postForm('/painel/login', { email: admin.email, password: admin.password });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/painel/totp');
    const token =
      login.headers
        .getSetCookie()
        .find((line) => line.startsWith('fronteira_staff='))
        ?.match(/=([^;]+)/)?.[1] ?? '';
    for (const route of routes.filter(
      (r) => !PUBLIC_PAGES.has(r.path) && !['/painel/totp', '/painel/login/codigo', '/painel/sair'].includes(r.path),
    )) {
      const response = await api(route.path, { host: 'es', headers: { cookie: staffCookie(token) } });
      expect(await response.text(), route.path).not.toContain('data-panel-nav');
      if (response.status === 302) expect(response.headers.get('location'), route.path).toBe('/painel/totp');
      else expect([401, 403], route.path).toContain(response.status);
    }
  });
});

describe('staff sign-in', () => {
  it('sets its own httpOnly SameSite=Strict cookie on /painel and /api/painel only', async () => {
    const counter = await createTestStaff('counter');
    const login = await postForm('/painel/login', { email: counter.email, password: counter.password });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/painel');
    const cookies = login.headers.getSetCookie();
    expect(cookies.map((line) => line.match(/Path=([^;]+)/)?.[1]).sort()).toEqual(['/api/painel', '/painel']);
    for (const line of cookies) {
      expect(line).toMatch(/^fronteira_staff=/);
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Strict/);
    }
    expect(cookies.join()).not.toMatch(/fronteira_session/);
  });

  it('a staff session never acts as a customer on /ecom', async () => {
    const { cookie } = await createSignedInStaff('counter');
    const token = cookie.split('=')[1] ?? '';
    const origin = { origin: `http://${getHostHeader('es')}` };
    const attempts: Record<string, string>[] = [{ cookie }, { cookie: `fronteira_session=${token}` }, { authorization: `Bearer ${token}` }];
    for (const headers of attempts) {
      const me = await apiJson('/ecom/me', { method: 'POST', host: 'es', headers: { ...origin, ...headers } });
      expect(me.status).toBe(401);
    }
  });

  it('refuses a wrong password with the panel message, and counts it like customer sign-in', async () => {
    const counter = await createTestStaff('counter');
    const wrong = await postForm('/painel/login', { email: counter.email, password: 'Wrong#2026' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Correo o contraseña incorrectos.');
    for (let attempt = 1; attempt < 10; attempt += 1)
      await postForm('/painel/login', { email: counter.email, password: `Wrong#${attempt}x` });
    const limited = await postForm('/painel/login', { email: counter.email, password: counter.password });
    expect(limited.status).toBe(429);
  });

  it('refuses a cross-site sign-in form (origin check)', async () => {
    const counter = await createTestStaff('counter');
    const response = await api('/painel/login', {
      method: 'POST',
      host: 'es',
      body: new URLSearchParams({ email: counter.email, password: counter.password }),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().join()).not.toContain('fronteira_staff');
  });

  it('admins enrol TOTP before anything else, and the code is asked at every sign-in', async () => {
    const admin = await createTestStaff('admin');
    const cookie = await signInStaff(admin);
    expect(admin.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const home = await api('/painel', { host: 'es', headers: { cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('data-panel-nav');
    const again = await postForm('/painel/login', { email: admin.email, password: admin.password });
    expect(again.headers.get('location')).toBe('/painel/login/codigo');
    const second = again.headers.getSetCookie()[0]?.match(/=([^;]+)/)?.[1] ?? '';
    const wrong = await postForm('/painel/login/codigo', { code: '000000' }, { cookie: staffCookie(second) });
    expect(wrong.status).toBe(401);
    expect((await api('/painel', { host: 'es', headers: { cookie: staffCookie(second) } })).headers.get('location')).toBe(
      '/painel/login/codigo',
    );
    // The enrolment spent the current step: the next one is accepted once, never twice.
    const code = await generate({ secret: admin.totpSecret ?? '', epoch: Math.floor(Date.now() / 1000) + 30 });
    const ok = await postForm('/painel/login/codigo', { code }, { cookie: staffCookie(second) });
    expect(ok.status).toBe(303);
    const replay = await postForm('/painel/login', { email: admin.email, password: admin.password });
    const third = replay.headers.getSetCookie()[0]?.match(/=([^;]+)/)?.[1] ?? '';
    expect((await postForm('/painel/login/codigo', { code }, { cookie: staffCookie(third) })).status).toBe(401);
  });

  it('ends the session after 8 hours without use', async () => {
    const { staff, cookie } = await createSignedInStaff('counter');
    expect((await api('/painel', { host: 'es', headers: { cookie } })).status).toBe(200);
    await getTestDb().query("UPDATE staff_sessions SET last_seen_at = now() - interval '8 hours 1 minute' WHERE staff_id = $1", [staff.id]);
    const after = await api('/painel', { host: 'es', headers: { cookie } });
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toMatch(/^\/painel\/login/);
  });
});

describe('npm run staff', () => {
  it('adds an admin and prints a one-time set-password link that works once', async () => {
    const email = `cli-${Date.now()}@example.test`;
    const added = await runStaffCli(['add', email, '--role', 'admin', '--origin', `http://${getHostHeader('es')}`]);
    expect(added.code, added.out).toBe(0);
    const link = added.out.match(/https?:\/\/\S+\/painel\/definir-senha\?token=\S+/)?.[0] ?? '';
    expect(link).not.toBe('');
    expect(await countAudit("action = 'staff.add' AND after->>'email' = $1 AND actor = 'cli'", [email])).toBe(1);
    const path = new URL(link).pathname + new URL(link).search;
    expect((await api(path, { host: 'es' })).status).toBe(200);
    const weak = await postForm(path, { password: 'short', confirm: 'short' });
    expect(weak.status).toBe(422);
    expect(await weak.text()).toContain('no cumple la regla');
    const differ = await postForm(path, { password: STAFF_PASSWORD, confirm: `${STAFF_PASSWORD}x` });
    expect(differ.status).toBe(422);
    expect(await differ.text()).toContain('Las contraseñas no coinciden.');
    const set = await postForm(path, { password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
    expect(set.status).toBe(200);
    expect(await countAudit("action = 'staff.set_password' AND actor = $1", [email])).toBe(1);
    expect((await postForm(path, { password: STAFF_PASSWORD, confirm: STAFF_PASSWORD })).status).toBe(410);
    const [listed, again, badRole] = await Promise.all([
      runStaffCli(['list']),
      runStaffCli(['add', email, '--role', 'counter']),
      runStaffCli(['add', 'x@example.test', '--role', 'boss']),
    ]);
    expect(listed.out).toContain(`${email}\tadmin\tactive\ttotp off`);
    expect(again.code).toBe(1);
    expect(badRole.code).toBe(2);
  });

  it('disable ends the sessions; reset issues a new link and clears the second factor', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const disabled = await runStaffCli(['disable', staff.email]);
    expect(disabled.code, disabled.out).toBe(0);
    expect((await api('/painel', { host: 'es', headers: { cookie } })).status).toBe(302);
    expect((await postForm('/painel/login', { email: staff.email, password: staff.password })).status).toBe(401);
    const reset = await runStaffCli(['reset', staff.email]);
    expect(reset.out).toMatch(/definir-senha\?token=/);
    const { rows } = await getTestDb().query('SELECT password_hash, totp_secret_enc, disabled_at FROM staff WHERE id = $1', [staff.id]);
    expect(rows[0]).toEqual({ password_hash: null, totp_secret_enc: null, disabled_at: null });
    expect(await countAudit("entity_id = $1 AND action IN ('staff.disable', 'staff.reset')", [String(staff.id)])).toBe(2);
  });
});

describe('staff writes and the audit log', () => {
  it('each write leaves exactly one audit row: sign-in, language, sign-out', async () => {
    const staff = await createTestStaff('counter');
    const cookie = await signInStaff(staff);
    expect(await countAudit("staff_id = $1 AND action = 'staff.login'", [staff.id])).toBe(1);
    const switched = await postForm('/painel/idioma', { locale: 'pt-BR', redirect: '/painel' }, { cookie });
    expect(switched.status).toBe(303);
    const rows = (
      await getTestDb().query(
        "SELECT before->>'locale' AS b, after->>'locale' AS a FROM audit_log WHERE staff_id = $1 AND action = 'staff.locale'",
        [staff.id],
      )
    ).rows;
    expect(rows).toEqual([{ b: 'es-PY', a: 'pt-BR' }]);
    const page = await (await api('/painel', { host: 'es', headers: { cookie } })).text();
    expect(page).toContain('<html lang="pt-BR"');
    expect(page).toContain('Início');
    expect((await postForm('/painel/sair', {}, { cookie })).status).toBe(303);
    expect(await countAudit("staff_id = $1 AND action = 'staff.logout'", [staff.id])).toBe(1);
    expect(await countAudit('staff_id = $1', [staff.id])).toBe(3);
    expect((await api('/painel', { host: 'es', headers: { cookie } })).status).toBe(302);
  });
});
