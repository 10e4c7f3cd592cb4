import { IdParams } from '@farmstand/shared';
import {
  CutSheetRequest,
  DepositRequest,
  MyShareList,
  ReserveShareRequest,
  ShareBillRequest,
  ShareCancelRequest,
  ShareReadyRequest,
  ShareReservationList,
  ShareReservationResponse,
} from '@farmstand/shared/schemas/shares';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as shares from './shares.service';

const SHOPPERS = ['consumer', 'producer', 'admin'] as const;
const producerOnly = { access: ['producer'] as const, accessMessages: { denied: 'Only producers receive share reservations' } };
const one = (share: Awaited<ReturnType<typeof shares.getShare>>) => ({ share });

/** Meat shares (decision 512): reserved by shoppers, run by the farm, paid at pickup. */
const sharesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/',
    {
      config: { access: SHOPPERS, accessMessages: { signIn: 'Please sign in to reserve a share' } },
      schema: {
        summary: 'Reserve shares of an animal (deposit and bill paid to the farm directly)',
        body: ReserveShareRequest,
        response: { 201: ShareReservationResponse, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(one(await shares.reserveShare(ctx, request.user, request.body))),
  );

  app.get(
    '/mine',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Your share reservations, and how many shares of one product a shopper may hold',
        response: { 200: MyShareList, ...errors(400, 404, 409) },
      },
    },
    async (request) => shares.listMyShares(ctx, request.user),
  );

  app.get(
    '/received',
    {
      config: producerOnly,
      schema: {
        summary: 'Share reservations of your farm',
        response: { 200: ShareReservationList, ...errors(400, 404, 409) },
      },
    },
    async (request) => shares.listReceivedShares(ctx, request.user),
  );

  app.get(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'One share reservation',
        params: IdParams,
        response: { 200: ShareReservationResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => one(await shares.getShare(ctx, request.user, request.params.id)),
  );

  app.put(
    '/:id/cut-sheet',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Fill in or change the cut sheet, before its deadline',
        params: IdParams,
        body: CutSheetRequest,
        response: { 200: ShareReservationResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => one(await shares.submitCutSheet(ctx, request.user, request.params.id, request.body)),
  );

  app.put(
    '/:id/deposit',
    {
      config: producerOnly,
      schema: {
        summary: 'Record the deposit the farm received (or clear it)',
        params: IdParams,
        body: DepositRequest,
        response: { 200: ShareReservationResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => one(await shares.recordDeposit(ctx, request.user, request.params.id, request.body)),
  );

  app.put(
    '/:id/bill',
    {
      config: producerOnly,
      schema: {
        summary:
          'Enter the hanging weight and processing fees once the animal is processed (a bill far above the estimate is confirmed)',
        params: IdParams,
        body: ShareBillRequest,
        response: { 200: ShareReservationResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => one(await shares.enterBill(ctx, request.user, request.params.id, request.body)),
  );

  app.post(
    '/:id/ready',
    {
      config: producerOnly,
      schema: {
        summary: 'Tell the shopper the share is ready, with where and when to pick it up',
        params: IdParams,
        body: ShareReadyRequest,
        response: { 200: ShareReservationResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => one(await shares.markReady(ctx, request.user, request.params.id, request.body.note)),
  );

  app.post(
    '/:id/picked-up',
    {
      config: producerOnly,
      schema: {
        summary: 'Mark the share picked up (and paid)',
        params: IdParams,
        response: { 200: ShareReservationResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => one(await shares.markPickedUp(ctx, request.user, request.params.id)),
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Cancel a share: the shopper before the cut sheet deadline, the farm with a reason',
        params: IdParams,
        body: ShareCancelRequest,
        response: { 200: ShareReservationResponse, ...errors(400, 404, 409) },
      },
    },
    async (request) => one(await shares.cancelShare(ctx, request.user, request.params.id, request.body)),
  );
};

export default defineModule({ prefix: '/shares', routes: sharesRoutes });
