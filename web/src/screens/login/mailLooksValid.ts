/** The only check the form makes before asking the server (spec 5). */
export function mailLooksValid(mail: string): boolean {
  return mail.includes('@') && mail.includes('.');
}

/** Submit is enabled only when not busy, the mail looks valid and a password is typed. */
export function canSubmitLogin(form: { mail: string; password: string; busy: boolean }): boolean {
  return !form.busy && mailLooksValid(form.mail) && form.password !== '';
}
