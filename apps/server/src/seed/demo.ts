import { PLAN_PRICES } from '@farmstand/shared';
import { plusDays } from '@farmstand/shared/format/date-only';
import { toCents } from '@farmstand/shared/format/money';
import { defaultTaxClass } from '@farmstand/shared/tax/questions';
import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  certifications,
  favorites,
  payments,
  producerBenefits,
  producers,
  products,
  reviews,
  subscriptions,
  users,
} from '../db/schema';
import type { AppContext } from '../lib/context';
import { hashPassword } from '../modules/auth';
import { replaceVariants } from '../modules/products';
import { DEMO_SHOPPER_EMAILS, draftReview } from './community';
import { type DemoPictureUrls, removeDemoPictures, storeDemoPictures } from './demo-pictures';
import { buildDemoFarms, type DemoFarm, type DemoProduct } from './farms';
import { insertDemoMarket, MARKET_MANAGER_EMAIL, MARKET_VOLUNTEER_EMAIL } from './markets';
import { buildMeatFarm, MEAT_FARM_EMAIL } from './meat-farm';
import { insertDemoPickup } from './pickup';
import { createRandom, type Random } from './random';
import { insertDemoStanding } from './standing';
import { demoFarmSites } from './towns';

export const DEMO_PASSWORD = 'farmstand123';
export const DEMO_ACCOUNTS = [
  { role: 'consumer', email: 'consumer@farmstand.test', password: DEMO_PASSWORD },
  { role: 'producer', email: 'producer@farmstand.test', password: DEMO_PASSWORD },
  { role: 'admin', email: 'admin@farmstand.test', password: DEMO_PASSWORD },
  // The meat farm: beef cuts and whole chickens sold by weight (decisions 510, 511).
  { role: 'producer', email: MEAT_FARM_EMAIL, password: DEMO_PASSWORD },
  // The demo market's manager and its info booth's volunteer (issue 48, decision 581).
  { role: 'consumer', email: MARKET_MANAGER_EMAIL, password: DEMO_PASSWORD },
  { role: 'consumer', email: MARKET_VOLUNTEER_EMAIL, password: DEMO_PASSWORD },
] as const;

const DEMO_SEED = 20_240_601;
/** Advisory lock id so two instances starting on one empty PostgreSQL do not both seed. */
const DEMO_SEED_LOCK = 7_301_001;

export type DemoSeedCounts = {
  producers: number;
  products: number;
  certifications: number;
  reviews: number;
  favorites: number;
  consumers: number;
  pickupPoints: number;
};

/**
 * Seeds the demo catalogue into an empty database (no accounts but admins, so ADMIN_EMAIL does not
 * block it); returns the counts, or null when there was something already. Pictures are rendered
 * first, then every row goes in one transaction: a failed seed leaves no rows and no files.
 */
export async function seedDemoDataIfEmpty(ctx: AppContext, options: { now?: Date } = {}): Promise<DemoSeedCounts | null> {
  if (!(await isEmpty(ctx.db))) return null;
  const now = options.now ?? new Date();
  const random = createRandom(DEMO_SEED);
  const farms = [...buildDemoFarms(demoFarmSites(), random, now, accountEmail('producer')), buildMeatFarm(now)];
  const pictures = await storeDemoPictures(ctx.storage, farms);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
      if (!(await isEmpty(tx))) return null;
      return insertDemoCatalog(tx, { farms, pictures, passwordHash, random, now });
    });
  } catch (error) {
    await removeDemoPictures(ctx.storage, pictures).catch(() => undefined);
    throw error;
  }
}

async function isEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(ne(users.userType, 'admin'));
  return count === 0;
}

const accountEmail = (role: (typeof DEMO_ACCOUNTS)[number]['role']) =>
  DEMO_ACCOUNTS.find((account) => account.role === role)?.email as string;

type CatalogInput = { farms: DemoFarm[]; pictures: DemoPictureUrls; passwordHash: string; random: Random; now: Date };

