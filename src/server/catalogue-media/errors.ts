import { mediaMessages } from '#lib/i18n/panel-media.ts';
import { defineErrors } from '../errors/domain-error.ts';

/**
 * Why a picture or a catalogue-media form was refused (decision 0720): a key of the panel's media
 * catalogue, which is also the `code` of the JSON answer and of a form's `?erro=`.
 */
export const mediaError = defineErrors(mediaMessages);
