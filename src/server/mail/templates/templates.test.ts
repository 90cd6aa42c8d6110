import { parse, type DefaultTreeAdapterMap, type ParserError } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#lib/contract/orders.ts';
import type { OrderMailRow } from '../repository.ts';
import { toOrderMailView } from '../service.ts';
import { MAIL_TEMPLATES, renderMail, type MailTemplateName, type RenderedMail } from './index.ts';
import type { MailContext } from './parts.ts';

/**
 * Every template rendered in both languages (issue 35 point 6): HTML that parses without a single
 * error (parse5, the WHATWG parser, reports each one) and has the structure a mail client needs,
 * a text part readable on its own, and no link to another storefront's host.
 */
type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const ORIGINS = { 'pt-BR': 'https://loja.example.com.br', 'es-PY': 'https://tienda.example.com.py' } as const;
const GATEWAY = 'https://checkout.gateway.example';
const LOCALES = ['pt-BR', 'es-PY'] as const;
/** The store's details as getStoreDetails answers them (src/lib/store-details.ts). */
const STORES = {
  'pt-BR': { name: 'Fronteira Ferramentas', address: 'Av. San Blas, 1200, Ciudad del Este, Paraguai', hours: 'Seg. a sáb., 7h às 18h' },
  'es-PY': { name: 'Fronteira Herramientas', address: 'Av. San Blas, 1200, Ciudad del Este, Paraguay', hours: 'Lun. a sáb., 7 a 18 h' },
};

function toContext(locale: (typeof LOCALES)[number]): MailContext {
  const origin = ORIGINS[locale];
  return {
    locale,
    brand: {
      name: locale === 'pt-BR' ? 'Fronteira Ferramentas' : 'Fronteira Herramientas',
      origin,
      logoUrl: `${origin}/icons/icon-192.png`,
      contact: 'Av. Monseñor Rodríguez 1234, Ciudad del Este · +595 61 500 000',
    },
  };
}

const row: OrderMailRow = {
  id: 7,
  external_id: '3f0b8e0e-93c4-4a53-9f3c-6c1c35f0a001',
  number: 1042,
  customer_id: 3,
  locale: 'es-PY',
  paid_at: new Date('2026-12-01T14:00:00Z'),
  email: 'ana@example.test',
  first_name: 'Ana',
  last_name: 'Benítez',
  document_type: 'CI',
  document: '4567890',
  provider: 'mercadopago',
  pay_link: `${GATEWAY}/pay/abc`,
  expires_at: new Date('2026-12-01T14:30:00Z'),
  tracking_note: 'AX-123 https://rastreo.example/AX-123',
  status_note: null,
  status_by_staff: false,
};

function orderView(deliveryType: OrderView['tipo_entrega']): OrderView {
  return {
    id: 7,
    external_id: row.external_id,
    pedido: row.number,
    created_at: '2026-12-01T13:30:00.000Z',
    valor_total: 1_250_000,
    valor_devolvido: 600_000,
    valor_produtos: 1_200_000,
    valor_frete: 50_000,
    moeda_id: 3,
    moeda: { id: 3, simbolo: 'G$', casas_decimais: 0 },
    status: 'PAGO',
    tipo_entrega: deliveryType,
    entrega_descricao: '',
    entrega_servico: null,
    ponto_entrega: null,
    prazo_entrega: null,
    // The row holds a code whatever the delivery (orders/pickup-code.ts); the view decides who sees it.
    codigo_retirada: 'K7Q2M9XW',
    link_pagamento: null,
    pagamentos: [{ status: 'PAGO', valor_total: 1_250_000, forma_pagamento: 'credit_card', parcelas: 1 }],
    itens: [
      {
        produto: {
          id: 11,
          nome: 'Taladro percutor 750 W',
          codigo: 'TAL-750',
          slug: 'taladro-750',
          imagem: '/img/product/taladro-750.webp',
        },
        qtde: 2,
        valor_unitario: 600_000,
        valor_subtotal: 1_200_000,
        qtde_devolvida: 1,
      },
    ],
    comprador: { nome: 'Ana Benítez', documento_tipo: 'CI', documento: '4567890' },
    endereco_entrega: deliveryType === 'delivery' ? ['Av. España 1500', 'Villa Morra — Asunción'] : null,
    rastreio: null,
    retirar_ate: deliveryType === 'delivery' ? null : '2026-12-31T14:00:00.000Z',
  };
}

function propsFor(name: MailTemplateName, context: MailContext, deliveryType: OrderView['tipo_entrega'] = 'pickup') {
  if (name === 'accountReset' || name === 'accountConfirm') return { name: 'Ana', link: `${context.brand.origin}/app/reset-password/u/t` };
  if (name === 'staffTest') return {};
  return toOrderMailView(row, orderView(deliveryType), context, STORES[context.locale as (typeof LOCALES)[number]]);
}

function render(name: MailTemplateName, context: MailContext, deliveryType?: OrderView['tipo_entrega']): Promise<RenderedMail> {
  return renderMail(name, propsFor(name, context, deliveryType) as never, context);
}

