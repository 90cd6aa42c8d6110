/**
 * Payments has no refusal in a shopper's language: its errors are internal failures, not
 * DomainErrors (decision 0720), each caught by the code that called (checkout words a gateway's
 * refusal for the shopper).
 */

/**
 * A gateway call that failed: no answer in time, a non-2xx status or a body that is not JSON. An
 * internal failure, not a DomainError (decision 0720): each caller decides what it means
 * (checkout refuses with paymentGatewayUnavailable, a webhook answers a reason code).
 */
export class GatewayError extends Error {
  readonly status: number | null;
  readonly body: unknown;
  /** How long the gateway asked to be left alone (its `Retry-After` on a 429 or 503), in ms; null when it did not say. */
  readonly retryAfterMs: number | null;
  constructor(message: string, status: number | null, body: unknown, retryAfterMs: number | null = null) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * A gateway's report whose amount or currency is not the payment's. An internal failure, not a
 * refusal in anyone's language (decision 0720): thrown to roll back the notification's
 * transaction, so a corrected redelivery still applies; the webhook answers 422.
 */
export class AmountMismatchError extends Error {}

/**
 * A gateway that answered and said no (Pagopar's `respuesta: false`): asking again changes
 * nothing, so no caller shows it as "try again" or retries it.
 */
export class GatewayRefusedError extends GatewayError {}
