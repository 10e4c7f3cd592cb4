import { ErrorResponse, IdParams } from '@farmstand/shared';
import { MessageResponse } from '@farmstand/shared/schemas/auth';
import {
  CertificationCreatedResponse,
  CertificationRequest,
  OwnProducerProfile,
  ProducerListQuery,
  ProducerListResponse,
  ProducerProfileRequest,
  PublicProducerProfile,
  ResubmitApplicationRequest,
} from '@farmstand/shared/schemas/producers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/auth';
import { defineModule, type ModuleOptions } from '../module';
import * as producers from './producers.service';

const tags = ['producers'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const PRODUCERS_ONLY = 'Producer profiles are only available for producer accounts.';
const producerAccess = { access: ['producer'], accessMessages: { denied: PRODUCERS_ONLY } } as const;

/** Farm profiles and their certifications (spec 02 §7 Producers). A producer's public id is its user id. */
const producerRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const producer = (request: Parameters<typeof requireRole>[1]) => requireRole(ctx, request, ['producer'], PRODUCERS_ONLY);

  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Listed producers, filtered by location (ZIP or "Town, ST", or latitude/longitude + radius), category and certified',
        querystring: ProducerListQuery,
        response: { 200: ProducerListResponse, 400: ErrorResponse },
      },
    },
    async (request) => producers.listProducers(ctx, request.query),
  );

  app.get(
    '/me/profile',
    {
      config: producerAccess,
      schema: {
        tags,
        security,
        summary: 'My farm profile (404 when there is none yet)',
        response: { 200: OwnProducerProfile, ...errors },
      },
    },
    async (request) => producers.getOwnProfile(ctx, await producer(request)),
  );

  app.post(
    '/',
    {
      config: producerAccess,
      schema: {
        tags,
        security,
        summary: 'Create my farm profile (geocoded offline from ZIP or town)',
        body: ProducerProfileRequest,
        response: { 201: OwnProducerProfile, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await producers.createProfile(ctx, await producer(request), request.body)),
  );

  app.put(
    '/me',
    {
      config: producerAccess,
      schema: {
        tags,
        security,
        summary: 'Update my farm profile',
        body: ProducerProfileRequest,
        response: { 200: OwnProducerProfile, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => producers.updateProfile(ctx, await producer(request), request.body),
  );

  app.post(
    '/me/verification/resubmit',
    {
      config: producerAccess,
      schema: {
        tags,
        security,
        summary: 'Send a rejected or more-info application back for review, with a note of what changed',
        body: ResubmitApplicationRequest,
        response: { 200: OwnProducerProfile, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => producers.resubmitApplication(ctx, await producer(request), request.body),
  );

  app.post(
    '/me/certifications',
    {
      config: producerAccess,
      schema: {
        tags,
        security,
        summary: 'Add a certification (pending until an admin verifies it)',
        body: CertificationRequest,
        response: { 201: CertificationCreatedResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await producers.addCertification(ctx, await producer(request), request.body)),
  );

  app.delete(
    '/me/certifications/:id',
    {
      config: producerAccess,
      schema: {
        tags,
        security,
        summary: 'Delete one of my certifications',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => producers.deleteCertification(ctx, await producer(request), request.params.id),
  );

  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Public farm profile by the producer’s user id, with its listed products',
        params: IdParams,
        response: { 200: PublicProducerProfile, 404: ErrorResponse },
      },
    },
    async (request) => producers.getPublicProfile(ctx, await request.currentUser(), request.params.id),
  );
};

export default defineModule({ prefix: '/producers', routes: producerRoutes });
