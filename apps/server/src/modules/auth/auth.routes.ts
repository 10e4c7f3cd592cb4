import {
  AuthResponse,
  AuthRulesResponse,
  BecomeProducerRequest,
  ChangePasswordRequest,
  EmailRequest,
  LoginRequest,
  MessageResponse,
  RegisterRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  TEXTS,
  TokenRequest,
  UserResponse,
  VerifyEmailResponse,
} from '@farmstand/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as auth from './auth.service';
import { presentUser } from './user.presenter';

const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, sensitiveRateLimit }) => {
  // Sign-in and e-mail sending calls get a tighter per-IP limit than the rest of the API.
  const sensitive = { access: 'public', rateLimit: { max: sensitiveRateLimit, timeWindow: '1 minute' } } as const;

  app.post(
    '/register',
    {
      config: sensitive,
      schema: { body: RegisterRequest, response: { 201: AuthResponse, ...errors(400, 409) } },
    },
    async (request, reply) => reply.status(201).send(await auth.register(ctx, request.body)),
  );

  app.post(
    '/login',
    {
      config: sensitive,
      schema: { body: LoginRequest, response: { 200: AuthResponse, ...errors(401, 429) } },
    },
    // request.ip is the client's address (X-Forwarded-For only from a configured proxy): lockouts are per account and address.
    async (request) => auth.login(ctx, request.body, request.ip),
  );

  app.post(
    '/email-link',
    {
      config: sensitive,
      schema: {
        summary: 'E-mail a one-time sign-in link (works while password sign-in is locked)',
        body: EmailRequest,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await auth.sendSignInLink(ctx, request.body.email);
      return { message: 'If an account exists for that email, a sign-in link is on its way. It works once, for 15 minutes.' };
    },
  );

  app.post(
    '/email-link/sign-in',
    {
      config: sensitive,
      schema: {
        summary: 'Sign in with an e-mailed link (once)',
        body: TokenRequest,
        response: { 200: AuthResponse, ...errors(400, 403) },
      },
    },
    async (request) => auth.signInWithLink(ctx, request.body.token, request.ip),
  );

  app.post(
    '/become-producer',
    {
      config: {
        access: ['consumer'],
        accessMessages: {
          denied: { producer: 'This is already a producer account', admin: 'Admin accounts cannot become producers' },
        },
      },
      schema: {
        summary: 'Turn this shopper account into a producer account (starts the free trial)',
        body: BecomeProducerRequest,
        response: { 200: AuthResponse, ...errors(400, 409) },
      },
    },
    async (request) => auth.becomeProducer(ctx, request.user.id),
  );

  app.get(
    '/me',
    {
      // Unverified accounts must still see who they are (to be offered a new verification mail).
      config: { access: 'signed-in', allowUnverified: true, standHelpers: true },
      schema: { response: { 200: UserResponse } },
    },
    async (request) => presentUser(request.user, ctx.clock.now()),
  );

  app.post(
    '/verify-email',
    { config: sensitive, schema: { body: TokenRequest, response: { 200: VerifyEmailResponse, ...errors(400) } } },
    async (request) => {
      const { alreadyVerified } = await auth.verifyEmail(ctx, request.body.token);
      return alreadyVerified
        ? { message: 'Your email is already verified. You can log in.', alreadyVerified: true }
        : { message: TEXTS.verifySucceeded };
    },
  );

  app.post(
    '/change-password',
    {
      config: { ...sensitive, access: 'signed-in', allowUnverified: true, standHelpers: true },
      schema: {
        summary: 'Change the password with the current one; ends every other session',
        body: ChangePasswordRequest,
        response: { 200: AuthResponse, ...errors(400) },
      },
    },
    async (request) => auth.changePassword(ctx, request.user.id, request.body.currentPassword, request.body.newPassword),
  );

  app.get(
    '/rules',
    {
      config: { access: 'public' },
      schema: { summary: 'Password rules in force, for the sign-up and reset forms', response: { 200: AuthRulesResponse } },
    },
    async () => ({ password_min_length: await auth.passwordMinLength(ctx) }),
  );

  app.post(
    '/resend-verification',
    { config: sensitive, schema: { body: EmailRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await auth.resendVerification(ctx, request.body.email);
      return { message: 'Verification email sent! Please check your inbox.' };
    },
  );

  app.post(
    '/forgot-password',
    { config: sensitive, schema: { body: EmailRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await auth.forgotPassword(ctx, request.body.email);
      return { message: 'If an account exists for that email, a password reset link is on its way.' };
    },
  );

  app.post(
    '/reset-password',
    {
      config: sensitive,
      schema: { body: ResetPasswordRequest, response: { 200: ResetPasswordResponse, ...errors(400) } },
    },
    async (request) => {
      const session = await auth.resetPassword(ctx, request.body.token, request.body.password);
      return { message: 'Your password has been reset. You are signed in.', ...session };
    },
  );
};

export default defineModule({ prefix: '/auth', routes: authRoutes });
