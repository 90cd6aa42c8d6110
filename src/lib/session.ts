/** Absolute lifetime of a customer session (accounts spec section 9: one hour). */
export const SESSION_TTL_MS = 60 * 60 * 1000;

/** localStorage key where the browser keeps when its session ends, by its own clock. */
export const SESSION_EXPIRY_KEY = 'fronteira_session_expires';
