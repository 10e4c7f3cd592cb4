import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants/limits';
import { TEXTS } from '../constants/texts';

/**
 * Every kind of account. A stand helper (decision 579) is invited by a farm and runs only that
 * farm's stand: nobody signs up as one, and an admin cannot make one (`ACCOUNT_TYPES`).
 */
export const USER_TYPES = ['consumer', 'producer', 'admin', 'stand_helper'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** The types an account may be changed to by an admin. */
export const ACCOUNT_TYPES = ['consumer', 'producer', 'admin'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Email must be a valid email address'));

/** US phone numbers: 10 digits, punctuation allowed; empty means none. */
export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'Phone is too long')
  .refine((v) => v === '' || /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/.test(v), {
    message: 'Phone must be a 10-digit US phone number',
  })
  .transform((v) => (v === '' ? null : v));

/** The too-short text of the spec ('Must be at least 8 characters long') for the minimum in force. */
export const passwordTooShortText = (minLength: number) => `Must be at least ${minLength} characters long`;
export const PASSWORD_ONLY_SPACES = 'Password cannot be only spaces';

/**
 * A new password. The minimum length is the admin's `password_min_length` setting (6 to 32), so
 * the wire contract leaves it out and the server checks the setting in force; forms pass the
 * minimum they were told by GET /api/auth/rules.
 */
export function newPasswordSchema(minLength?: number) {
  const base = z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .refine((value) => value.length === 0 || value.trim().length > 0, PASSWORD_ONLY_SPACES);
  return (minLength ? base.min(minLength, passwordTooShortText(minLength)) : base).max(200, 'Password is too long');
}

const password = newPasswordSchema();

export const RegisterRequest = z.object({
  email,
  password,
  userType: z.enum(['consumer', 'producer'], { error: 'Account type must be consumer or producer' }),
  phone: phoneSchema.nullish(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The register form adds a confirmation the server never sees, and checks the minimum in force. */
export const registerFormSchema = (passwordMinLength: number = PASSWORD_MIN_LENGTH) =>
  RegisterRequest.extend({
    password: newPasswordSchema(passwordMinLength),
    phone: z.string().optional(),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  }).refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: TEXTS.passwordsDoNotMatch,
  });
export const RegisterForm = registerFormSchema();

/** What the sign-up and reset forms need to know before the server checks it (GET /api/auth/rules). */
export const AuthRulesResponse = z.object({ password_min_length: z.number().int() });
export type AuthRulesResponse = z.infer<typeof AuthRulesResponse>;

export const LoginRequest = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const EmailRequest = z.object({ email });
/** POST /api/auth/become-producer: a shopper's explicit yes, since the account's favourites go (decision 391). */
export const BecomeProducerRequest = z.object({
  confirm: z.literal(true, 'Please confirm that you want to turn this account into a producer account'),
});
export type BecomeProducerRequest = z.infer<typeof BecomeProducerRequest>;
export const TokenRequest = z.object({
  token: z.string({ error: TEXTS.verifyTokenMissing }).trim().min(1, TEXTS.verifyTokenMissing),
});
export const ChangePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string({ error: 'Reset token is missing' }).trim().min(1, 'Reset token is missing'),
  password,
});

export const UserResponse = z.object({
  id: z.number(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  subscription: z.object({
    status: z.enum(SUBSCRIPTION_STATUSES),
    trial_ends_at: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserResponse>;

export const AuthResponse = z.object({ token: z.string(), user: UserResponse });
export type AuthResponse = z.infer<typeof AuthResponse>;
export const MessageResponse = z.object({ message: z.string() });
/** A link of an account that is already verified answers success again, saying so (decision 113). */
export const VerifyEmailResponse = z.object({ message: z.string(), alreadyVerified: z.boolean().optional() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;
/** A reset ends every earlier session; the person who reset is signed in with this fresh one. */
export const ResetPasswordResponse = AuthResponse.extend({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

/** Claims inside the JWT; the web app decodes the middle segment to read them. */
export interface TokenClaims {
  sub: string;
  email: string;
  userType: UserType;
  exp: number;
  iat?: number;
  /** Token version: older than the account's after a password reset or change, and then refused. */
  tv?: number;
}
