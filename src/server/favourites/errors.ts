import { favouritesMessages } from '#lib/i18n/favourites.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** The favourites domain's refusals (decision 0720), keys of its catalogue. */
export const favouriteError = defineErrors(favouritesMessages);
