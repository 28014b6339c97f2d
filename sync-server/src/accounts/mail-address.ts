/**
 * Mail addresses are the login: compared after trimming and lower-casing, so that
 * « Anne@Exemple.fr » and « anne@exemple.fr » are one account.
 */

export function normalizeMail(raw: string): string {
  return raw.trim().toLowerCase();
}

// A local part without spaces or quoting, a domain of at least two dot-separated labels.
// Stricter than RFC 5322 on purpose: the address ends up in mail headers.
const MAIL =
  /^[^\s@"(),:;<>[\\\]]{1,64}@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}]{2,63}$/u;

/** Expects a normalized address (see normalizeMail). */
export function isValidMail(mail: string): boolean {
  return mail.length <= 254 && MAIL.test(mail) && !/\p{Cc}/u.test(mail);
}
