import { TEXTS } from '@farmstand/shared';
import {
  CONTACT_PREFERENCE_LABELS,
  CONTACT_PREFERENCES,
  MESSAGE_MAX_LENGTH,
  MESSAGING_TEXTS,
  maxInquiryQuantity,
} from '@farmstand/shared/constants/messaging';
import type { Product } from '@farmstand/shared/schemas/products';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { SelectInput, TextArea } from '@/components/ui/field';
import { track } from '@/lib/analytics';
import { errorMessage } from '@/lib/api';
import { useSendInquiry } from '../api';

// Reserving is the page's one way to order (decision 533): the quantity here is part of the question
// ("do you have 8 for Sunday?"), optional, with spec 01's options from 1 to min(stock or 10, 10).
const InquiryForm = z.object({
  message: z.string().trim().min(1, TEXTS.inquiryMessageRequired).max(MESSAGE_MAX_LENGTH),
  requestedQuantity: z.string().transform((v) => (v === '' ? undefined : Number(v))),
  contactPreference: z.enum(CONTACT_PREFERENCES),
});
type InquiryFormInput = z.input<typeof InquiryForm>;
type InquiryFormValues = z.output<typeof InquiryForm>;

/** The inquiry form itself, with its form library and schema: loaded only when a signed-in user sees it. */
export type InquiryProduct = Pick<Product, 'id' | 'name' | 'availability' | 'stock_quantity' | 'producer_user_id'>;

export default function InquiryFormCard({ product }: { product: InquiryProduct }) {
  const send = useSendInquiry();
  const maxQuantity = maxInquiryQuantity(product.stock_quantity);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InquiryFormInput, unknown, InquiryFormValues>({
    resolver: zodResolver(InquiryForm),
    defaultValues: { message: '', requestedQuantity: '', contactPreference: 'email' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ productId: product.id, ...values });
      track('product_inquiry', { productId: product.id, productName: product.name, producerId: product.producer_user_id });
      toast.success(MESSAGING_TEXTS.inquirySent);
      reset();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGING_TEXTS.inquiryFailed));
    }
  });

  return (
    <div>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Ask about {product.name}: the producer gets your question and replies in Messages. To order, use Add to basket above.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4">
        <TextArea
          label="Message"
          rows={3}
          placeholder="Hi! Will you have more next week? Could I pick up on Sunday?"
          error={errors.message?.message}
          {...register('message')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput label="Quantity you are asking about" {...register('requestedQuantity')}>
            <option value="">No particular amount</option>
            {Array.from({ length: maxQuantity }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectInput>
          <SelectInput label="Preferred contact" {...register('contactPreference')}>
            {CONTACT_PREFERENCES.map((preference) => (
              <option key={preference} value={preference}>
                {CONTACT_PREFERENCE_LABELS[preference]}
              </option>
            ))}
          </SelectInput>
        </div>
        <Button type="submit" isLoading={isSubmitting} className="w-full sm:w-auto">
          Send Inquiry
        </Button>
      </form>
    </div>
  );
}
