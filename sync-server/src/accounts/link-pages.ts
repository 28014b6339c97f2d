/**
 * The small French pages shown when a mailed link cannot be honoured (a browser opened it,
 * so the answer is HTML, not JSON).
 */
import { escapeHtml } from '../mail/account-mails.js';
import type { ConfirmationOutcome } from './account-service.js';

export interface LinkPage {
  statusCode: number;
  html: string;
}

const PAGES: Record<Exclude<ConfirmationOutcome['kind'], 'created'>, [number, string, string]> = {
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
};

export function confirmationFailurePage(
  kind: Exclude<ConfirmationOutcome['kind'], 'created'>,
  appUrl: string,
): LinkPage {
  const [statusCode, title, message] = PAGES[kind];
  return { statusCode, html: page(title, message, appUrl) };
}

function page(title: string, message: string, appUrl: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Popote</title>
<style>
body{font-family:system-ui,Arial,sans-serif;color:#222;background:#fff9db;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:24px 32px;max-width:560px;box-shadow:0 2px 12px rgba(0,0,0,.1)}
h1{font-size:22px;margin-top:0;color:#e67700}
a{color:#1971c2}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(appUrl)}/">Aller sur Popote</a></p>
</main>
</body>
</html>`;
}
