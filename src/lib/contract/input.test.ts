import { describe, expect, it } from 'vitest';
import { boundedText, idSchema, isUuid, toId, uuidSchema } from './input.ts';

describe('shared input checks', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['0001', 1],
    ['0', null],
    ['-1', null],
    ['2147483648', null],
    ['99999999999', null],
    ['1.5', null],
    ['1e3', null],
    ['0x10', null],
    ['', null],
    [' 1', null],
    [undefined, null],
  ])('path id %j reads as %j', (value, expected) => {
    expect(toId(value)).toBe(expected);
  });

  it('ids fit a PostgreSQL integer', () => {
    expect(idSchema.safeParse(2_147_483_647).success).toBe(true);
    expect(idSchema.safeParse(2_147_483_648).success).toBe(false);
    expect(idSchema.safeParse('9223372036854775808').success).toBe(false);
    expect(idSchema.safeParse(0).success).toBe(false);
  });

  it('UUIDs are canonical', () => {
    expect(isUuid('3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d')).toBe(true);
    expect(isUuid('3f2b1c4d5e6f4a7b8c9d0e1f2a3b4c5d')).toBe(false);
    expect(uuidSchema.safeParse('zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz').success).toBe(false);
  });

  it('bounded text refuses NUL, control characters, lone surrogates and overlong values', () => {
    const schema = boundedText(5);
    expect(schema.safeParse('ação').success).toBe(true);
    expect(schema.safeParse('a\tb').success).toBe(true);
    for (const bad of ['a\u0000b', 'a\u0001', '\u007f', '\uD800', 'abcdef']) expect(schema.safeParse(bad).success).toBe(false);
  });
});
