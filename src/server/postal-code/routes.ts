// The CEP lookup endpoint of the contract, framework-free (decision 0720).
import { withDomainErrors } from '../http/error-result.ts';
import { jsonResult } from '../http/responses.ts';
import { tooManyRequestsError } from '../rate-limit/errors.ts';
import { getClientIp, getRateLimiter, LIMITS } from '../rate-limit/index.ts';
import { postalCodeError } from './errors.ts';
import { getPostalCodeLookup } from './index.ts';

/**
 * GET /ecom/endereco/cep/{cep}: the address of a CEP (viacep fields); 404 with the manual-choice
 * message, 503 when the service is down, 429 past 60 lookups a minute from one client address.
 */
export const getPostalAddress = withDomainErrors(async (call) => {
  if (!(await getRateLimiter().consume(LIMITS.postalCodeIp, getClientIp(call)))) throw tooManyRequestsError(60);
  const { id } = call;
  const result = await getPostalCodeLookup().lookup(id);
  if (result.kind === 'found') return jsonResult(200, result.address, { 'cache-control': 'public, max-age=86400' });
  if (result.kind === 'unavailable') console.warn('[cep] lookup service unavailable');
  if (result.kind === 'not_found') throw postalCodeError('not_found', 'cepNotFound');
  throw postalCodeError('unavailable', 'cepUnavailable');
});