async function insertDemoCatalog(tx: Db, { farms, pictures, passwordHash, random, now }: CatalogInput): Promise<DemoSeedCounts> {
  const daysAgo = (days: number) => plusDays(now, -days);

  const adminEmail = accountEmail('admin');
  const [existingAdmin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${adminEmail}`));
  if (!existingAdmin) {
    const [admin] = await tx
      .insert(users)
      .values({ email: adminEmail, passwordHash, userType: 'admin', emailVerified: true, createdAt: daysAgo(420) })
      .returning({ id: users.id });
    await tx.insert(subscriptions).values({ userId: admin.id, status: 'none' });
  }

  const consumerEmails = [accountEmail('consumer'), ...DEMO_SHOPPER_EMAILS];
  const consumers = await tx
    .insert(users)
    .values(
      consumerEmails.map((email, i) => ({
        email,
        passwordHash,
        userType: 'consumer' as const,
        emailVerified: true,
        createdAt: daysAgo(i === 0 ? 60 : random.int(5, 200)),
      })),
    )
    .returning({ id: users.id, email: users.email });
  await tx.insert(subscriptions).values(consumers.map((c) => ({ userId: c.id, status: 'none' as const })));

  const producerUsers = await tx
    .insert(users)
    .values(
      farms.map((farm) => ({
        email: farm.email,
        passwordHash,
        userType: 'producer' as const,
        phone: farm.phone,
        emailVerified: true,
        createdAt: farm.createdAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userIdByEmail = new Map(producerUsers.map((u) => [u.email, u.id]));
  const farmUserIds = farms.map((farm) => userIdByEmail.get(farm.email) as number);

  await tx.insert(subscriptions).values(
    farms.map((farm, i) =>
      farm.subscription.status === 'trialing'
        ? { userId: farmUserIds[i], status: 'trialing' as const, trialEndsAt: farm.subscription.trialEndsAt }
        : {
            userId: farmUserIds[i],
            status: 'active' as const,
            planType: farm.subscription.planType,
            currentPeriodEnd: farm.subscription.currentPeriodEnd,
            providerCustomerId: `cus_demo_${farmUserIds[i]}`,
            providerSubscriptionId: `sub_demo_${farmUserIds[i]}`,
          },
    ),
  );
  const paid = farms.flatMap((farm, i) =>
    farm.subscription.status === 'active'
      ? [
          {
            userId: farmUserIds[i],
            amountCents: toCents(PLAN_PRICES[farm.subscription.planType]),
            planType: farm.subscription.planType,
            providerRef: `pay_demo_${farmUserIds[i]}`,
            createdAt: daysAgo(farm.subscription.planType === 'annual' ? random.int(5, 300) : random.int(1, 28)),
          },
        ]
      : [],
  );
  if (paid.length) await tx.insert(payments).values(paid);

  const producerRows = await tx
    .insert(producers)
    .values(
      farms.map((farm, i) => ({
        userId: farmUserIds[i],
        farmName: farm.farmName,
        description: farm.description,
        address: farm.address,
        city: farm.city,
        state: farm.state,
        zip: farm.zip,
        phone: farm.phone,
        latitude: farm.latitude,
        longitude: farm.longitude,
        deliveryAvailable: farm.deliveryAvailable,
        deliveryRadius: farm.deliveryRadius,
        pickupInstructions: farm.pickupInstructions,
        profileImageUrl: pictures.farms[i],
        verificationStatus: farm.verificationStatus,
        verificationNotes: farm.verificationNotes,
        createdAt: farm.createdAt,
      })),
    )
    .returning({ id: producers.id, userId: producers.userId });
  const producerIdByUser = new Map(producerRows.map((p) => [p.userId, p.id]));
  const producerIds = farmUserIds.map((userId) => producerIdByUser.get(userId) as number);

  const certificationRows = farms.flatMap((farm, i) =>
    farm.certifications.map((c) => ({ ...c, producerId: producerIds[i], createdAt: farm.createdAt })),
  );
  await tx.insert(certifications).values(certificationRows);

  const catalogue = farms.flatMap((farm) => farm.products);
  const productRows = await tx
    .insert(products)
    .values(
      farms.flatMap((farm, i) =>
        farm.products.map((product, j) => ({
          ...productColumns(product),
          producerId: producerIds[i],
          primaryImageUrl: pictures.products[i][j],
          updatedAt: product.createdAt,
        })),
      ),
    )
    .returning({ id: products.id });
  // Variants go in through the product write's own path, in the catalogue's order.
  for (const [k, product] of catalogue.entries()) {
    if (product.variants?.length) await replaceVariants(tx, productRows[k].id, product.variants);
  }

  // Reviews by the demo shoppers: products and farms, a few of each person's still in moderation.
  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  for (const consumer of consumers) {
    const reviewed = random.shuffle(productRows).slice(0, random.int(6, 12));
    for (const product of reviewed) reviewRows.push(reviewRow(consumer.id, { productId: product.id }, random, daysAgo));
    for (const userId of random.shuffle(farmUserIds).slice(0, random.int(1, 3))) {
      reviewRows.push(reviewRow(consumer.id, { producerUserId: userId }, random, daysAgo));
    }
  }
  await tx.insert(reviews).values(reviewRows);

  // The demo consumer favourites the demo farm and three others; the other shoppers a few each.
  const approvedFarmUserIds = farmUserIds.filter((_, i) => farms[i].verificationStatus === 'approved');
  const favoriteRows = consumers.flatMap((consumer, i) => {
    const picks =
      i === 0
        ? [farmUserIds[0], ...random.shuffle(approvedFarmUserIds.slice(1)).slice(0, 3)]
        : random.shuffle(approvedFarmUserIds).slice(0, random.int(1, 4));
    return picks.map((producerUserId) => ({ userId: consumer.id, producerUserId, createdAt: daysAgo(random.int(1, 45)) }));
  });
  await tx.insert(favorites).values(favoriteRows);
  const pickupPointCount = await insertDemoPickup(tx, farms, farmUserIds, random, now);
  const otherApproved = approvedFarmUserIds.filter((id) => id !== farmUserIds[0]);
  await insertDemoMarket(tx, {
    now,
    passwordHash,
    demoFarmUserId: farmUserIds[0],
    applicantUserId: otherApproved[0] ?? farmUserIds[1],
    basketFarmUserIds: otherApproved.slice(1, 3),
  });
  await insertDemoStanding(
    tx,
    { userId: farmUserIds[0], producerId: producerIds[0] },
    consumers.slice(1).map((c) => c.id),
    now,
  );
  // Benefits at pickup (decision 516): the demo farm and a few others take SNAP, verified, and give
  // Kentucky Double Dollars at their town's market place (seed/pickup.ts, decision 540; the farm's own
  // market below is the one saved before places named theirs, which decides nothing now); the
  // demo farm also takes WIC coupons this season.
  const snapFarms = [...new Set([farmUserIds[0], ...approvedFarmUserIds.slice(1, 6)])];
  await tx.insert(producerBenefits).values(
    snapFarms.map((producerUserId, i) => ({
      producerUserId,
      fnsNumber: String(7_100_001 + i),
      snapStatus: 'verified' as const,
      snapReviewedAt: now,
      wicFmnpAccepted: i === 0,
      wicFmnpExpiresOn: i === 0 ? `${now.getUTCFullYear() + 1}-10-31` : null,
      incentiveMarket: 'Berea Farmers Market',
    })),
  );

  return {
    producers: producerRows.length,
    products: productRows.length,
    certifications: certificationRows.length,
    reviews: reviewRows.length,
    favorites: favoriteRows.length,
    consumers: consumers.length,
    pickupPoints: pickupPointCount,
  };
}

/** A demo product's columns (its tax class its own, else its category's: decision 574); its variants are rows of their own. */
function productColumns({ variants: _variants, ...columns }: DemoProduct) {
  return { ...columns, taxClass: columns.taxClass ?? defaultTaxClass(columns.category) };
}

function reviewRow(
  reviewerId: number,
  target: { productId: number } | { producerUserId: number },
  random: Random,
  daysAgo: (days: number) => Date,
): typeof reviews.$inferInsert {
  const draft = draftReview(random);
  const createdAt = daysAgo(draft.daysAgo);
  return {
    reviewerId,
    ...target,
    rating: draft.rating,
    title: draft.title,
    content: draft.content,
    status: draft.status,
    createdAt,
    updatedAt: createdAt,
  };
}
