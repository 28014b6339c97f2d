/**
 * The small French pages of the mailed links (a browser opened them, so the answer is HTML,
 * not JSON). A link's GET only shows a page with a button; the button POSTs the confirmation,
 * so that a mail scanner or a link preview that opens the link confirms nothing.
 */
import { escapeHtml } from '../mail/account-mails.js';
import type { LinkFailure } from './account-service.js';

export interface LinkPage {
  statusCode: number;
  html: string;
}

/** Which mailed link: a registration's, a new address's, or the restoring of the old one. */
export type LinkKind = 'signUp' | 'mailChange' | 'mailRestore';

const FAILURES: Record<LinkKind, Record<LinkFailure, [number, string, string]>> = {
  signUp: {
    unknown: [
      404,
      'Lien inconnu',
      "Ce lien d'inscription n'est pas valide. Vérifiez que l'adresse a été copiée en entier, ou inscrivez-vous à nouveau.",
    ],
    expired: [
      410,
      'Lien expiré',
      "Ce lien d'inscription a expiré : il était valable 48 heures. Merci de vous inscrire à nouveau.",
    ],
    used: [
      410,
      'Lien déjà utilisé',
      "Ce lien d'inscription a déjà servi : votre compte existe. Vous pouvez vous connecter.",
    ],
    mail_taken: [
      409,
      'Adresse déjà utilisée',
      'Cette adresse mail est déjà utilisée. Vous pouvez vous connecter, ou demander un nouveau mot de passe.',
    ],
  },
  mailChange: {
    unknown: [
      404,
      'Lien inconnu',
      "Ce lien de changement d'adresse n'est pas valide : vérifiez que l'adresse a été copiée en entier. Un lien cesse aussi de fonctionner quand un autre changement est demandé ensuite.",
    ],
    expired: [
      410,
      'Lien expiré',
      "Ce lien de changement d'adresse a expiré : il était valable 48 heures. Demandez à nouveau le changement dans les Préférences.",
    ],
    used: [
      410,
      'Lien déjà utilisé',
      'Ce lien a déjà servi : votre compte utilise déjà cette adresse.',
    ],
    mail_taken: [
      409,
      'Adresse déjà utilisée',
      "Cette adresse mail est déjà celle d'un autre compte : votre adresse n'a pas changé.",
    ],
  },
  mailRestore: {
    unknown: [
      404,
      'Lien inconnu',
      "Ce lien n'est pas valide : vérifiez que l'adresse a été copiée en entier.",
    ],
    expired: [
      410,
      'Lien expiré',
      "Ce lien a expiré : il était valable 7 jours. Écrivez à l'administrateur de ce serveur Popote pour récupérer votre compte.",
    ],
    used: [410, 'Lien déjà utilisé', 'Ce lien a déjà servi : votre adresse a été rétablie.'],
    mail_taken: [
      409,
      'Adresse déjà utilisée',
      "Cette adresse est désormais celle d'un autre compte : elle ne peut pas être rétablie.",
    ],
  },
};

export function linkFailurePage(kind: LinkKind, failure: LinkFailure, appUrl: string): LinkPage {
  const [statusCode, title, message] = FAILURES[kind][failure];
  return { statusCode, html: page(title, `<p>${escapeHtml(message)}</p>`, appUrl) };
}

/** The registration link's failures (kept for the callers of the first version). */
export function confirmationFailurePage(failure: LinkFailure, appUrl: string): LinkPage {
  return linkFailurePage('signUp', failure, appUrl);
}

const BUTTONS: Record<LinkKind, [string, (mail: string) => string, string]> = {
  signUp: [
    'Confirmer votre inscription',
    () => 'Cliquez sur le bouton pour valider votre inscription sur Popote.',
    'Valider mon inscription',
  ],
  mailChange: [
    'Confirmer votre nouvelle adresse',
    (mail) =>
      `Cliquez sur le bouton pour que votre compte Popote utilise désormais l'adresse ${mail}.`,
    'Confirmer ma nouvelle adresse',
  ],
  mailRestore: [
    'Rétablir votre adresse',
    (mail) =>
      `Cliquez sur le bouton pour que votre compte Popote reprenne l'adresse ${mail}. Toutes ses sessions seront fermées et un nouveau mot de passe vous sera envoyé à cette adresse.`,
    'Rétablir mon adresse',
  ],
};

/** The link's GET: a form that POSTs the same address (token in the query, empty body). */
export function confirmButtonPage(
  kind: LinkKind,
  token: string,
  appUrl: string,
  mail = '',
): LinkPage {
  const [title, text, button] = BUTTONS[kind];
  const action = `?token=${encodeURIComponent(token)}`;
  const body = `<p>${escapeHtml(text(mail))}</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">${escapeHtml(button)}</button>
</form>`;
  return { statusCode: 200, html: page(title, body, appUrl) };
}

export function mailRestoredPage(mail: string, appUrl: string): LinkPage {
  const body = `<p>${escapeHtml(`Votre compte Popote a repris l'adresse ${mail}. Toutes ses sessions ont été fermées et son mot de passe désactivé : un nouveau mot de passe vient de vous être envoyé à cette adresse.`)}</p>`;
  return { statusCode: 200, html: page('Adresse rétablie', body, appUrl) };
}

export function mailChangedPage(mail: string, appUrl: string): LinkPage {
  const body = `<p>${escapeHtml(`Votre compte Popote utilise désormais l'adresse ${mail}. Connectez-vous avec elle à partir de maintenant.`)}</p>`;
  return { statusCode: 200, html: page('Adresse modifiée', body, appUrl) };
}

function page(title: string, body: string, appUrl: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Popote</title>
<style>
body{font-family:system-ui,Arial,sans-serif;color:#222;background:#fff9db;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:24px 32px;max-width:560px;box-shadow:0 2px 12px rgba(0,0,0,.1)}
h1{font-size:22px;margin-top:0;color:#e67700}
a{color:#1971c2}
button{font:inherit;font-size:17px;min-height:44px;padding:8px 20px;border:0;border-radius:8px;background:#a34700;color:#fff;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="${escapeHtml(appUrl)}/">Aller sur Popote</a></p>
</main>
</body>
</html>`;
}
