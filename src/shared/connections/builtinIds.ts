/**
 * The built-in Sandbox connection's ids, apart from the Sandbox itself so that settings, keys and spending can
 * name it without loading the whole offline service.
 */
export const SANDBOX_CONNECTION_ID = 'sandbox';
/** Spending totals and caps of the built-in connection are kept under this id. */
export const SANDBOX_KEY_ID = 'sandbox';
