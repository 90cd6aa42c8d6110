import { describe, expect, it } from 'vitest';
import { BRANDS, CATEGORIES } from './catalogue-data.ts';
import { generateProduct } from './product-generator.ts';

describe('demo catalogue generator', () => {
  const products = Array.from({ length: 600 }, (_, i) => generateProduct(i));

  it('is deterministic', () => {
    expect(generateProduct(123)).toEqual(generateProduct(123));
  });

  it('has the reference data the issue asks for', () => {
    expect(CATEGORIES.filter((c) => !c.special).length).toBeGreaterThanOrEqual(12);
    expect(CATEGORIES.flatMap((c) => c.departments).length).toBeGreaterThanOrEqual(60);
    expect(BRANDS.length).toBeGreaterThanOrEqual(25);
  });

  it('gives every product bilingual names, 3+ specs, 1-4 images and a USD price', () => {
    for (const p of products) {
      expect(p.namePt).not.toBe('');
      expect(p.nameEs).not.toBe('');
      expect(p.specs.length).toBeGreaterThanOrEqual(3);
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(4);
      expect(p.priceMinor).toBeGreaterThan(0);
    }
    expect(products.find((p) => p.namePt.startsWith('Furadeira de Impacto'))?.nameEs).toMatch(/^Taladro Percutor /);
  });

  it('keeps about 10% out of stock', () => {
    const out = products.filter((p) => p.stock === 0).length / products.length;
    expect(out).toBeGreaterThan(0.05);
    expect(out).toBeLessThan(0.15);
  });

  it('gives unique codes and slugs over a large catalogue', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => generateProduct(i));
    expect(new Set(many.map((p) => p.code)).size).toBe(many.length);
    expect(new Set(many.map((p) => p.slug)).size).toBe(many.length);
  }, 60_000);
});
