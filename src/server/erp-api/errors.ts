import { erpMessages } from '#lib/i18n/erp-api.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** The ERP API's refusals (decision 0720): `throw erpError('forbidden', 'error_missing_scope', { params })`. */
export const erpError = defineErrors(erpMessages);
