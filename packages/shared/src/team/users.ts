import { z } from 'zod';
import { m } from '../messages/message.js';
import { ZPassword } from '../auth.js';

/** docs/decisions/0058: the commission columns the money ledger reads (migration 0010). */
export const COMMISSION_TYPES = ['none', 'fixed', 'percent'] as const;
export type TCommissionType = (typeof COMMISSION_TYPES)[number];
export const COMMISSION_ON = ['confirmed', 'delivered'] as const;
export type TCommissionOn = (typeof COMMISSION_ON)[number];

/** An invitation (a one-use set-password link) lives 72 hours. */
export const INVITATION_HOURS = 72;

/** A user as the users screen lists it. */
export interface TTeamUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  avatar_url: string | null;
  role: string;
  role_id: number;
  commission_type: TCommissionType;
  commission_amount: number;
  commission_rate: number;
  commission_on: TCommissionOn;
  is_admin: boolean;
  active: boolean;
  /** Invited and has not chosen a password yet. */
  invitation_pending: boolean;
  last_login_at: string | null;
  created_at: string;
}

const ZName = z
  .string()
  .trim()
  .min(1, m('validation.required', { field: 'name' }))
  .max(120, m('validation.too_long', { field: 'name', max: 120 }));
const ZPhone = z
  .string()
  .trim()
  .max(30, m('validation.too_long', { field: 'phone', max: 30 }))
  .nullish()
  .transform((v) => (v ? v : null));
const ZRoleId = z.coerce
  .number({ message: m('validation.required', { field: 'role' }) })
  .int()
  .positive();

/** The commission fields, checked together: a fixed commission needs an amount, a rate is 0-100. */
const commissionShape = {
  commission_type: z.enum(COMMISSION_TYPES).default('none'),
  commission_amount: z.coerce.number().min(0).max(1_000_000_000).default(0),
  commission_rate: z.coerce
    .number()
    .min(0, m('team.commission_rate_range'))
    .max(100, m('team.commission_rate_range'))
    .default(0),
  commission_on: z.enum(COMMISSION_ON).default('delivered'),
};
function commissionRule(v: { commission_type: TCommissionType; commission_amount: number }, ctx: z.RefinementCtx) {
  if (v.commission_type === 'fixed' && !(v.commission_amount > 0)) {
    ctx.addIssue({ code: 'custom', path: ['commission_amount'], message: m('team.commission_amount_required') });
  }
}

export const ZCreateUserRequest = z
  .object({
    name: ZName,
    email: z.string().trim().toLowerCase().email(m('validation.email')).max(190),
    phone: ZPhone,
    role_id: ZRoleId,
    /** Absent: the user is invited by e-mail and chooses a password through the link. */
    password: ZPassword.optional(),
    ...commissionShape,
  })
  .superRefine(commissionRule);
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

export const ZUpdateUserRequest = z
  .object({ name: ZName, phone: ZPhone, role_id: ZRoleId, ...commissionShape })
  .superRefine(commissionRule);
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/** Deactivation: the open orders go to another user, or stay where they are (null). */
export const ZDeactivateUserRequest = z.object({
  reassign_to: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
});

export const ZSetUserPasswordRequest = z.object({ password: ZPassword });

/** What creating, inviting or re-sending answers: the set-password link, to copy for WhatsApp. */
export interface TInvitationAnswer {
  user: TTeamUser;
  link: string | null;
  expires_at: string | null;
}
