// The reviews module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { farmProductRating, listReviews } from './reviews.repository';
export { farmProductReviews, moderateReview, producerReviews, productReviews } from './reviews.service';
