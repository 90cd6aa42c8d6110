import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DB_TYPES } from './client.ts';

// @types/pg types a parser as taking a number; pg hands it the column's text.
const shopParser = (oid: number) => DB_TYPES.getTypeParser(oid) as unknown as (value: string) => unknown;

describe('the shop pools type parsers', () => {
  it('read bigint and numeric as numbers on the shop pools only; pg elsewhere keeps its defaults', () => {
    expect(shopParser(pg.types.builtins.INT8)('9007199254740991')).toBe(9007199254740991);
    expect(shopParser(pg.types.builtins.NUMERIC)('7300.125000')).toBe(7300.125);
    expect(pg.types.getTypeParser(pg.types.builtins.INT8)('42')).toBe('42');
    expect(pg.types.getTypeParser(pg.types.builtins.NUMERIC)('5.40')).toBe('5.40');
  });
});
