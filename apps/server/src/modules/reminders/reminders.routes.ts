import {
  ReminderSettings,
  ReminderSettingsRequest,
  UnsubscribeParams,
  UnsubscribeResponse,
  unsubscribePagePath,
} from '@farmstand/shared/schemas/reminders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptOneClickPosts } from '../../plugins/one-click-unsubscribe';
import { defineModule, errors, type ModuleOptions } from '../module';
import { pickupRemindersOf, setPickupReminders, userOfUnsubscribeToken } from '../orders';

const signedIn = { access: 'signed-in' as const, accessMessages: { signIn: 'Please sign in to change your reminders' } };

/**
 * The shopper's pickup reminders (decision 505): read and set from the orders page, and the mail's
 * one-click unsubscribe (RFC 8058). The link's GET only leads to a page that asks; the POST (the
 * page's button, or the mail client's own "Unsubscribe") turns reminders off.
 */
const remindersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  acceptOneClickPosts(app);

  app.get(
    '/mine',
    {
      config: signedIn,
      schema: {
        summary: 'Whether you get a reminder e-mail the day before a pickup',
        response: { 200: ReminderSettings },
      },
    },
    async (request) => ({ pickup_reminders: await pickupRemindersOf(ctx, request.user.id) }),
  );

  app.put(
    '/mine',
    {
      config: signedIn,
      schema: {
        summary: 'Turn the day-before pickup reminder e-mails on or off',
        body: ReminderSettingsRequest,
        response: { 200: ReminderSettings, ...errors(400) },
      },
    },
    async (request) => {
      const user = request.user;
      await setPickupReminders(ctx, user.id, request.body.pickup_reminders);
      return { pickup_reminders: request.body.pickup_reminders };
    },
  );

  app.get(
    '/unsubscribe/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The reminder mail’s unsubscribe link: leads to the page that asks (changes nothing)',
        params: UnsubscribeParams,
        response: { 303: z.null(), ...errors(400) },
      },
    },
    async (request, reply) => {
      userOfUnsubscribeToken(ctx, request.params.token);
      return reply.redirect(unsubscribePagePath(request.params.token), 303);
    },
  );

  app.post(
    '/unsubscribe/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'One-click unsubscribe from pickup reminders (RFC 8058), with the mail’s signed token',
        params: UnsubscribeParams,
        response: { 200: UnsubscribeResponse, ...errors(400) },
      },
    },
    async (request) => {
      await setPickupReminders(ctx, userOfUnsubscribeToken(ctx, request.params.token), false);
      return {
        pickup_reminders: false as const,
        message: 'You will no longer get pickup reminder e-mails. You can turn them back on from your orders page.',
      };
    },
  );
};

export default defineModule({ prefix: '/reminders', routes: remindersRoutes });