function elements(node: Node): Element[] {
  const children = 'childNodes' in node ? (node.childNodes as Node[]) : [];
  const own = 'tagName' in node ? [node as Element] : [];
  const inTemplate = 'content' in node ? elements((node as DefaultTreeAdapterMap['template']).content) : [];
  return [...own, ...children.flatMap(elements), ...inTemplate];
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

/**
 * Parses as a browser would, keeping every parse error parse5 reports but one: react-email writes
 * the XHTML 1.0 Transitional doctype on purpose (what mail clients such as Outlook expect), which
 * HTML5 calls non-conforming.
 */
function parseHtml(html: string): { errors: string[]; all: Element[] } {
  const errors: string[] = [];
  const onParseError = (error: ParserError) => {
    if (error.code !== 'non-conforming-doctype' || error.startOffset !== 0)
      errors.push(`${error.code} at ${error.startLine}:${error.startCol}`);
  };
  const document = parse(html, { onParseError });
  return { errors, all: elements(document) };
}

const names = Object.keys(MAIL_TEMPLATES) as MailTemplateName[];

describe('every e-mail template, in both languages', () => {
  it.each(LOCALES.flatMap((locale) => names.map((name) => [name, locale] as const)))('%s in %s', async (name, locale) => {
    const context = toContext(locale);
    const mail = await render(name, context);
    const { errors, all } = parseHtml(mail.html);
    expect(errors).toEqual([]);

    // Structure: the language, a title, one body, pictures described and absolute on the storefront.
    const html = all.find((element) => element.tagName === 'html')!;
    expect(attr(html, 'lang')).toBe(locale);
    expect(all.filter((element) => element.tagName === 'body')).toHaveLength(1);
    const title = all.find((element) => element.tagName === 'title');
    expect(title?.childNodes.length).toBeGreaterThan(0);
    for (const image of all.filter((element) => element.tagName === 'img')) {
      expect(attr(image, 'alt')).toBeTruthy();
      expect(new URL(attr(image, 'src') ?? '').origin).toBe(context.brand.origin);
    }

    // Links: absolute, on this storefront (or a map, a gateway's pay page), never the other storefront.
    const other = ORIGINS[locale === 'pt-BR' ? 'es-PY' : 'pt-BR'];
    const hrefs = all.filter((element) => element.tagName === 'a').map((element) => attr(element, 'href') ?? '');
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      const origin = new URL(href).origin;
      expect([context.brand.origin, GATEWAY, 'https://www.google.com']).toContain(origin);
      expect(href.startsWith(other)).toBe(false);
    }

    // The subject and the text part: in the language, readable alone (no markup, no placeholder), with the links.
    expect(mail.subject).not.toMatch(/[{}]|undefined/);
    expect(mail.text).not.toMatch(/<[a-z/!]|[{}]|undefined|\[object/i);
    expect(mail.text).not.toMatch(/\n{3,}/);
    for (const href of hrefs.filter((link) => !link.startsWith('https://www.google.com') && link !== `${context.brand.origin}/`))
      expect(mail.text).toContain(href);
    if (name !== 'staffTest' && name !== 'storeOrderPaid') expect(mail.text).toContain(locale === 'pt-BR' ? 'Olá, Ana.' : 'Hola, Ana.');
    expect(mail.text).toContain(context.brand.name);
    // The store's address and contacts under every e-mail (store details, issue 33 point 3).
    expect(mail.text).toContain(context.brand.contact);
  });

  it('a pickup order: code, place, hours, map and deadline; a delivery order: the address and no pickup code', async () => {
    for (const locale of LOCALES) {
      const context = toContext(locale);
      for (const name of ['orderPaid', 'storeOrderPaid'] as const) {
        const pickup = await render(name, context, 'pickup');
        expect(pickup.text).toContain('K7Q2M9XW');
        expect(pickup.html).toContain('K7Q2M9XW');
        expect(pickup.text).toContain('Av. San Blas, 1200, Ciudad del Este');
        expect(pickup.text).toContain(locale === 'pt-BR' ? 'Seg. a sáb., 7h às 18h' : 'Lun. a sáb., 7 a 18 h');
        expect(pickup.html).toContain('https://www.google.com/maps/search/?api=1&amp;query=Av.%20San%20Blas');

        const delivery = await render(name, context, 'delivery');
        expect(delivery.html).not.toContain('K7Q2M9XW');
        expect(delivery.text).not.toContain('K7Q2M9XW');
        expect(delivery.text).not.toMatch(/Código de retir/);
        expect(delivery.text).toContain('Av. España 1500\nVilla Morra — Asunción');
      }
      const paid = await render('orderPaid', context, 'pickup');
      expect(paid.text).toContain(locale === 'pt-BR' ? '31 de dezembro de 2026' : '31 de diciembre de 2026');
    }
  });

  it('an order e-mail lists the items with their pictures and the totals in the order currency', async () => {
    const context = toContext('es-PY');
    const mail = await render('orderCreated', context);
    expect(mail.html).toContain(`src="${context.brand.origin}/img/product/taladro-750.webp"`);
    expect(mail.text).toContain('Taladro percutor 750 W');
    expect(mail.text).toContain('2 x G$ 600.000');
    expect(mail.text).toContain('G$ 1.250.000');
    expect(mail.text).toContain(`${GATEWAY}/pay/abc`);
  });
});
