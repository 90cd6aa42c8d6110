import { describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS } from '#tests/support/hostile-redirects.ts';
import { toSafeRedirect } from './safe-redirect.ts';

const ORIGIN = 'http://br.localhost:4321';

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
