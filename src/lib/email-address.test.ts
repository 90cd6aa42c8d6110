import { describe, expect, it } from 'vitest';
import { isValidEmail, toEmailKey } from './email-address.ts';

describe('e-mail addresses (issue 29, point 7)', () => {
  it.each([
    'ana@fronteira.example',
    'Ana.Souza+pedidos@Fronteira.Example',
    'ana@fronteira.example.', // the root dot: the same account as without it
    'jose_o-brien@mail.sub.example.com.py',
  ])('%s is accepted', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ['no domain', 'ana@'],
    ['no top-level domain', 'ana@localhost'],
    ['doubled dot in the local part', 'ana..souza@fronteira.example'],
    ['doubled dot in the domain', 'ana@fronteira..example'],
    ['two trailing dots', 'ana@fronteira.example..'],
    ['a local part ending in a dot', 'ana.@fronteira.example'],
    ['angle brackets', '<ana@fronteira.example>'],
    ['a display name', 'Ana <ana@fronteira.example>'],
    ['a bracket inside quotes', '"<script>"@fronteira.example'],
    ['CR LF and a header', 'ana@fronteira.example\r\nBcc: all@victim.example'],
    ['a tab', 'ana\t@fronteira.example'],
    ['NUL', 'ana\u0000@fronteira.example'],
    ['a right-to-left override', 'ana\u202e@fronteira.example'],
    ['a zero-width space', 'an\u200ba@fronteira.example'],
    ['an IP address for a domain', 'ana@[127.0.0.1]'],
    ['two @', 'ana@b@fronteira.example'],
  ])('%s: refused (%s)', (_why, address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('one account and one recipient whatever the case, spaces around or root dot', () => {
    expect(toEmailKey(' Ana@Fronteira.Example. ')).toBe('ana@fronteira.example');
    expect(toEmailKey('ana@fronteira.example')).toBe('ana@fronteira.example');
  });
});
