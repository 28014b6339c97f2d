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
    'fonctionner. Si vous vous connectez avec celui-ci, choisissez aussitôt un mot de passe à vous',
    'dans les Préférences : le mot de passe reçu par mail cesse de fonctionner 24 heures après',
    'cette connexion, et toutes vos autres sessions sont fermées.',
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
<p>Il est valable 24 heures. Votre ancien mot de passe fonctionne encore : le premier des deux que vous utiliserez pour vous connecter deviendra votre mot de passe, et l'autre cessera de fonctionner. Si vous vous connectez avec celui-ci, choisissez aussitôt un mot de passe à vous dans les Préférences : le mot de passe reçu par mail cesse de fonctionner 24 heures après cette connexion, et toutes vos autres sessions sont fermées.</p>
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

/** Sent to the new address: the change takes effect only once this link is followed. */
export function mailChangeLinkMail(
  to: string,
  pseudo: string,
  oldMail: string,
  link: string,
): OutgoingMail {
  const text = [
    `Bonjour ${pseudo},`,
    '',
    `Vous avez demandé que votre compte Popote utilise cette adresse à la place de ${oldMail}.`,
    'Pour confirmer ce changement, suivez ce lien (valable 48 heures) puis cliquez sur le bouton',
    'de la page qui s’ouvre :',
    '',
    link,
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change.",
    '',
    "L'équipe Popote",
  ].join('\n');
  const html = layout(
    'Confirmez votre nouvelle adresse',
    `<p>Bonjour ${escapeHtml(pseudo)},</p>
<p>Vous avez demandé que votre compte Popote utilise cette adresse à la place de ${escapeHtml(oldMail)}. Pour confirmer ce changement, suivez ce lien (valable 48 heures) puis cliquez sur le bouton de la page qui s’ouvre :</p>
<p><a href="${escapeHtml(link)}">Confirmer ma nouvelle adresse</a></p>
<p style="color:#666;font-size:13px">Si le lien ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(link)}</p>
<p>Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change.</p>`,
  );
  return {
    to,
    subject: 'Popote : confirmez votre nouvelle adresse',
    text,
    html,
    link,
    kind: 'changement-adresse',
  };
}

/**
 * Sent to the account's address (the old one when the mail changes) after its password was
 * changed or a new address was asked for, so that a stolen session cannot act unseen.
 */
export function accountChangedMail(
  to: string,
  pseudo: string,
  change: { password: boolean; newMail: string | null },
  appUrl: string,
): OutgoingMail {
  const what: string[] = [];
  if (change.password) {
    what.push(
      'Le mot de passe de votre compte Popote vient d’être changé. Vos autres sessions (autres appareils, autres navigateurs) ont été fermées.',
    );
  }
  if (change.newMail !== null) {
    what.push(
      `Un changement d'adresse mail vers ${change.newMail} a été demandé pour votre compte Popote. Il ne prendra effet que lorsque le lien envoyé à cette nouvelle adresse aura été suivi ; d'ici là, votre compte garde cette adresse-ci.`,
    );
  }
  const advice =
    "Si vous n'êtes pas à l'origine de ce changement, demandez sans attendre un nouveau mot de passe avec « Mot de passe oublié ? » sur la page de connexion : cela fermera toutes les sessions ouvertes sur votre compte.";
  const text = [
    `Bonjour ${pseudo},`,
    '',
    ...what.flatMap((line) => [line, '']),
    advice,
    '',
    `Popote : ${appUrl}/`,
    '',
    "L'équipe Popote",
  ].join('\n');
  const html = layout(
    'Votre compte a changé',
    `<p>Bonjour ${escapeHtml(pseudo)},</p>
${what.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>${escapeHtml(advice)}</p>
<p><a href="${escapeHtml(appUrl)}/">Aller sur Popote</a></p>`,
  );
  return {
    to,
    subject: 'Popote : changement sur votre compte',
    text,
    html,
    kind: 'compte-modifie',
  };
}

/**
 * Sent to the old address once a new one is confirmed, with a link that undoes the change (in
 * case a stolen session asked for it and the thief confirmed an address of theirs).
 */
export function mailReplacedMail(
  to: string,
  pseudo: string,
  newMail: string,
  revertLink: string,
): OutgoingMail {
  const lines = [
    `L'adresse de votre compte Popote est désormais ${newMail} : celle-ci ne sert plus à vous connecter.`,
    "Si vous n'êtes pas à l'origine de ce changement, suivez ce lien dans les 7 jours puis cliquez sur le bouton de la page qui s'ouvre : votre compte reprendra cette adresse, toutes ses sessions seront fermées, et un nouveau mot de passe vous sera envoyé ici.",
  ];
  const text = [
    `Bonjour ${pseudo},`,
    '',
    lines[0],
    '',
    lines[1],
    '',
    revertLink,
    '',
    "L'équipe Popote",
  ].join('\n');
  const html = layout(
    'Votre adresse a changé',
    `<p>Bonjour ${escapeHtml(pseudo)},</p>
<p>${escapeHtml(lines[0]!)}</p>
<p>${escapeHtml(lines[1]!)}</p>
<p><a href="${escapeHtml(revertLink)}">Rétablir mon adresse</a></p>
<p style="color:#666;font-size:13px">Si le lien ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(revertLink)}</p>`,
  );
  return {
    to,
    subject: 'Popote : votre adresse a ete remplacee',
    text,
    html,
    link: revertLink,
    kind: 'adresse-remplacee',
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

export function layout(title: string, body: string): string {
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
