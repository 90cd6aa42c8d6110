import { describe, expect, it } from 'vitest';
import { toLoggedPath } from './index.ts';

describe('toLoggedPath: the access line keeps routes, not keys', () => {
  it.each([
    ['/produtos?text=ana%40example.com', '/produtos'],
    ['/produto/furadeira-123', '/produto/furadeira-123'],
    ['/app/reset-password/6f1c2d3e-aaaa-4bbb-8ccc-123456789abc/Zm9vYmFy', '/app/reset-password/:uuid/:token'],
    ['/app/confirmation-email/6f1c2d3e-aaaa-4bbb-8ccc-123456789abc/Zm9vYmFy', '/app/confirmation-email/:token'],
    ['/ecom/cliente/confirmar-email/6f1c2d3e/Zm9vYmFy', '/ecom/cliente/confirmar-email/:uid/:token'],
    ['/ecom/venda/carrinho/AbCdEfGhIjKlMnOpQrStUvWx/calcular-frete', '/ecom/venda/carrinho/:id/calcular-frete'],
    ['/ecom/venda/pedidos/AbCdEfGhIjKlMnOpQrStUvWx/buscar-pagamentos?x=1', '/ecom/venda/pedidos/:id/buscar-pagamentos'],
    ['/pedido/AbCdEfGhIjKlMnOpQrStUvWx/ticket.pdf', '/pedido/:id/ticket.pdf'],
    ['/ecom/endereco/cep/85851000', '/ecom/endereco/cep/:cep'],
  ])('%s -> %s', (url, logged) => {
    expect(toLoggedPath(url)).toBe(logged);
  });
});
