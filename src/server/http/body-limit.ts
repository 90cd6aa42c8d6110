/** The largest request body the shop reads (identity documents are 5 MB, sent base64 or multipart). */
export const BODY_SIZE_LIMIT_BYTES = 12 * 1024 * 1024;
