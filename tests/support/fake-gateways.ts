import { FAKE_MP_ACCESS_TOKEN, FAKE_MP_WEBHOOK_SECRET, startFakeMercadoPago } from './fake-mercadopago.ts';
import { FAKE_PAGOPAR_PRIVATE_KEY, FAKE_PAGOPAR_PUBLIC_KEY, startFakePagopar } from './fake-pagopar.ts';

/** Both gateway fakes, with the configuration that points a shop at them (the sandbox stays chosen unless PAYMENT_PROVIDER_BR/PY say otherwise). */
export async function startFakeGateways() {
  const [mercadopago, pagopar] = await Promise.all([startFakeMercadoPago(), startFakePagopar()]);
  return {
    mercadopago,
    pagopar,
    env: {
      MERCADOPAGO_API_URL: mercadopago.url,
      MERCADOPAGO_ACCESS_TOKEN: FAKE_MP_ACCESS_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: FAKE_MP_WEBHOOK_SECRET,
      PAGOPAR_API_URL: pagopar.url,
      PAGOPAR_CHECKOUT_URL: pagopar.checkoutUrl,
      PAGOPAR_PUBLIC_KEY: FAKE_PAGOPAR_PUBLIC_KEY,
      PAGOPAR_PRIVATE_KEY: FAKE_PAGOPAR_PRIVATE_KEY,
    },
    stop: async () => {
      await Promise.all([mercadopago.stop(), pagopar.stop()]);
    },
  };
}
export type FakeGateways = Awaited<ReturnType<typeof startFakeGateways>>;
