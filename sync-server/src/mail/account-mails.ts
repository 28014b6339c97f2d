/**
 * The French mails of the account routes, as plain text and HTML. Every value that comes
 * from a user (the pseudonym) is escaped in the HTML part.
 */
import type { OutgoingMail } from './mailer.js';

export function registrationMail(to: string, pseudo: string, link: string): OutgoingMail {
  const text = [
    `Bonjour ${pseudo},`,
    '',
    'Merci de votre inscription sur Popote. Pour la valider, suivez ce lien (valable 48 heures) :',
    '',
    link,
    '',
    "Si vous n'êtes pas à l'origine de cette inscription, ignorez simplement ce message.",
    '',
    "L'équipe Popote",
  ].join('\n');
  const html = layout(
    'Confirmez votre inscription',
    `<p>Bonjour ${escapeHtml(pseudo)},</p>
<p>Merci de votre inscription sur Popote. Pour la valider, suivez ce lien (valable 48 heures) :</p>
<p><a href="${escapeHtml(link)}">Valider mon inscription</a></p>
<p style="color:#666;font-size:13px">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(link)}</p>
<p>Si vous n'êtes pas à l'origine de cette inscription, ignorez simplement ce message.</p>`,
  );
  return {
    to,
    subject: 'Popote : confirmez votre inscription',
    text,
    html,
    link,
    kind: 'inscription',
  };
}

export function newPasswordMail(
  to: string,
  pseudo: string,
  password: string,
  appUrl: string,
): OutgoingMail {
  const text = [
    `Bonjour ${pseudo},`,
    '',
    'Un nouveau mot de passe a été demandé pour votre compte Popote.',
    '',
    `Votre nouveau mot de passe : ${password}`,
    '',
    'Il est valable 24 heures. Votre ancien mot de passe fonctionne encore : le premier des deux',
    "que vous utiliserez pour vous connecter deviendra votre mot de passe, et l'autre cessera de",
    'fonctionner. Vous pourrez ensuite le changer dans les Préférences de votre compte.',
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe",
    'actuel reste valable.',
    '',
    `Se connecter : ${appUrl}/`,
    '',
    "L'équipe Popote",
  ].join('\n');
  const html = layout(
    'Votre nouveau mot de passe',
    `<p>Bonjour ${escapeHtml(pseudo)},</p>
<p>Un nouveau mot de passe a été demandé pour votre compte Popote.</p>
<p>Votre nouveau mot de passe : <strong style="font-family:monospace;font-size:16px">${escapeHtml(password)}</strong></p>
<p>Il est valable 24 heures. Votre ancien mot de passe fonctionne encore : le premier des deux que vous utiliserez pour vous connecter deviendra votre mot de passe, et l'autre cessera de fonctionner. Vous pourrez ensuite le changer dans les Préférences de votre compte.</p>
<p>Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.</p>
<p><a href="${escapeHtml(appUrl)}/">Se connecter à Popote</a></p>`,
  );
  return {
    to,
    subject: 'Popote : votre nouveau mot de passe',
    text,
    html,
    link: `${appUrl}/`,
    kind: 'mot-de-passe',
  };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;')
    .replace(/"/gu, '&quot;')
    .replace(/'/gu, '&#39;');
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
<h1 style="font-size:20px;color:#e67700">Popote</h1>
${body}
<p>L'équipe Popote</p>
</body>
</html>`;
}
