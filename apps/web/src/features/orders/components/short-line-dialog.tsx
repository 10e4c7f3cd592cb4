import { formatPackQuantity } from '@farmstand/shared/format/quantity';
import type { Order, OrderResponse } from '@farmstand/shared/schemas/orders';
import { SHORT_REASON_MAX, type ShortLineRequest } from '@farmstand/shared/schemas/short-harvest';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { TextArea, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { api, errorMessage } from '@/lib/api';
import { ORDERS_KEY } from '@/lib/queries';

type Line = Order['items'][number];

/** The producer has less of a line than the shopper asked for: the new quantity (0 drops it) and why. */
export function useShortLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, productId, ...body }: ShortLineRequest & { orderId: number; productId: number }) =>
      api.post<OrderResponse>(`/orders/${orderId}/lines/${productId}/short`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

type Errors = { quantity?: string; reason?: string; form?: string };

/**
 * Why a quantity typed is not one to send, or undefined. An empty field is not 0: dropping a line
 * is typed as 0 on purpose.
 */
export function quantityError(text: string, current: number): string | undefined {
  if (text.trim() === '') return 'Enter how many you have (0 drops the line)';
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) return 'Enter a whole number, 0 or more';
  if (n >= current) return `Enter less than the ${current} in this line (0 drops it)`;
  return undefined;
}

/**
 * "Short" on a line of an order not yet ready: a dialog (keyboard, focus kept inside and given back
 * to the line's button on close) asking how many there are and why; the shopper is told at once.
 */
export function ShortLineDialog({ orderId, line, onClose }: { orderId: number; line: Line; onClose: () => void }) {
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const quantityInput = useRef<HTMLInputElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const shorten = useShortLine();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      quantity: quantityError(quantity, line.quantity),
      reason: reason.trim() ? undefined : 'Say why there is less, so the shopper knows',
    };
    setErrors(found);
    if (found.quantity) return quantityInput.current?.focus();
    if (found.reason) return reasonInput.current?.focus();
    if (line.product_id === null) return;
    try {
      await shorten.mutateAsync({
        orderId,
        productId: line.product_id,
        variantId: line.variant_id,
        quantity: Number(quantity),
        reason: reason.trim(),
      });
      toast.success(`Order #${orderId}: ${line.name} ${Number(quantity) === 0 ? 'dropped' : 'shortened'}; the shopper is told`);
      onClose();
    } catch (error) {
      setErrors({ form: errorMessage(error, 'Could not change the order') });
    }
  };

  return (
    <Modal title={`Short harvest: ${line.name}`} onClose={onClose} width="max-w-md">
      <form className="space-y-4" onSubmit={submit} noValidate>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          The shopper asked for {formatPackQuantity(line.ordered_quantity ?? line.quantity, line.price_unit)}
          {line.ordered_quantity !== null ? `; this line now holds ${line.quantity}` : ''}. They are told at once and may cancel
          the rest without penalty.
        </p>
        <TextInput
          ref={quantityInput}
          label="How many you have"
          inputMode="numeric"
          autoComplete="off"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={errors.quantity}
          hint={`Less than ${line.quantity}; 0 drops the line`}
          autoFocus
        />
        <TextArea
          ref={reasonInput}
          label="Reason for the shopper"
          rows={2}
          maxLength={SHORT_REASON_MAX}
          placeholder="Frost took the rest"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
        />
        <FormError>{errors.form}</FormError>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isLoading={shorten.isPending}>
            {quantity.trim() === '0' ? 'Drop the line' : 'Shorten the line'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
