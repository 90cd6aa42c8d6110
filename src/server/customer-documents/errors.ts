import { commonMessages } from '#lib/i18n/common.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { uploadMessages } from '#lib/i18n/uploads.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** The customer documents' refusals (decision 0720): an upload too large, not multipart, unreadable; a file not found or not stored. */
export const documentError = defineErrors(commonMessages, formMessages, uploadMessages);
