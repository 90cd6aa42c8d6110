import { panelStoreMessages } from '#lib/i18n/panel-store.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** A refused save of the store details: nothing was written; each field says its problem. */
export const storeDetailsError = defineErrors(panelStoreMessages);
