import { z } from 'zod';
import { EMAIL_MAX, newPasswordSchema, PASSWORD_MAX } from './auth';
import { idSchema, nameSchema, textSchema } from './common';

/** Owners add and remove members and change roles; members use the budget. The household's creator is an owner. */
const ROLES = ['owner', 'member'] as const;
export const roleSchema = z.enum(ROLES, { error: 'Role must be owner or member' });
export type Role = z.infer<typeof roleSchema>;

/** One person of the household, as Settings › Members lists them. */
export const memberSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  /** ISO timestamp of the last sign-in, null before the first. */
  last_sign_in_at: z.string().nullable(),
  /** Still on the temporary password another member gave them. */
  must_change_password: z.boolean(),
  /** The signed-in person themselves. */
  is_you: z.boolean(),
  role: roleSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const addMemberBodySchema = z.object({
  name: nameSchema,
  email: textSchema(EMAIL_MAX).trim().email({ error: 'Email is not valid' }),
});
export type AddMemberBody = z.infer<typeof addMemberBodySchema>;

/** PUT /members/:id: an owner makes someone an owner or a member. */
export const changeRoleBodySchema = z.object({ role: roleSchema });
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

/** The new member and the temporary password, shown this once (only its hash is stored). */
export const addedMemberSchema = z.object({ member: memberSchema, temporary_password: z.string() });
export type AddedMember = z.infer<typeof addedMemberSchema>;

export const changePasswordBodySchema = z
  .object({
    current_password: textSchema(PASSWORD_MAX).min(1, { error: "Current password can't be blank" }),
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    error: "Password confirmation doesn't match Password",
    path: ['password_confirmation'],
  })
  .refine((b) => b.password !== b.current_password, { error: 'Choose a password other than the current one', path: ['password'] });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** One signed-in device of the person. Times are ISO timestamps. */
export const deviceSessionSchema = z.object({
  id: idSchema,
  device: z.string(),
  signed_in_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const OWNERS_ONLY = 'Only an owner of the household can add or remove members or change roles.';
export const LAST_OWNER_CANNOT_LEAVE = 'You are the only owner. Make another member an owner before you leave.';
export const LAST_OWNER_CANNOT_BE_DEMOTED = 'The household needs an owner. Make another member an owner first.';
export const MEMBER_NOT_FOUND = 'Member not found';
export const SESSION_NOT_FOUND = 'Session not found';
export const WRONG_CURRENT_PASSWORD = 'Current password is not correct';
export const CHOOSE_OWN_PASSWORD = 'You signed in with a temporary password. Choose your own password first.';
