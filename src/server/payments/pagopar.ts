import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  callGateway,
  toMinorUnits,
  type ChargeItem,
  type ChargeRefusal,
  type Payer,
  type PaymentProvider,
  type ProviderPaymentStatus,
  type RefundResult,
  type WebhookVerification,
} from './provider.ts';
import type { PaymentLookup } from './repository.ts';
import { GatewayError, GatewayRefusedError } from './errors.ts';

/**
 * Pagopar (Paraguayan buyers), through its documented REST calls (no official Node SDK;
 * decision 0410): iniciar-transaccion with the SHA-1 token, the shopper pays on Pagopar's
 * checkout page by the returned hash, the notification's token is checked and the order is
 * read again with pedidos/1.1/traer before anything changes; pedidos/1.1/reversar refunds.
 * Pagopar charges guaraníes (G$, no decimals).
 */
export const PAGOPAR_PROVIDER_ID = 'pagopar';
const PYG = 3;

/** "Listado de errores al iniciar transacción": an order from G$ 1.000 to G$ 50.000.000, each item line at least G$ 1.000. */
const MIN_AMOUNT = 1_000;
const MAX_AMOUNT = 50_000_000;

/**
 * "Reversar un pedido pagado": the API reverses card payments through Bancard (9, 14 card on
 * file), Zimple (18), Tigo Money (10), Giros Claro (23), Wally (20) and Billetera Personal (12);
 * the same day at once, later days "Agendada". Any other method is returned by hand.
 */
const REVERSIBLE_METHODS = new Set(['9', '14', '18', '10', '23', '20', '12']);

/** Pagopar's forma_pago ids preselected on its page; methods it groups (cash points, local banks) stay a choice there. */
const FORMA_PAGO: Record<string, number> = { card: 9, bank_transfer: 11, ewallet: 10, qr: 24 };

export interface PagoparOrder {
  pagado: boolean;
  cancelado: boolean;
  forma_pago_identificador?: string | number;
  monto: string | number;
  hash_pedido: string;
  numero_pedido: string | null;
  token?: string;
}

interface PagoparAnswer<T> {
  respuesta: boolean;
  resultado: T | string;
}

export interface PagoparConfig {
  apiUrl: string;
  checkoutUrl: string;
  publicKey: string;
  privateKey: string;
  timeoutMs: number;
  lookup: PaymentLookup;
}

export function sha1(value: string): string {
  return createHash('sha1').update(value, 'utf8').digest('hex');
}

/** PHP's strval(floatval(x)) for the amounts the token covers: 100000 -> "100000". */
function toPhpFloat(value: number): string {
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
}

function toDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The comprador's documents ("API - Integración de medios de pagos", "Listado de errores"):
 * `documento` is the cédula (5 to 24 digits, obligatory), `tipo_documento` always "CI", `ruc`
 * present and empty without one. Paraguayans register their cédula always and a RUC only
 * optionally (accounts contract); a RUC holder without a cédula on record sends the RUC's base.
 */
function toPagoparDocuments(payer: Payer): { ruc: string; documento: string } {
  const type = payer.documentType.toUpperCase();
  const ruc = type === 'RUC' ? payer.document.trim() : '';
  const documento = toDigits(payer.identity) || (type === 'CEDULA' ? toDigits(payer.document) : '') || toDigits(ruc.split('-')[0] ?? '');
  return { ruc, documento };
}

/**
 * id_pedido_comercio must be unique across Pagopar's staging and production combined ("Listado
 * de errores", "Entornos y pase a producción"), and every shop database numbers its orders from
 * 10001: the order number for people, a random tail no other database or environment repeats.
 */
function createGatewayOrderId(orderNumber: number): string {
  return `${orderNumber}P${randomBytes(5).toString('hex').toUpperCase()}`;
}

