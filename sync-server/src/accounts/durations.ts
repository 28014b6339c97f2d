const HOUR = 3_600_000;

export const REGISTRATION_LINK_TTL_MS = 48 * HOUR;
export const RESET_PASSWORD_TTL_MS = 24 * HOUR;
export const SESSION_TTL_MS = 30 * 24 * HOUR;
/** How long a used or expired registration is remembered, to tell "expired" from "unknown". */
export const REGISTRATION_MEMORY_MS = 30 * 24 * HOUR;
/** A mail change waits this long for the link mailed to the new address. */
export const MAIL_CHANGE_LINK_TTL_MS = 48 * HOUR;
/** Once a new address is confirmed, the old one may undo the change for this long. */
export const MAIL_REVERT_LINK_TTL_MS = 7 * 24 * HOUR;
/**
 * A mailed password, once used to log in, stays the password for this long: it must be
 * replaced in the settings before, or a new one asked.
 */
export const MAILED_PASSWORD_USE_MS = 24 * HOUR;
