import type { FastifyInstance } from 'fastify';
import admin from './admin/admin.routes';
import adminReviews from './admin-reviews/admin-reviews.routes';
import analytics from './analytics/analytics.routes';
import announcements from './announcements/announcements.routes';
import auth from './auth/auth.routes';
import benefits from './benefits/benefits.routes';
import billing from './billing/billing.routes';
import books from './books/books.routes';
import certificationDocuments from './certification-documents/certification-documents.routes';
import csa from './csa/csa.routes';
import favorites from './favorites/favorites.routes';
import geocode from './geocode/geocode.routes';
import health from './health/health.routes';
import images from './images/images.routes';
import inquiries from './inquiries/inquiries.routes';
import labels from './labels/labels.routes';
import marketBasket from './market-basket/market-basket.routes';
import marketOrders from './market-basket/market-orders.routes';
import marketOffice from './market-office/market-office.routes';
import marketPickup, { marketCheckout } from './market-pickup/market-pickup.routes';
import markets from './markets/markets.routes';
import messages from './messages/messages.routes';
import type { ModuleOptions, ModuleRoutes } from './module';
import notices from './notices/notices.routes';
import ops from './ops/ops.routes';
import orderBenefits from './orders/order-benefits.routes';
import orders from './orders/orders.routes';
import pickup from './pickup/pickup.routes';
import producers from './producers/producers.routes';
import products from './products/products.routes';
import reminders from './reminders/reminders.routes';
import reviews from './reviews/reviews.routes';
import search from './search/search.routes';
import shares from './shares/shares.routes';
import site from './site/site.routes';
import stand from './stand/stand.routes';
import standHelpers from './stand/stand-helpers.routes';
import standReceipts from './stand/stand-receipts.routes';
import standing from './standing/standing.routes';
import storefront from './storefront/storefront.routes';
import testing from './testing/testing.routes';

export { defineModule, type ModuleOptions, type ModuleRoutes } from './module';

/**
 * Every domain's routes, mounted under /api in this order. A new domain adds its
 * `<domain>/<domain>.routes.ts` here (docs/CONVENTIONS.md).
 */
const MODULES: ModuleRoutes[] = [
  admin,
  adminReviews,
  analytics,
  announcements,
  auth,
  benefits,
  billing,
  books,
  certificationDocuments,
  csa,
  favorites,
  geocode,
  health,
  images,
  inquiries,
  labels,
  marketBasket,
  marketOrders,
  marketOffice,
  marketPickup,
  marketCheckout,
  markets,
  messages,
  notices,
  ops,
  orders,
  orderBenefits,
  pickup,
  producers,
  products,
  reminders,
  reviews,
  search,
  shares,
  site,
  stand,
  standHelpers,
  standReceipts,
  standing,
  storefront,
  testing,
];

export async function registerModules(api: FastifyInstance, options: ModuleOptions): Promise<void> {
  for (const module of MODULES) {
    if (module.enabled && !module.enabled(options.ctx.config)) continue;
    await api.register(module.routes, { ...options, prefix: module.prefix });
  }
}