function getChargeRefusal({ amountMinor, items }: { amountMinor: number; items: ChargeItem[] }): ChargeRefusal | null {
  if (amountMinor < MIN_AMOUNT || amountMinor > MAX_AMOUNT)
    return { reason: 'amountOutOfRange', minMinor: MIN_AMOUNT, maxMinor: MAX_AMOUNT };
  const small = items.find((item) => item.unitMinor * item.quantity < MIN_AMOUNT);
  return small ? { reason: 'lineBelowMinimum', minMinor: MIN_AMOUNT, title: small.title } : null;
}

function toStatus(order: PagoparOrder): ProviderPaymentStatus {
  if (order.pagado) return 'approved';
  return order.cancelado ? 'declined' : 'pending';
}

/** 'YYYY-MM-DD HH:mm:ss' in Paraguay's time, as fecha_maxima_pago is written. */
function toAsuncionTime(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Asuncion',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

function parseNotification(rawBody: string): PagoparOrder | null {
  try {
    const body = JSON.parse(rawBody) as { resultado?: unknown };
    const first = Array.isArray(body.resultado) ? (body.resultado[0] as PagoparOrder | undefined) : undefined;
    return first && typeof first.hash_pedido === 'string' && typeof first.token === 'string' ? first : null;
  } catch {
    return null;
  }
}

export function createPagoparProvider(config: PagoparConfig): PaymentProvider {
  async function call<T>(path: string, json: Record<string, unknown>): Promise<T> {
    const answer = await callGateway<PagoparAnswer<T>>(`${config.apiUrl}${path}`, { json, timeoutMs: config.timeoutMs });
    // Pagopar answers its refusals with HTTP 200 and respuesta false, the reason in resultado.
    if (!answer || answer.respuesta !== true)
      throw new GatewayRefusedError(
        `${path}: ${typeof answer?.resultado === 'string' ? answer.resultado : 'respuesta false'}`,
        200,
        answer,
      );
    return answer.resultado as T;
  }

  async function readOrder(hash: string): Promise<PagoparOrder | null> {
    const found = await call<PagoparOrder[]>('/api/pedidos/1.1/traer', {
      hash_pedido: hash,
      token: sha1(`${config.privateKey}CONSULTA`),
      token_publico: config.publicKey,
    });
    return found[0] ?? null;
  }

  return {
    id: PAGOPAR_PROVIDER_ID,
    currencyId: PYG,
    getChargeRefusal,

    async createPayment(input) {
      const orderId = createGatewayOrderId(input.orderNumber);
      const payer = input.payer;
      const { ruc, documento } = toPagoparDocuments(payer);
      const name = `${payer.firstName} ${payer.lastName}`.trim();
      const created = await call<Array<{ data: string; pedido: string }>>('/api/comercios/2.0/iniciar-transaccion', {
        token: sha1(`${config.privateKey}${orderId}${toPhpFloat(input.amountMinor)}`),
        public_key: config.publicKey,
        monto_total: input.amountMinor,
        tipo_pedido: 'VENTA-COMERCIO',
        id_pedido_comercio: orderId,
        fecha_maxima_pago: toAsuncionTime(input.expiresAt),
        descripcion_resumen: `Pedido ${input.orderNumber}`,
        comprador: {
          ruc,
          email: payer.email,
          ciudad: '1',
          nombre: name,
          telefono: payer.phone,
          direccion: '',
          documento,
          coordenadas: '',
          razon_social: payer.companyName.trim() || name,
          tipo_documento: 'CI',
          direccion_referencia: null,
        },
        compras_items: input.items.map((item) => ({
          ciudad: '1',
          nombre: item.title,
          cantidad: item.quantity,
          categoria: '909',
          public_key: config.publicKey,
          url_imagen: '',
          descripcion: item.title,
          id_producto: item.id,
          precio_total: item.unitMinor * item.quantity,
          vendedor_telefono: '',
          vendedor_direccion: '',
          vendedor_direccion_referencia: '',
          vendedor_direccion_coordenadas: '',
        })),
        ...(input.method && FORMA_PAGO[input.method] ? { forma_pago: FORMA_PAGO[input.method] } : {}),
      });
      const hash = created[0]?.data;
      if (!hash) throw new GatewayError('iniciar-transaccion: no hash in the answer', 200, created);
      const preselect = input.method ? FORMA_PAGO[input.method] : undefined;
      return {
        link: `${config.checkoutUrl}/${encodeURIComponent(hash)}${preselect ? `?forma_pago=${preselect}` : ''}`,
        providerPaymentId: hash,
        gatewayOrderId: orderId,
      };
    },

    async verifyWebhook({ rawBody }): Promise<WebhookVerification> {
      const notified = parseNotification(rawBody);
      if (!notified) return { ok: false, reason: 'malformed' };
      const expected = Buffer.from(sha1(`${config.privateKey}${notified.hash_pedido}`));
      const given = Buffer.from(notified.token ?? '');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'bad_signature' };
      const reference = await config.lookup.getReferenceByProviderId(PAGOPAR_PROVIDER_ID, notified.hash_pedido);
      let order: PagoparOrder | null;
      try {
        order = await readOrder(notified.hash_pedido);
      } catch (error) {
        console.warn(
          `pagopar: order ${notified.hash_pedido} could not be confirmed`,
          error instanceof GatewayError ? error.message : error,
        );
        return { ok: false, reason: 'gateway_error' };
      }
      if (!order) return { ok: false, reason: 'malformed' };
      const status = toStatus(order);
      return {
        ok: true,
        event: {
          eventId: `${order.hash_pedido}:${status}`,
          reference: reference ?? `unknown:${notified.hash_pedido}`,
          status,
          amountMinor: toMinorUnits(order.monto, 0),
          currencyId: PYG,
        },
      };
    },

    /** Pagopar expects its notification's resultado back as the answer. */
    getWebhookReply({ rawBody }) {
      return (JSON.parse(rawBody) as { resultado: unknown }).resultado;
    },

    async fetchPaymentStatus(reference) {
      const hash = await config.lookup.getProviderPaymentId(PAGOPAR_PROVIDER_ID, reference);
      if (!hash) return null;
      const order = await readOrder(hash);
      return order ? { status: toStatus(order), amountMinor: toMinorUnits(order.monto, 0), currencyId: PYG } : null;
    },

    async refundPayment({ reference, amountMinor, currencyId }): Promise<RefundResult> {
      const hash = await config.lookup.getProviderPaymentId(PAGOPAR_PROVIDER_ID, reference);
      if (!hash) return { ok: false, reason: 'unknown_payment' };
      try {
        const order = await readOrder(hash);
        if (!order) return { ok: false, reason: 'unknown_payment' };
        if (toMinorUnits(order.monto, 0) !== amountMinor || currencyId !== PYG) return { ok: false, reason: 'amount_mismatch' };
        // Only payments traer once confirmed as paid come here: cancelled since then means already reversed.
        if (!order.pagado) return order.cancelado ? { ok: true } : { ok: false, reason: 'not_captured' };
        if (!REVERSIBLE_METHODS.has(String(order.forma_pago_identificador))) return { ok: false, reason: 'manual_required' };
        const reversal = await call<Array<{ tiempo_reversion?: string }>>('/api/pedidos/1.1/reversar', {
          hash_pedido: hash,
          token: sha1(`${config.privateKey}PEDIDO-REVERSAR`),
          token_publico: config.publicKey,
        });
        // "Agendada": Pagopar applies it by hand later; traer tells when (pagado false).
        return { ok: true, scheduled: reversal[0]?.tiempo_reversion === 'Agendada' };
      } catch (error) {
        console.warn(`pagopar: reversal of ${reference} failed`, error instanceof GatewayError ? error.message : error);
        // "Expiró el tiempo máximo para realizar la reversión": asking again changes nothing.
        return { ok: false, reason: error instanceof GatewayRefusedError ? 'manual_required' : 'gateway_error' };
      }
    },
  };
}
