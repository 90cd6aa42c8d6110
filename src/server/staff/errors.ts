import { panelMessages } from '#lib/i18n/panel.ts';
import { defineErrors } from '../errors/domain-error.ts';

/**
 * A refused staff write (decision 0720): a key of the panel catalogue (emailTaken, emailInvalid,
 * notFound, notYourself, linkInvalid, passwordWeak), which is also its `code`.
 */
export const staffError = defineErrors(panelMessages);
