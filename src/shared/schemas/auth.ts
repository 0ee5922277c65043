import { z } from 'zod';
import { blankableNameSchema, idSchema, nameSchema, notGiven, textSchema } from './common';

/** The users.email column's length (the longest address the standards allow). */
export const EMAIL_MAX = 320;
/** Far longer than any passphrase; bounds the work of hashing what a stranger sends. */
export const PASSWORD_MAX = 1000;

export const signInBodySchema = z.object({
  email: textSchema(EMAIL_MAX).trim().min(1),
  password: textSchema(PASSWORD_MAX).min(1),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  uid: z.string(),
  name: z.string(),
  household_id: idSchema,
  household_name: z.string(),
  /** On a temporary password another member gave: the client asks for a new one before anything else. */
  must_change_password: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const signInResponseSchema = z.object({ data: userSchema });
export const validateTokenResponseSchema = z.object({ success: z.literal(true), data: userSchema });

/** The five headers of the devise_token_auth scheme, as stored in localStorage. */
export const CREDENTIAL_HEADERS = ['access-token', 'client', 'expiry', 'token-type', 'uid'] as const;
export type CredentialHeader = (typeof CREDENTIAL_HEADERS)[number];
export type Credentials = Record<CredentialHeader, string>;

export const MIN_PASSWORD_LENGTH = 10;

/** A password someone chooses (first run, or their own new one). */
export const newPasswordSchema = textSchema(PASSWORD_MAX).min(MIN_PASSWORD_LENGTH, { error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` });

/** First run only: `GET /setup/status` tells whether the install has any user yet. */
export const setupStatusSchema = z.object({ needs_household: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const createHouseholdBodySchema = z
  .object({
    household_name: nameSchema,
    name: nameSchema,
    email: textSchema(EMAIL_MAX).trim().email({ error: 'Email is not valid' }),
    password: newPasswordSchema,
    password_confirmation: z.string(),
    // Optional, as in Settings (the `wife` and `husband` there): blank or left out, a partner stays unnamed.
    first_partner_name: notGiven(blankableNameSchema),
    second_partner_name: notGiven(blankableNameSchema),
  })
  .refine((b) => b.password === b.password_confirmation, {
    error: "Password confirmation doesn't match Password",
    path: ['password_confirmation'],
  });
export type CreateHouseholdBody = z.infer<typeof createHouseholdBodySchema>;
