import { IdParams } from '@farmstand/shared';
import { PROFILE_IMAGE_TYPES, ProfileImageResponse } from '@farmstand/shared/schemas/producers';
import {
  ImageDeleteRequest,
  ImageUploadResponse,
  ProductResponse,
  SetPrimaryImageRequest,
} from '@farmstand/shared/schemas/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as images from './images.service';
import { isTruthyField, readImageUpload } from './multipart-upload';

const PRODUCERS_ONLY = 'Only producer accounts can upload images';
/** Product images: the owner or an admin (ownership checked in images.service). */
const managerAccess = { access: ['producer', 'admin'], accessMessages: { denied: PRODUCERS_ONLY } } as const;
const multipartBody = {
  description: 'multipart/form-data: `image` (JPEG, PNG or WebP, at most 5 MB) and text fields',
};

/** Image uploads (spec 02 §7 Images), read with the image limits (multipart-upload.ts). */
const imageRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/products/:id',
    {
      config: managerAccess,
      schema: {
        summary: 'Add a product image (fields: image, isPrimary). Re-encoded to WebP, metadata stripped.',
        description: multipartBody.description,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: ImageUploadResponse, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const upload = await readImageUpload(request);
      const result = await images.addProductImage(
        ctx,
        user,
        request.params.id,
        upload.buffer,
        isTruthyField(upload.fields.isPrimary),
      );
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/products/:id/images',
    {
      config: managerAccess,
      schema: {
        summary: 'Delete one product image (body: imageUrl, isPrimary)',
        params: IdParams,
        body: ImageDeleteRequest,
        response: { 200: ProductResponse, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => ({ product: await images.deleteProductImage(ctx, request.user, request.params.id, request.body) }),
  );

  app.put(
    '/products/:id/primary',
    {
      config: managerAccess,
      schema: {
        summary: 'Make one of the additional images the primary one (body: imageUrl)',
        params: IdParams,
        body: SetPrimaryImageRequest,
        response: { 200: ProductResponse, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => ({ product: await images.setPrimaryImage(ctx, request.user, request.params.id, request.body.imageUrl) }),
  );

  app.post(
    '/producers/profile',
    {
      config: { access: ['producer'], accessMessages: { denied: PRODUCERS_ONLY } },
      schema: {
        summary: 'Set my farm profile picture (fields: image, imageType=profile)',
        description: multipartBody.description,
        consumes: ['multipart/form-data'],
        response: { 201: ProfileImageResponse, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const upload = await readImageUpload(request);
      const imageType = upload.fields.imageType || 'profile';
      if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(imageType)) {
        throw badRequest(`imageType must be one of: ${PROFILE_IMAGE_TYPES.join(', ')}`, 'imageType');
      }
      const imageUrl = await images.setProfileImage(ctx, user, upload.buffer);
      return reply.status(201).send({ imageUrl, imageType: 'profile' as const });
    },
  );
};

export default defineModule({ prefix: '/images', routes: imageRoutes });
