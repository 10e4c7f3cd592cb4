import { ErrorResponse, IdParams } from '@farmstand/shared';
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
import { requireRole } from '../../plugins/auth';
import type { ModuleOptions } from '../module';
import * as service from './verification.service';

const MessageResponse = z.object({ message: z.string() });
const readErrors = { 401: ErrorResponse, 403: ErrorResponse };
const writeErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const doc = { tags: ['admin'], security: [{ bearer: [] }] };

/** Producer applications and certification review, mounted by admin.routes.ts under /admin. */
export const verificationHandlers: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const requireAdmin = (request: Parameters<typeof requireRole>[1]) => requireRole(ctx, request, ['admin']);

  app.get(
    '/verification/pending',
    {
      config: { access: ['admin'] },
      schema: {
        ...doc,
        querystring: VerificationQueueQuery,
        response: { 200: PendingProducersResponse, 400: ErrorResponse, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.pendingProducers(ctx, request.query.status);
    },
  );

  app.get(
    '/producers/:id/details',
    {
      config: { access: ['admin'] },
      schema: { ...doc, params: IdParams, response: { 200: AdminProducerDetails, 404: ErrorResponse, ...readErrors } },
    },
    async (request) => {
      await requireAdmin(request);
      return service.producerDetails(ctx, request.params.id);
    },
  );

  app.get(
    '/producers/:id/certifications',
    {
      config: { access: ['admin'] },
      schema: { ...doc, params: IdParams, response: { 200: AdminCertificationListResponse, 404: ErrorResponse, ...readErrors } },
    },
    async (request) => {
      await requireAdmin(request);
      return { certifications: await service.producerCertifications(ctx, request.params.id) };
    },
  );

  app.put(
    '/producers/:id/verify',
    {
      config: { access: ['admin'] },
      schema: { ...doc, params: IdParams, body: ProducerVerifyRequest, response: { 200: MessageResponse, ...writeErrors } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return service.verifyProducer(ctx, admin, request.params.id, request.body);
    },
  );

  app.get(
    '/certifications',
    {
      config: { access: ['admin'] },
      schema: {
        ...doc,
        querystring: CertificationsQuery,
        response: { 200: AdminCertificationsResponse, 400: ErrorResponse, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.certifications(ctx, request.query.status);
    },
  );

  app.get(
    '/certifications/expiring',
    { config: { access: ['admin'] }, schema: { ...doc, response: { 200: AdminCertificationListResponse, ...readErrors } } },
    async (request) => {
      await requireAdmin(request);
      return { certifications: await service.expiringCertifications(ctx) };
    },
  );

  app.get(
    '/certifications/types',
    { config: { access: ['admin'] }, schema: { ...doc, response: { 200: CertificationTypesResponse, ...readErrors } } },
    async (request) => {
      await requireAdmin(request);
      return service.certificationTypes();
    },
  );

  app.put(
    '/certifications/:id/moderate',
    {
      config: { access: ['admin'] },
      schema: {
        ...doc,
        params: IdParams,
        body: CertificationModerateRequest,
        response: { 200: MessageResponse, ...writeErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return service.moderateCertification(ctx, admin, request.params.id, request.body);
    },
  );

  app.post(
    '/certifications/bulk',
    {
      config: { access: ['admin'] },
      schema: { ...doc, body: CertificationBulkRequest, response: { 200: CertificationBulkResponse, ...writeErrors } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return service.bulkModerateCertifications(ctx, admin, request.body);
    },
  );
};
