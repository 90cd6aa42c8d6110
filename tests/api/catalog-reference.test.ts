import sharp from 'sharp';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BANNER_TYPES, BrandSchema, CategorySchema, SellerSchema, StartDataSchema } from '#lib/contract/catalog.ts';
import { api, apiJson, getTestDb, type FieldErrorAnswer } from '../support/api.ts';

describe('GET /api/public/start', () => {
  it('gives rates, brands, categories with departments, special categories, banners and faq', async () => {
    const response = await api('/api/public/start?lang=pt&tem_estoque=1');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/s-maxage/);
    const start = StartDataSchema.parse(await response.json());
    expect(start.categories.length).toBeGreaterThanOrEqual(12);
    const departments = [...start.categories, ...start.categories_special].flatMap((c) => c.departments);
    expect(departments.length).toBeGreaterThanOrEqual(60);
    expect(start.categories.every((c) => !c.special)).toBe(true);
    expect(start.categories_special.length).toBeGreaterThan(0);
    expect(start.categories_special.every((c) => c.special)).toBe(true);
    expect(start.categories.filter((c) => c.icone !== null).every((c) => c.icone!.startsWith('<svg'))).toBe(true);
    expect(start.brands.length).toBeGreaterThanOrEqual(25);
    expect(new Set(start.banners.map((b) => b.tipo))).toEqual(new Set(BANNER_TYPES));
    expect(start.exchange_rates.every((r) => r.source_currency.id === 2)).toBe(true);
    expect(start.exchange_rates.map((r) => r.target_currency.id).sort()).toEqual(expect.arrayContaining([1, 3, 4]));
    expect(start.exchange_rates.find((r) => r.target_currency.id === 3)?.target_currency.decimals).toBe(0);
    expect(start.faq.length).toBeGreaterThan(0);
  });

  it('switches the language of names with lang', async () => {
    const pt = StartDataSchema.parse((await apiJson('/api/public/start?lang=pt')).body);
    const es = StartDataSchema.parse((await apiJson('/api/public/start?lang=es')).body);
    const slug = 'ferramentas-eletricas';
    expect(pt.categories.find((c) => c.slug === slug)?.name).toBe('Ferramentas Elétricas');
    expect(es.categories.find((c) => c.slug === slug)?.name).toBe('Herramientas Eléctricas');
    expect(es.categories.find((c) => c.slug === slug)?.departments[0]?.name).toBe('Taladros Percutores');
  });
});

describe('GET /api/public/categories', () => {
  it('lists regular categories by default and only special ones with special=only', async () => {
    const regular = z.array(CategorySchema).parse((await apiJson('/api/public/categories?lang=es')).body);
    const special = z.array(CategorySchema).parse((await apiJson('/api/public/categories?special=only&lang=es')).body);
    expect(regular.length).toBeGreaterThanOrEqual(12);
    expect(regular.some((c) => c.special)).toBe(false);
    expect(special.length).toBeGreaterThan(0);
    expect(special.every((c) => c.special)).toBe(true);
    expect(special.map((c) => c.name)).toContain('Juegos de Llaves');
    expect(regular.some((c) => !c.visivel_menu)).toBe(true);
  });

  it('refuses an unknown special value', async () => {
    const { status, body } = await apiJson<FieldErrorAnswer>('/api/public/categories?special=maybe');
    expect(status).toBe(400);
    expect(body.errors.special).toBeInstanceOf(Array);
  });

  it('hands out icons sanitised whoever stored them: drawing kept, scripts and handlers dropped, non-SVG as null', async () => {
    const db = getTestDb();
    const slug = `icone-${randomInt(1e9)}`;
    const {
      rows: [category],
    } = await db.query<{ id: number }>(
      `INSERT INTO categories (slug, name_pt, name_es, icon_svg, menu_visible, special, position)
       VALUES ($1, 'Ícone', 'Ícono', $2, false, true, 9999) RETURNING id`,
      [slug, '<svg viewBox="0 0 10 10"><script>alert(1)</script><path d="M0 0h10v10z" onload="steal()"/></svg>'],
    );
    await db.query(
      `INSERT INTO departments (category_id, slug, name_pt, name_es, icon_svg) VALUES ($1, $2, 'D', 'D', '<img src=x onerror=steal()>')`,
      [category!.id, `${slug}-d`],
    );
    try {
      const special = z.array(CategorySchema).parse((await apiJson('/api/public/categories?special=only')).body);
      const stored = special.find((c) => c.slug === slug);
      expect(stored?.icone).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 10 10"/);
      expect(stored?.icone).toContain('<path d="M0 0h10v10z"');
      expect(stored?.icone).not.toMatch(/script|onload|steal/);
      expect(stored?.departments[0]?.icone).toBeNull();
    } finally {
      await db.query('DELETE FROM categories WHERE id = $1', [category!.id]);
    }
  });
});

