/**
 * The shapes of the team routes (issue 32), Popote's own (camelCase). Answers are serialised
 * through them: an invitation's page never shows more than the stay's name, who invites and
 * the role.
 */
import { Type, type Static } from '@sinclair/typebox';

/** A role as sent: one of three short words (bounded, as every string of a request). */
const RoleSchema = Type.Union([
  Type.Literal('plan', { maxLength: 4 }),
  Type.Literal('keep', { maxLength: 4 }),
  Type.Literal('read', { maxLength: 4 }),
]);

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** A token as sent: bounded; whatever opens nothing answers the same 404. */
const Token = Type.String({ minLength: 1, maxLength: 200 });

export const InviteIn = Type.Object(
  {
    stayId: Id,
    role: RoleSchema,
    /** The invited address; null for a link to show (QR code). */
    mail: Type.Union([Type.String({ minLength: 3, maxLength: 254 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type InviteIn = Static<typeof InviteIn>;

export const InvitationOut = Type.Object({
  id: Type.Integer(),
  link: Type.String(),
  expires: Type.String(),
});

export const TokenQuery = Type.Object({ token: Token });
export type TokenQuery = Static<typeof TokenQuery>;
export const TokenIn = Type.Object({ token: Token }, { additionalProperties: false });
export type TokenIn = Static<typeof TokenIn>;

/** What the page of an invitation's link shows. */
export const InvitationPageOut = Type.Object({
  stay: Type.String(),
  invitedBy: Type.String(),
  role: RoleSchema,
  expires: Type.String(),
});

export const JoinedOut = Type.Object({ stayId: Type.Integer() });

/** The open invitations sent to the user's address, shown in the app. */
export const MyInvitationsOut = Type.Array(
  Type.Object({
    token: Type.String(),
    stay: Type.String(),
    invitedBy: Type.String(),
    role: RoleSchema,
    expires: Type.String(),
  }),
);

export const StayQuery = Type.Object({ stayId: Id });
export type StayQuery = Static<typeof StayQuery>;
export const IdQuery = Type.Object({ id: Id });
export type IdQuery = Static<typeof IdQuery>;

export const TeamOut = Type.Object({
  owner: Type.Object({ userId: Type.Integer(), pseudo: Type.String() }),
  members: Type.Array(
    Type.Object({
      id: Type.Integer(),
      userId: Type.Integer(),
      pseudo: Type.String(),
      role: RoleSchema,
      since: Type.String(),
    }),
  ),
  /** The caller's part: 'owner' or their role. */
  you: Type.Union([Type.Literal('owner'), RoleSchema]),
});

export const RoleIn = Type.Object({ id: Id, role: RoleSchema }, { additionalProperties: false });
export type RoleIn = Static<typeof RoleIn>;
export const LeaveIn = Type.Object({ stayId: Id }, { additionalProperties: false });
export type LeaveIn = Static<typeof LeaveIn>;
export const DoneOut = Type.Object({ done: Type.Boolean() });

/** 'Transférer le séjour': the member who becomes its owner. */
export const TransferIn = Type.Object({ memberId: Id }, { additionalProperties: false });
export type TransferIn = Static<typeof TransferIn>;
