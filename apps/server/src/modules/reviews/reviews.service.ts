import {
  type CreateReviewRequest,
  FARM_PRODUCT_REVIEWS_PAGE,
  type FarmProductReviewsResponse,
  type ModerateReviewRequest,
  type ReviewDetail,
  type ReviewsResponse,
  type UpdateReviewRequest,
} from '@farmstand/shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  assertCanDeleteReview,
  assertCanEditReview,
  assertCanWriteReviews,
  assertReviewsEnabled,
  REVIEW_TEXTS,
} from './reviews.policy';
import { presentFarmProductReview, presentPublicReview, presentReviewDetail } from './reviews.presenter';
import * as repo from './reviews.repository';

export async function productReviews(ctx: AppContext, productId: number): Promise<ReviewsResponse> {
  if (!(await repo.productExists(ctx.db, productId))) throw notFound('Product not found');
  const where = repo.approvedForProduct(productId);
  const [rows, stats] = await Promise.all([repo.listReviews(ctx.db, where), repo.aggregate(ctx.db, where)]);
  return { reviews: rows.map(presentPublicReview), ...stats };
}

export async function producerReviews(ctx: AppContext, producerUserId: number): Promise<ReviewsResponse> {
  if (!(await repo.producerExists(ctx.db, producerUserId))) throw notFound('Producer not found');
  const where = repo.approvedForProducer(producerUserId);
  const [rows, stats] = await Promise.all([repo.listReviews(ctx.db, where), repo.aggregate(ctx.db, where)]);
  return { reviews: rows.map(presentPublicReview), ...stats };
}

/**
 * The farm page's reviews of the farm's products (issue 44 item 5): a page of them, newest first,
 * each with its product's name, and the average and count over all of them.
 */
export async function farmProductReviews(
  ctx: AppContext,
  producerUserId: number,
  page: { limit?: number; offset?: number },
): Promise<FarmProductReviewsResponse> {
  if (!(await repo.producerExists(ctx.db, producerUserId))) throw notFound('Producer not found');
  const [rows, stats] = await Promise.all([
    repo.listFarmProductReviews(ctx.db, producerUserId, {
      limit: page.limit ?? FARM_PRODUCT_REVIEWS_PAGE,
      offset: page.offset ?? 0,
    }),
    repo.farmProductRating(ctx.db, producerUserId),
  ]);
  return { reviews: rows.map(presentFarmProductReview), ...stats };
}

async function loadDetail(ctx: AppContext, id: number): Promise<ReviewDetail> {
  const [row] = await repo.listReviews(ctx.db, repo.byId(id));
  if (!row) throw notFound('Review not found');
  return presentReviewDetail(row);
}

export async function createReview(ctx: AppContext, user: AuthUser, input: CreateReviewRequest): Promise<ReviewDetail> {
  await assertReviewsEnabled(ctx);
  assertCanWriteReviews(user);
  const id = await ctx.db
    .transaction(async (tx) => {
      if (input.productId !== undefined) {
        const product = await repo.findVisibleProductOwner(tx, input.productId);
        if (!product) throw notFound('Product not found');
        if (product.ownerUserId === user.id) throw forbidden(REVIEW_TEXTS.ownProduct);
      } else if (input.producerId !== undefined) {
        if (!(await repo.producerExists(tx, input.producerId))) throw notFound('Producer not found');
        if (input.producerId === user.id) throw forbidden(REVIEW_TEXTS.ownFarm);
      }
      return repo.insertReview(tx, {
        reviewerId: user.id,
        productId: input.productId ?? null,
        producerUserId: input.producerId ?? null,
        rating: input.rating,
        title: input.title || null,
        content: input.content,
        status: 'pending',
      });
    })
    .catch((error) => {
      if (isUniqueViolation(error)) {
        throw conflict(input.productId !== undefined ? REVIEW_TEXTS.duplicateProduct : REVIEW_TEXTS.duplicateProducer);
      }
      throw error;
    });
  return loadDetail(ctx, id);
}

export async function updateReview(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  input: UpdateReviewRequest,
): Promise<ReviewDetail> {
  await ctx.db.transaction(async (tx) => {
    const review = await repo.findReview(tx, id);
    if (!review) throw notFound('Review not found');
    assertCanEditReview(user, review);
    await repo.updateReview(tx, id, {
      ...(input.rating !== undefined && { rating: input.rating }),
      ...(input.title !== undefined && { title: input.title || null }),
      ...(input.content !== undefined && { content: input.content }),
      // An author's edit is new text: it goes back to the moderation queue.
      status: 'pending' as const,
      moderationNote: null,
    });
  });
  return loadDetail(ctx, id);
}

export async function deleteReview(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const review = await repo.findReview(tx, id);
    if (!review) throw notFound('Review not found');
    assertCanDeleteReview(user, review);
    await repo.deleteReview(tx, id);
  });
}

export async function myReviews(ctx: AppContext, user: AuthUser): Promise<ReviewDetail[]> {
  const rows = await repo.listReviews(ctx.db, repo.byAuthor(user.id));
  return rows.map((row) => presentReviewDetail(row));
}

export async function receivedReviews(ctx: AppContext, user: AuthUser): Promise<ReviewDetail[]> {
  const rows = await repo.listReviews(ctx.db, repo.receivedBy(user.id));
  return rows.map((row) => presentReviewDetail(row, { maskReviewer: true }));
}

/** The author hears why their review was not published: live, and by mail. */
async function tellReviewerOfRejection(ctx: AppContext, reviewerId: number, detail: ReviewDetail, reason: string) {
  const item = detail.reviewed_item_name;
  ctx.events.emit('notification', { userId: reviewerId, message: `Your review of ${item} was not published. Reason: ${reason}` });
  const page = detail.product_id !== null ? `/product/${detail.product_id}` : `/producer/${detail.producer_id}`;
  await ctx.mailer.send({
    to: detail.reviewer_email,
    subject: `Your review of ${item} was not published`,
    heading: `Your review of ${item} was not published`,
    paragraphs: [
      'An administrator did not publish your review. The reason they gave:',
      reason,
      'You still see your review, with this reason, on the page it was written for; nobody else sees it.',
    ],
    action: { label: 'See your review', url: `${ctx.config.publicUrl}${page}#reviews-heading` },
    reason: `You are getting this because you wrote a review of ${item} on Farmstand.`,
  });
}

export async function moderateReview(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
  input: ModerateReviewRequest,
): Promise<ReviewDetail> {
  const review = await ctx.db.transaction(async (tx) => {
    const found = await repo.findReview(tx, id);
    if (!found) throw notFound('Review not found');
    await repo.updateReview(tx, id, {
      status: input.action === 'approve' ? 'approved' : 'rejected',
      moderationNote: input.reason || null,
    });
    await repo.logAdminAction(tx, {
      adminId: admin.id,
      action: input.action === 'approve' ? 'approve_review' : 'reject_review',
      targetType: 'review',
      targetId: String(id),
      details: input.reason ? { reason: input.reason } : null,
    });
    return found;
  });
  const detail = await loadDetail(ctx, id);
  if (input.action === 'approve') {
    ctx.events.emit('notification', {
      userId: review.reviewerId,
      message: `Your review of ${detail.reviewed_item_name} is now published.`,
    });
  } else {
    await tellReviewerOfRejection(ctx, review.reviewerId, detail, input.reason ?? '');
  }
  return detail;
}
