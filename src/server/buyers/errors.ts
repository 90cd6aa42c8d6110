import { buyersPanelMessages } from '#lib/i18n/buyers-panel.ts';
import { panelMessages } from '#lib/i18n/panel.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** The buyers domain's refusals (decision 0720), in the panel's texts. */
export const buyerError = defineErrors(panelMessages, buyersPanelMessages);
