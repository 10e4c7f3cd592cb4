import { z } from 'zod';
import { TEXTS } from '../constants/texts';
import { EmailRequest, newPasswordSchema } from './auth';
import { requiredText } from './fields';

/**
 * Stand helpers (issue 47 item 1, decision 579): a farm invites the people who run its booth by
 * e-mail; each gets an account that runs only that farm's stand (`user_type` 'stand_helper').
 * The farm's account lists, invites and removes them; the invitation link is public.
 */

/** How long an invitation link works. */
export const STAND_INVITATION_DAYS = 7;

export const StandHelperInviteRequest = EmailRequest;
export type StandHelperInviteRequest = z.infer<typeof StandHelperInviteRequest>;

export const StandHelper = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  added_at: z.string(),
  /** When a sale or pickup this helper recorded last happened; null before their first. */
  last_recorded_at: z.string().nullable(),
});
export type StandHelper = z.infer<typeof StandHelper>;

export const StandInvitation = z.object({
  id: z.number(),
  email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type StandInvitation = z.infer<typeof StandInvitation>;

export const StandHelpersResponse = z.object({ helpers: z.array(StandHelper), invitations: z.array(StandInvitation) });
export type StandHelpersResponse = z.infer<typeof StandHelpersResponse>;

const INCOMPLETE_LINK = 'The invitation link is incomplete: open it again from the e-mail';
export const StandInvitationToken = z.object({
  token: z.string({ error: INCOMPLETE_LINK }).trim().min(1, INCOMPLETE_LINK),
});

/** What the invitation page shows before the helper sets their name and password. */
export const StandInvitationView = z.object({ farm_name: z.string(), email: z.string(), expires_at: z.string() });
export type StandInvitationView = z.infer<typeof StandInvitationView>;

export const StandInvitationAccept = StandInvitationToken.extend({
  name: requiredText(80, 'Your name'),
  password: newPasswordSchema(),
});
export type StandInvitationAccept = z.infer<typeof StandInvitationAccept>;

/** The accept form adds a confirmation the server never sees, and checks the minimum in force. */
export const standInvitationFormSchema = (passwordMinLength?: number) =>
  z
    .object({
      name: requiredText(80, 'Your name'),
      password: newPasswordSchema(passwordMinLength),
      confirmPassword: z.string().min(1, 'Please confirm your password'),
    })
    .refine((v) => v.password === v.confirmPassword, { message: TEXTS.passwordsDoNotMatch, path: ['confirmPassword'] });
export type StandInvitationForm = z.infer<ReturnType<typeof standInvitationFormSchema>>;
