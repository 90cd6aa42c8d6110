import { describe, expect, it } from 'vitest';
import { toSafeRedirect } from './safe-redirect.ts';

const ORIGIN = 'http://br.localhost:4321';

/** Values an attacker puts in `redirect=`: each must give the default page, never another site. */
export const HOSTILE_REDIRECTS = [
  'https://evil.example/',
  'http://evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example/perfil',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '\u0000//evil.example',
  '\u001f/\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'mailto:evil@evil.example',
  'ftp://evil.example/',
  'https:evil.example',
  'http:/evil.example',
  'https://br.localhost:4321@evil.example/',
  'http://br.localhost:4321.evil.example/',
  '//br.localhost:4321@evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '//evil。example',
  '//evil．example',
  'https://evil%2Eexample',
  '//%65vil.example',
  'http://[::1]/',
  'http://127.0.0.1:4321/perfil',
  'https://br.localhost:4321/perfil',
  '//user:pass@br.localhost:4321/perfil',
  'http://user@br.localhost:4321/perfil',
  '',
  'x'.repeat(3000),
] as const;

describe('toSafeRedirect: only paths of the shop pass', () => {
  it.each(HOSTILE_REDIRECTS.map((value) => [JSON.stringify(value).slice(0, 60), value]))('%s gives the default page', (_label, value) => {
    expect(toSafeRedirect(value, '/perfil', ORIGIN)).toBe('/perfil');
    expect(toSafeRedirect(value, '/perfil')).toBe('/perfil');
  });

  it.each([
    ['/perfil/endereco?aba=1', '/perfil/endereco?aba=1'],
    ['/checkout', '/checkout'],
    ['/checkout/payment?pedido=12#topo', '/checkout/payment?pedido=12#topo'],
    ['/produto/chave-%C3%A7', '/produto/chave-%C3%A7'],
    ['/busca?q=chave inglesa', '/busca?q=chave%20inglesa'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/a\tb', '/ab'],
    ['  /carrinho  ', '/carrinho'],
    ['\\carrinho', '/carrinho'],
    [`${ORIGIN}/perfil`, '/perfil'],
  ])('%j stays on the shop as %j', (value, expected) => {
    expect(toSafeRedirect(value, '/perfil', ORIGIN)).toBe(expected);
  });

  it('never answers a non-string or a control character in what it returns', () => {
    for (const value of [undefined, null, 42, {}, ['/perfil']]) expect(toSafeRedirect(value, '/x', ORIGIN)).toBe('/x');
    expect(toSafeRedirect('/a\u0007b', '/x', ORIGIN)).toBe('/a%07b');
  });
});
