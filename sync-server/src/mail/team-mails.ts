/** The mail of an invitation into a stay's team (issue 32). Users' words are escaped in HTML. */
import { ROLE_NAMES, type MemberRole } from '@popote/domain';
import { escapeHtml, layout } from './account-mails.js';
import type { OutgoingMail } from './mailer.js';

export function invitationMail(
  to: string,
  invitation: { inviter: string; stay: string; role: MemberRole; link: string },
): OutgoingMail {
  const { inviter, stay, role, link } = invitation;
  const roleName = ROLE_NAMES[role];
  const text = [
    'Bonjour,',
    '',
    `${inviter} vous invite à rejoindre l'équipe du séjour « ${stay} » sur Popote, avec le rôle « ${roleName} ».`,
    '',
    'Pour rejoindre le séjour, suivez ce lien (valable 7 jours) ; sans compte Popote, vous pourrez en créer un :',
    '',
    link,
    '',
    'Si vous ne connaissez pas cette personne, ignorez simplement ce message.',
    '',
    "L'équipe Popote",
  ].join('\n');
  const html = layout(
    'Invitation dans une équipe',
    `<p>Bonjour,</p>
<p>${escapeHtml(inviter)} vous invite à rejoindre l'équipe du séjour « ${escapeHtml(stay)} » sur Popote, avec le rôle « ${escapeHtml(roleName)} ».</p>
<p>Pour rejoindre le séjour, suivez ce lien (valable 7 jours) ; sans compte Popote, vous pourrez en créer un :</p>
<p><a href="${escapeHtml(link)}">Rejoindre le séjour</a></p>
<p style="color:#666;font-size:13px">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(link)}</p>
<p>Si vous ne connaissez pas cette personne, ignorez simplement ce message.</p>`,
  );
  return {
    to,
    subject: `Popote : invitation dans l'équipe du séjour « ${stay} »`,
    text,
    html,
    link,
    kind: 'invitation',
  };
}
