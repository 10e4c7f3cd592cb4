import { IdParams } from '@farmstand/shared';
import {
  AdminCertificationListResponse,
  AdminCertificationsResponse,
  AdminProducerDetails,
  CertificationBulkRequest,
  CertificationBulkResponse,
  CertificationModerateRequest,
  CertificationsQuery,
  CertificationTypesResponse,
  PendingProducersResponse,
  ProducerVerifyRequest,
  VerificationQueueQuery,
} from '@farmstand/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, type ModuleOptions } from '../module';
import * as service from './verification.service';

const MessageResponse = z.object({ message: z.string() });

/** Producer applications and certification review, mounted by admin.routes.ts under /admin. */
export const verificationHandlers: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/verification/pending',
    {
      config: { access: ['admin'] },
      schema: {
        querystring: VerificationQueueQuery,
        response: { 200: PendingProducersResponse, ...errors(400) },
      },
    },
    async (request) => service.pendingProducers(ctx, request.query.status),
  );

  app.get(
    '/producers/:id/details',
    {
      config: { access: ['admin'] },
      schema: { params: IdParams, response: { 200: AdminProducerDetails, ...errors(404) } },
    },
    async (request) => service.producerDetails(ctx, request.params.id),
  );

  app.get(
    '/producers/:id/certifications',
    {
      config: { access: ['admin'] },
      schema: { params: IdParams, response: { 200: AdminCertificationListResponse, ...errors(404) } },
    },
    async (request) => ({ certifications: await service.producerCertifications(ctx, request.params.id) }),
  );

  app.put(
    '/producers/:id/verify',
    {
      config: { access: ['admin'] },
      schema: { params: IdParams, body: ProducerVerifyRequest, response: { 200: MessageResponse, ...errors(400, 404) } },
    },
    async (request) => service.verifyProducer(ctx, request.user, request.params.id, request.body),
  );

  app.get(
    '/certifications',
    {
      config: { access: ['admin'] },
      schema: {
        querystring: CertificationsQuery,
        response: { 200: AdminCertificationsResponse, ...errors(400) },
      },
    },
    async (request) => service.certifications(ctx, request.query.status),
  );

  app.get(
    '/certifications/expiring',
    { config: { access: ['admin'] }, schema: { response: { 200: AdminCertificationListResponse } } },
    async () => ({ certifications: await service.expiringCertifications(ctx) }),
  );

  app.get(
    '/certifications/types',
    { config: { access: ['admin'] }, schema: { response: { 200: CertificationTypesResponse } } },
    async () => service.certificationTypes(),
  );

  app.put(
    '/certifications/:id/moderate',
    {
      config: { access: ['admin'] },
      schema: {
        params: IdParams,
        body: CertificationModerateRequest,
        response: { 200: MessageResponse, ...errors(400, 404) },
      },
    },
    async (request) => service.moderateCertification(ctx, request.user, request.params.id, request.body),
  );

  app.post(
    '/certifications/bulk',
    {
      config: { access: ['admin'] },
      schema: { body: CertificationBulkRequest, response: { 200: CertificationBulkResponse, ...errors(400, 404) } },
    },
    async (request) => service.bulkModerateCertifications(ctx, request.user, request.body),
  );
};