describe('GET /api/public/brands', () => {
  it('lists the brands, each with a logo picture (WebP; the SVG drawing at the same address)', async () => {
    const brands = z.array(BrandSchema).parse((await apiJson('/api/public/brands?lang=pt')).body);
    expect(brands.length).toBeGreaterThanOrEqual(25);
    const makita = brands.find((b) => b.slug === 'makita');
    expect(makita).toMatchObject({ name: 'Makita', nome: 'Makita' });
    const logo = await api(makita!.logo!);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 240, height: 96 });
    expect(await (await api(makita!.logo!.replace(/\.webp$/, '.svg'))).text()).toContain('Makita');
  });
});

describe('GET /api/public/team', () => {
  it('lists six sellers with WhatsApp numbers, roles in the host language', async () => {
    const pt = z.array(SellerSchema).parse((await apiJson('/api/public/team', { host: 'br' })).body);
    const es = z.array(SellerSchema).parse((await apiJson('/api/public/team', { host: 'es' })).body);
    expect(pt.length).toBeGreaterThanOrEqual(6);
    expect(pt.every((s) => /^\d{10,15}$/.test(s.whatsapp ?? ''))).toBe(true);
    expect(pt[0]!.funcao).toBe('Gerente de vendas');
    expect(es[0]!.funcao).toBe('Gerente de ventas');
  });
});

describe('POST /api/public/contato-newsletter', () => {
  const phone = () => `5959${String(randomInt(10_000_000, 99_999_999))}`;

  it('stores a phone once, digits only', async () => {
    const digits = phone();
    const first = await api('/api/public/contato-newsletter', { method: 'POST', json: { celular: digits } });
    expect(first.status).toBe(201);
    const formatted = `+${digits.slice(0, 3)} (${digits.slice(3, 6)}) ${digits.slice(6)}`;
    const again = await apiJson<{ celular: string }>('/api/public/contato-newsletter', { method: 'POST', json: { celular: formatted } });
    expect(again.status).toBe(200);
    expect(again.body.celular).toBe(digits);
    const { rows } = await getTestDb().query('SELECT phone_digits FROM newsletter_contacts WHERE phone_digits = $1', [digits]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['too short', { celular: '123456789' }],
    ['too long', { celular: '1234567890123456' }],
    ['letters', { celular: '0981abc1234567' }],
    ['missing', {}],
    ['not a phone', { celular: { digits: '0981123456' } }],
  ])('refuses a phone that is %s with 422 naming celular', async (_name, json) => {
    const { status, body } = await apiJson<FieldErrorAnswer>('/api/public/contato-newsletter', { method: 'POST', json });
    expect(status).toBe(422);
    expect(body.errors.celular).toBeInstanceOf(Array);
  });

  it('takes JSON only', async () => {
    const form = await api('/api/public/contato-newsletter', {
      method: 'POST',
      body: 'celular=0981123456',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([403, 415]).toContain(form.status);
    const broken = await api('/api/public/contato-newsletter', {
      method: 'POST',
      body: '{"celular":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBeTruthy();
  });
});
