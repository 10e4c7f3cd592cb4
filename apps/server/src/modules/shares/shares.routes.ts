import { ErrorResponse, IdParams } from '@farmstand/shared';
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
import { requireRole, requireUser } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import * as shares from './shares.service';

const tags = ['shares'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
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
        tags,
        security,
        body: ReserveShareRequest,
        response: { 201: ShareReservationResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(one(await shares.reserveShare(ctx, await requireUser(ctx, request), request.body))),
  );

  app.get(
    '/mine',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Your share reservations, and how many shares of one product a shopper may hold',
        tags,
        security,
        response: { 200: MyShareList, ...errors },
      },
    },
    async (request) => shares.listMyShares(ctx, await requireUser(ctx, request)),
  );

  app.get(
    '/received',
    {
      config: producerOnly,
      schema: { summary: 'Share reservations of your farm', tags, security, response: { 200: ShareReservationList, ...errors } },
    },
    async (request) =>
      shares.listReceivedShares(ctx, await requireRole(ctx, request, ['producer'], producerOnly.accessMessages.denied)),
  );

  app.get(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'One share reservation',
        tags,
        security,
        params: IdParams,
        response: { 200: ShareReservationResponse, ...errors },
      },
    },
    async (request) => one(await shares.getShare(ctx, await requireUser(ctx, request), request.params.id)),
  );

  app.put(
    '/:id/cut-sheet',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Fill in or change the cut sheet, before its deadline',
        tags,
        security,
        params: IdParams,
        body: CutSheetRequest,
        response: { 200: ShareReservationResponse, ...errors },
      },
    },
    async (request) => one(await shares.submitCutSheet(ctx, await requireUser(ctx, request), request.params.id, request.body)),
  );

  app.put(
    '/:id/deposit',
    {
      config: producerOnly,
      schema: {
        summary: 'Record the deposit the farm received (or clear it)',
        tags,
        security,
        params: IdParams,
        body: DepositRequest,
        response: { 200: ShareReservationResponse, ...errors },
      },
    },
    async (request) => one(await shares.recordDeposit(ctx, await requireUser(ctx, request), request.params.id, request.body)),
  );

  app.put(
    '/:id/bill',
    {
      config: producerOnly,
      schema: {
        summary:
          'Enter the hanging weight and processing fees once the animal is processed (a bill far above the estimate is confirmed)',
        tags,
        security,
        params: IdParams,
        body: ShareBillRequest,
        response: { 200: ShareReservationResponse, ...errors },
      },
    },
    async (request) => one(await shares.enterBill(ctx, await requireUser(ctx, request), request.params.id, request.body)),
  );

  app.post(
    '/:id/ready',
    {
      config: producerOnly,
      schema: {
        summary: 'Tell the shopper the share is ready, with where and when to pick it up',
        tags,
        security,
        params: IdParams,
        body: ShareReadyRequest,
        response: { 200: ShareReservationResponse, ...errors },
      },
    },
    async (request) => one(await shares.markReady(ctx, await requireUser(ctx, request), request.params.id, request.body.note)),
  );

  app.post(
    '/:id/picked-up',
    {
      config: producerOnly,
      schema: {
        summary: 'Mark the share picked up (and paid)',
        tags,
        security,
        params: IdParams,
        response: { 200: ShareReservationResponse, ...errors },
      },
    },
    async (request) => one(await shares.markPickedUp(ctx, await requireUser(ctx, request), request.params.id)),
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Cancel a share: the shopper before the cut sheet deadline, the farm with a reason',
        tags,
        security,
        params: IdParams,
        body: ShareCancelRequest,
        response: { 200: ShareReservationResponse, ...errors },
      },
    },
    async (request) => one(await shares.cancelShare(ctx, await requireUser(ctx, request), request.params.id, request.body)),
  );
};

export default defineModule({ prefix: '/shares', routes: sharesRoutes });
