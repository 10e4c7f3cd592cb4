import { IdParams } from '@farmstand/shared';
import {
  BillingMessageResponse,
  CancelSubscriptionResponse,
  ConfirmSubscriptionRequest,
  ConfirmSubscriptionResponse,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  GrantSubscriptionRequest,
  PortalSessionResponse,
  SubscriptionStatusResponse,
} from '@farmstand/shared/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { defineModule, errors, type ModuleOptions } from '../module';
import { PRODUCER_ONLY_BILLING } from './billing.policy';
import { presentSubscription } from './billing.presenter';
import * as billing from './billing.service';
import { handleStripeEvent, verifyStripeEvent } from './billing.webhook';
import { createPaymentProvider } from './providers';

const tags = ['billing'];
/** Subscriptions belong to producers: guests get a 401, consumers and admins a 403 (billing.policy.ts). */
const producerAccess = { access: ['producer'], accessMessages: { denied: PRODUCER_ONLY_BILLING } } as const;

/** Spec 01 §7 "Billing": paths are /api/stripe/... whichever provider is configured (docs/decisions/080). */
const billingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, sensitiveRateLimit }) => {
  const provider = createPaymentProvider(ctx.config);
  // Who may call comes before what was sent (config.access): a guest gets 401 even with an empty body.
  const sensitiveProducer = { ...producerAccess, rateLimit: { max: sensitiveRateLimit, timeWindow: '1 minute' } };

  app.get(
    '/subscription-status',
    { config: producerAccess, schema: { tags, response: { 200: SubscriptionStatusResponse } } },
    async (request) => presentSubscription(await billing.getSubscription(ctx, request.user.id), provider, ctx.clock.now()),
  );

  app.post(
    '/create-payment-intent',
    {
      config: sensitiveProducer,
      schema: {
        tags,
        body: CreatePaymentIntentRequest,
        response: { 200: CreatePaymentIntentResponse, ...errors(400, 409) },
      },
    },
    async (request) => billing.createPaymentIntent(ctx, provider, request.user, request.body),
  );

  app.post(
    '/confirm-subscription',
    {
      config: sensitiveProducer,
      schema: {
        tags,
        body: ConfirmSubscriptionRequest,
        response: { 200: ConfirmSubscriptionResponse, ...errors(400, 402, 409) },
      },
    },
    async (request) => {
      const user = request.user;
      const row = await billing.confirmSubscription(ctx, provider, user, request.body);
      return { message: 'Subscription activated', subscription: presentSubscription(row, provider, ctx.clock.now()) };
    },
  );

  app.post(
    '/cancel-subscription',
    {
      config: producerAccess,
      schema: { tags, response: { 200: CancelSubscriptionResponse, ...errors(400) } },
    },
    async (request) => {
      const user = request.user;
      const row = await billing.cancelSubscription(ctx, provider, user.id);
      return {
        message: 'Your subscription will end at the end of the current billing period',
        subscription: presentSubscription(row, provider, ctx.clock.now()),
      };
    },
  );

  app.post(
    '/create-portal-session',
    {
      config: producerAccess,
      schema: { tags, response: { 200: PortalSessionResponse, ...errors(400) } },
    },
    async (request) => ({ url: await billing.createPortalSession(ctx, provider, request.user.id) }),
  );

  // What the admin's grant dialog shows: the producer's trial or plan and when it ends.
  app.get(
    '/admin/subscription/:id',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        params: IdParams,
        response: { 200: SubscriptionStatusResponse, ...errors(400, 404) },
      },
    },
    async (request) => presentSubscription(await billing.getSubscription(ctx, request.params.id), provider, ctx.clock.now()),
  );

  app.post(
    '/admin/grant-subscription',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        body: GrantSubscriptionRequest,
        response: { 200: ConfirmSubscriptionResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      const admin = request.user;
      const row = await billing.grantSubscription(ctx, admin.id, request.body);
      return { message: 'Subscription granted', subscription: presentSubscription(row, provider, ctx.clock.now()) };
    },
  );

  // Stripe signs the exact bytes it sent, so this route alone keeps the body raw.
  await app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhooks.post(
      '/webhook',
      // Public: the payment provider calls it; the signature is what authenticates.
      {
        config: { access: 'public' },
        schema: { tags, response: { 200: BillingMessageResponse, ...errors(400, 404) } },
      },
      async (request, reply) => {
        const secret = ctx.config.stripe.webhookSecret;
        if (!secret) return reply.code(404).send({ message: 'Webhooks are not configured' });
        if (!Buffer.isBuffer(request.body)) throw badRequest('Webhook body must be JSON');
        const signature = request.headers['stripe-signature'];
        const event = verifyStripeEvent(request.body, typeof signature === 'string' ? signature : undefined, secret);
        await handleStripeEvent(ctx, event);
        return { message: 'received' };
      },
    );
  });
};

export default defineModule({ prefix: '/stripe', routes: billingRoutes });
