import { REVIEW_CONTENT_MAX, REVIEW_TITLE_MAX } from '@farmstand/shared/schemas/reviews';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextArea, TextInput } from '@/components/ui/field';
import { StarIcon } from '@/components/ui/icons';
import { track } from '@/lib/analytics';
import { errorMessage } from '@/lib/api';
import { type ReviewTarget, useCreateReview } from '../api';

const ReviewForm = z.object({
  rating: z.number({ error: 'Choose a rating from 1 to 5 stars' }).int().min(1, 'Choose a rating from 1 to 5 stars').max(5),
  title: z.string().trim().max(REVIEW_TITLE_MAX, `Title must be at most ${REVIEW_TITLE_MAX} characters`),
  content: z
    .string()
    .trim()
    .min(1, 'Please write your review')
    .max(REVIEW_CONTENT_MAX, `Review must be at most ${REVIEW_CONTENT_MAX} characters`),
});
type ReviewFormValues = z.infer<typeof ReviewForm>;

/** Write a review: stars, an optional title and the text. It waits for moderation once sent. */
export function WriteReviewForm({ target, onDone }: { target: ReviewTarget; onDone?: () => void }) {
  const create = useCreateReview();
  const form = useForm<ReviewFormValues>({
    resolver: zodResolver(ReviewForm),
    defaultValues: { rating: 0, title: '', content: '' },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(
      { ...target, rating: values.rating, title: values.title || null, content: values.content },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          track('review_submitted', target);
          form.reset();
          onDone?.();
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to submit review')),
      },
    ),
  );
  const ratingError = form.formState.errors.rating?.message;
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-stone-200 p-4 dark:border-stone-800">
      <h3 className="font-semibold">Write a review</h3>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <fieldset aria-describedby={ratingError ? 'rating-error' : undefined}>
            <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Your rating</legend>
            <div className="mt-1 flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="cursor-pointer">
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    className="peer sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={`block transition peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${
                      n <= field.value ? 'text-amber-500' : 'text-stone-300 dark:text-stone-600'
                    }`}
                  >
                    <StarIcon filled className="h-8 w-8" />
                  </span>
                  <span className="sr-only">
                    {n} star{n === 1 ? '' : 's'}
                  </span>
                </label>
              ))}
            </div>
            {ratingError && (
              <p id="rating-error" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
                {ratingError}
              </p>
            )}
          </fieldset>
        )}
      />
      <TextInput
        label="Title (optional)"
        maxLength={REVIEW_TITLE_MAX}
        {...form.register('title')}
        error={form.formState.errors.title?.message}
      />
      <TextArea label="Your review" rows={4} {...form.register('content')} error={form.formState.errors.content?.message} />
      <Button type="submit" isLoading={create.isPending}>
        Submit review
      </Button>
    </form>
  );
}
