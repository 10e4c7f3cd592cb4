import { IdParams } from '@farmstand/shared';
import { MessageResponse } from '@farmstand/shared/schemas/auth';
import {
  CertificationCreatedResponse,
  CertificationRequest,
  OwnProducerProfile,
  ProducerListQuery,
  ProducerListResponse,
  ProducerProfileRequest,
  ResubmitApplicationRequest,
} from '@farmstand/shared/schemas/producers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as producers from './producers.service';

const PRODUCERS_ONLY = 'Producer profiles are only available for producer accounts.';
const producerAccess = { access: ['producer'], accessMessages: { denied: PRODUCERS_ONLY } } as const;

/** Farm profiles and their certifications (spec 02 §7 Producers). A producer's public id is its user id. */
const producerRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Listed producers, filtered by location (ZIP or "Town, ST", or latitude/longitude + radius), category and certified',
        querystring: ProducerListQuery,
        response: { 200: ProducerListResponse, ...errors(400) },
      },
    },
    async (request) => producers.listProducers(ctx, request.query),
  );

  app.get(
    '/me/profile',
    {
      config: producerAccess,
      schema: {
        summary: 'My farm profile (404 when there is none yet)',
        response: { 200: OwnProducerProfile, ...errors(400, 404) },
      },
    },
    async (request) => producers.getOwnProfile(ctx, request.user),
  );

  app.post(
    '/',
    {
      config: producerAccess,
      schema: {
        summary: 'Create my farm profile (geocoded offline from ZIP or town)',
        body: ProducerProfileRequest,
        response: { 201: OwnProducerProfile, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await producers.createProfile(ctx, request.user, request.body)),
  );

  app.put(
    '/me',
    {
      config: producerAccess,
      schema: {
        summary: 'Update my farm profile',
        body: ProducerProfileRequest,
        response: { 200: OwnProducerProfile, ...errors(400, 404, 409) },
      },
    },
    async (request) => producers.updateProfile(ctx, request.user, request.body),
  );

  app.post(
    '/me/verification/resubmit',
    {
      config: producerAccess,
      schema: {
        summary: 'Send a rejected or more-info application back for review, with a note of what changed',
        body: ResubmitApplicationRequest,
        response: { 200: OwnProducerProfile, ...errors(400, 404, 409) },
      },
    },
    async (request) => producers.resubmitApplication(ctx, request.user, request.body),
  );

  app.post(
    '/me/certifications',
    {
      config: producerAccess,
      schema: {
        summary: 'Add a certification (pending until an admin verifies it)',
        body: CertificationRequest,
        response: { 201: CertificationCreatedResponse, ...errors(400, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await producers.addCertification(ctx, request.user, request.body)),
  );

  app.delete(
    '/me/certifications/:id',
    {
      config: producerAccess,
      schema: {
        summary: 'Delete one of my certifications',
        params: IdParams,
        response: { 200: MessageResponse, ...errors(400, 404) },
      },
    },
    async (request) => producers.deleteCertification(ctx, request.user, request.params.id),
  );
};

export default defineModule({ prefix: '/producers', routes: producerRoutes });
