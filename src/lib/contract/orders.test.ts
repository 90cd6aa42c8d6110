import { describe, expect, it } from 'vitest';
import { orderMessages, toStatusLabel } from '../i18n/orders.ts';
import { createTranslator } from '../i18n/translator.ts';
import { canPayCash, canPayNow, hasDeliveryDays, showsPickupCode, toDeliveryName } from './orders.ts';

describe('order display rules (spec section 4)', () => {
  it('offers pay now only with a link and status PAGAMENTO', () => {
    expect(canPayNow({ status: 'PAGAMENTO', link_pagamento: '/pay' })).toBe(true);
    expect(canPayNow({ status: 'PAGAMENTO', link_pagamento: null })).toBe(false);
    expect(canPayNow({ status: 'PAGO', link_pagamento: '/pay' })).toBe(false);
    expect(canPayNow({ status: 'CANCELADO', link_pagamento: '/pay' })).toBe(false);
  });

  it('shows the pickup code only when present and the first payment is not AGUARDANDO', () => {
    expect(
      showsPickupCode({
        codigo_retirada: 'ABC34567',
        pagamentos: [{ status: 'PAGO', valor_total: 1, forma_pagamento: 'pix', parcelas: 1 }],
      }),
    ).toBe(true);
    expect(
      showsPickupCode({
        codigo_retirada: 'ABC34567',
        pagamentos: [{ status: 'AGUARDANDO', valor_total: 1, forma_pagamento: 'pix', parcelas: 1 }],
      }),
    ).toBe(false);
    expect(showsPickupCode({ codigo_retirada: 'ABC34567', pagamentos: [] })).toBe(false);
    expect(
      showsPickupCode({ codigo_retirada: null, pagamentos: [{ status: 'PAGO', valor_total: 1, forma_pagamento: 'pix', parcelas: 1 }] }),
    ).toBe(false);
  });

  it('names statuses in the shopper language and shows unknown ones raw', () => {
    const pt = createTranslator(orderMessages, 'pt-BR');
    const es = createTranslator(orderMessages, 'es-PY');
    expect(['AGUARDANDO', 'PAGAMENTO', 'AUTORIZADO', 'PAGO', 'ENVIADO', 'ESTORNADO'].map((status) => toStatusLabel(pt, status))).toEqual([
      'Aguardando',
      'Aguardando pagamento',
      'Autorizado',
      'Pago',
      'Enviado',
      'Estornado',
    ]);
    expect(['PAGAMENTO', 'PAGO', 'ESTORNADO', 'CANCELADO'].map((status) => toStatusLabel(es, status))).toEqual([
      'Esperando pago',
      'Pagado',
      'Reembolsado',
      'Cancelado',
    ]);
    expect([toStatusLabel(pt, 'RETIRADO'), toStatusLabel(es, 'RETIRADO')]).toEqual(['Retirado na loja', 'Retirado en la tienda']);
    expect(toStatusLabel(es, 'EM_SEPARACAO')).toBe('EM_SEPARACAO');
  });

  it('names the delivery option as frozen at checkout, and shows days except for store pickup', () => {
    expect(
      toDeliveryName({ entrega_servico: 'Moto', ponto_entrega: { nome: 'Punto', endereco: 'Palma 1' }, entrega_descricao: 'old' }),
    ).toBe('Moto — Punto, Palma 1');
    expect(toDeliveryName({ entrega_servico: null, ponto_entrega: null, entrega_descricao: 'old' })).toBe('old');
    expect(hasDeliveryDays({ tipo_entrega: 'delivery', prazo_entrega: 3 })).toBe(true);
    expect(hasDeliveryDays({ tipo_entrega: 'pickup', prazo_entrega: 0 })).toBe(false);
    expect(hasDeliveryDays({ tipo_entrega: 'pickup_point', prazo_entrega: null })).toBe(false);
  });
});

describe('cash needs a RUC (accounts spec section 1)', () => {
  it.each<[string | null, string | null, boolean]>([
    ['RUC', '80012345-6', true],
    ['ruc', ' 80012345-6 ', true],
    ['RUC', '   ', false],
    ['RUC', null, false],
    ['CI', '1234567', false],
    ['CPF', '52998224725', false],
    [null, null, false],
  ])('%s %s -> %s', (type, document, expected) => {
    expect(canPayCash({ document_type: type, document })).toBe(expected);
  });
});
