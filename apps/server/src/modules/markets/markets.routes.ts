import {
  AllMarkets,
  Market,
  MarketInput,
  MarketList,
  MarketPage,
  MarketParams,
  MarketSearchQuery,
  MarketSlugParams,
  MarketStaffParams,
  MarketVendorParams,
  MarketVendors,
  MyMarkets,
  StaffInput,
  StaffList,
  VendorApplication,
  VendorDecision,
  VendorInvite,
  VendorMemberships,
  VendorPlace,
} from '@farmstand/shared/schemas/markets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule, errors, type ModuleOptions } from '../module';
import * as pages from './market-pages.service';
import * as vendors from './market-vendors.service';
import { marketGate } from './markets.access';
import * as markets from './markets.service';

const tags = ['markets'];

/** Admins create markets and grant their managers (decision 581). */
const adminOnly = {
  access: ['admin'],
  accessMessages: { denied: 'Only administrators create markets and grant their managers' },
} as const;
/**
 * A market's managers and volunteers are accounts of any type (but a stand helper): the route lets
 * every signed-in account through, and `marketAccess` decides by the account's role at this market.
 */
const marketStaff = { access: 'signed-in' } as const;
/** A farm's own standing at markets: its account alone. */
const farmOnly = { access: ['producer'], accessMessages: { denied: 'Only a farm’s account applies to markets' } } as const;

/**
 * Markets (issue 48 items 1 and 6, decision 581): the public list and pages, the admin's markets and
 * managers, a manager's settings, staff and vendors, and a farm's applications. The info booth,
 * reports and books are `market-office` (mounted under the same prefix).
 */
const marketRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const manager = marketGate(ctx, 'manager');

  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Farmers markets: by name or town (q), nearest first around lat/lng (within radius miles when given)',
        querystring: MarketSearchQuery,
        response: { 200: MarketList, ...errors(400) },
      },
    },
    async (request) => pages.listMarkets(ctx, request.query),
  );

  app.post(
    '/',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Create a market (its page address is made from its name)',
        body: MarketInput,
        response: { 201: Market, ...errors(400, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await markets.createMarket(ctx, request.body)),
  );

  app.get(
    '/all',
    { config: adminOnly, schema: { tags, summary: 'Every market, for the admin', response: { 200: AllMarkets } } },
    async () => markets.allMarkets(ctx),
  );

  app.get(
    '/mine',
    {
      config: marketStaff,
      schema: { tags, summary: 'The markets I help run, with my role at each', response: { 200: MyMarkets } },
    },
    async (request) => markets.myMarkets(ctx, request.user),
  );

  app.get(
    '/vendor/memberships',
    {
      config: farmOnly,
      schema: {
        tags,
        summary: 'My farm’s applications, invitations and approvals at markets',
        response: { 200: VendorMemberships },
      },
    },
    async (request) => vendors.memberships(ctx, request.user),
  );

  app.get(
    '/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A market’s page: its days, the coming market days and its vendors with their products',
        params: MarketSlugParams,
        response: { 200: MarketPage, ...errors(400, 404) },
      },
    },
    async (request) => pages.marketPage(ctx, request.params.slug),
  );

  app.post(
    '/:id/managers',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Make an account (by its e-mail) a manager of the market',
        params: MarketParams,
        body: StaffInput,
        response: { 200: StaffList, ...errors(400, 404) },
      },
    },
    async (request) => markets.addManager(ctx, request.user, request.params.id, request.body.email),
  );

  app.delete(
    '/:id/managers/:userId',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Remove a manager of the market',
        params: MarketStaffParams,
        response: { 200: StaffList, ...errors(400, 404) },
      },
    },
    async (request) => markets.removeManager(ctx, request.user, request.params.id, request.params.userId),
  );

  app.get(
    '/:id/settings',
    {
      config: marketStaff,
      preValidation: manager,
      schema: {
        tags,
        summary: 'The market’s fields (its managers)',
        params: MarketParams,
        response: { 200: Market, ...errors(400, 404) },
      },
    },
    async (request) => markets.getSettings(ctx, request.user, request.params.id),
  );

  app.put(
    '/:id/settings',
    {
      config: marketStaff,
      preValidation: manager,
      schema: {
        tags,
        summary: 'Save the market’s fields: address, season, market days, closed dates, booth, incentive and fees (its managers)',
        params: MarketParams,
        body: MarketInput,
        response: { 200: Market, ...errors(400, 404) },
      },
    },
    async (request) => markets.saveSettings(ctx, request.user, request.params.id, request.body),
  );

  app.get(
    '/:id/staff',
    {
      config: marketStaff,
      preValidation: manager,
      schema: {
        tags,
        summary: 'The market’s managers and booth volunteers (its managers)',
        params: MarketParams,
        response: { 200: StaffList, ...errors(400, 404) },
      },
    },
    async (request) => markets.listStaff(ctx, request.user, request.params.id),
  );

  app.post(
    '/:id/volunteers',
    {
      config: marketStaff,
      preValidation: manager,
      schema: {
        tags,
        summary: 'Add a booth volunteer by their account’s e-mail (its managers)',
        params: MarketParams,
        body: StaffInput,
        response: { 200: StaffList, ...errors(400, 404, 409) },
      },
    },
    async (request) => markets.addVolunteer(ctx, request.user, request.params.id, request.body.email),
  );

  app.delete(
    '/:id/volunteers/:userId',
    {
      config: marketStaff,
      preValidation: manager,
      schema: {
        tags,
        summary: 'Remove a booth volunteer (its managers)',
        params: MarketStaffParams,
        response: { 200: StaffList, ...errors(400, 404) },
      },
    },
    async (request) => markets.removeVolunteer(ctx, request.user, request.params.id, request.params.userId),
  );

  app.get(
    '/:id/vendors',
    {
      config: marketStaff,
      preValidation: manager,
      schema: {
        tags,
        summary: 'The market’s vendors and applicants with their documents, FNS number and warnings (its managers)',
        params: MarketParams,
        response: { 200: MarketVendors, ...errors(400, 404) },
      },
    },
    async (request) => vendors.listVendors(ctx, request.user, request.params.id),
  );

  app.post(
    '/:id/vendors/invite',
    {
      config: marketStaff,
      preValidation: manager,
      schema: {
        tags,
        summary: 'Invite a farm (by its account’s e-mail) to be a vendor; the farm is mailed (its managers)',
        params: MarketParams,
        body: VendorInvite,
        response: { 200: MarketVendors, ...errors(400, 404, 409) },
      },
    },
    async (request) => vendors.inviteVendor(ctx, request.user, request.params.id, request.body.email),
  );

  app.post(
    '/:id/vendors/:producerId/decision',
    {
      config: marketStaff,
      preValidation: manager,
      schema: {
        tags,
        summary: 'Approve or decline a farm’s application (or withdraw its invitation), or remove a vendor; the farm is mailed',
        params: MarketVendorParams,
        body: VendorDecision,
        response: { 200: MarketVendors, ...errors(400, 404, 409) },
      },
    },
    async (request) => vendors.decideVendor(ctx, request.user, request.params.id, request.params.producerId, request.body),
  );

  app.post(
    '/:id/apply',
    {
      config: farmOnly,
      schema: {
        tags,
        summary: 'Apply to be a vendor of the market (again after a decline or removal), optionally with my place there',
        params: MarketParams,
        body: VendorApplication,
        response: { 200: VendorMemberships, ...errors(400, 404, 409) },
      },
    },
    async (request) => vendors.applyToMarket(ctx, request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/accept',
    {
      config: farmOnly,
      schema: {
        tags,
        summary: 'Accept the market’s invitation: my farm becomes its vendor',
        params: MarketParams,
        response: { 200: VendorMemberships, ...errors(400, 404) },
      },
    },
    async (request) => vendors.acceptInvitation(ctx, request.user, request.params.id),
  );

  app.put(
    '/:id/place',
    {
      config: farmOnly,
      schema: {
        tags,
        summary: 'Link one of my own market pickup places to the market (null unlinks it)',
        params: MarketParams,
        body: VendorPlace,
        response: { 200: VendorMemberships, ...errors(400, 404, 409) },
      },
    },
    async (request) => vendors.linkPlace(ctx, request.user, request.params.id, request.body),
  );
};

export default defineModule({ prefix: '/markets', routes: marketRoutes });
