const HOUR = 3_600_000;

export const REGISTRATION_LINK_TTL_MS = 48 * HOUR;
export const RESET_PASSWORD_TTL_MS = 24 * HOUR;
export const SESSION_TTL_MS = 30 * 24 * HOUR;
/** How long a used or expired registration is remembered, to tell "expired" from "unknown". */
export const REGISTRATION_MEMORY_MS = 30 * 24 * HOUR;
