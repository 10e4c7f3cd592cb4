import { productImageSrcSet } from '@farmstand/shared/constants/images';
import { todayDateOnly, weekStart } from '@farmstand/shared/format/date-only';
import { lineName } from '@farmstand/shared/format/quantity';
import { CSA_LIMITS, type CsaBox, CsaBoxRequest, type CsaPlan } from '@farmstand/shared/schemas/csa';
import { type FormEvent, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { SelectInput, TextArea, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { messageAt, requestResolver } from '@/lib/form-errors';
import { useMyProducts } from '@/lib/queries';
import { csaDay, usePlanBoxes, usePostBox, useUploadBoxPhoto } from '../api';

const muted = 'text-stone-700 dark:text-stone-300';
const alertText = 'text-sm text-red-700 dark:text-red-400';
const statusBox = 'rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/30 dark:text-green-100';

type Row = { choice: string; quantities: string[] };
type Values = { week_of: string; items: Row[]; note: string };
type Option = { value: string; label: string };

/** "12" (a product) or "12:3" (its variant 3). */
const choiceOf = (productId: number, variantId: number | null) =>
  variantId === null ? `${productId}` : `${productId}:${variantId}`;

const newRow = (sizes: number, choice = '', quantities?: number[]): Row => ({
  choice,
  quantities: quantities ? quantities.map(String) : Array.from({ length: sizes }, () => '1'),
});

/** The box's problems are said in one line, under the form: the first one. */
const FORM_LINE = 'box';

/**
 * The farm posts a week's box for a plan (decision 515): items of its own products with a quantity
 * per box size, and a note; then, optionally, a photo. The server mails every active member what is
 * in their size and says so (and warns when orders for that week were already placed). Below, the
 * boxes posted so far, each of which can be loaded back to correct it.
 */
export function CsaBoxEditor({ plan }: { plan: Pick<CsaPlan, 'id' | 'name' | 'sizes' | 'places'> }) {
  const products = useMyProducts();
  const boxes = usePlanBoxes(plan.id);
  const post = usePostBox();
  const zone = plan.places[0]?.time_zone;
  const [posted, setPosted] = useState<{ weekOf: string; message: string } | null>(null);
  const options: Option[] = (products.data?.products ?? [])
    .filter((p) => p.active)
    .flatMap((p) =>
      p.variants.length > 0
        ? p.variants.map((v) => ({ value: choiceOf(p.id, v.id), label: lineName(p.name, v.name) }))
        : [{ value: choiceOf(p.id, null), label: p.name }],
    );
  const labelOf = new Map(options.map((o) => [o.value, o.label]));
  const form = useForm<Values, unknown, z.output<typeof CsaBoxRequest>>({
    defaultValues: { week_of: todayDateOnly(new Date(), zone), items: [newRow(plan.sizes.length)], note: '' },
    resolver: requestResolver(
      CsaBoxRequest,
      (values: Values, problem) => {
        const chosen = values.items.filter((row) => row.choice !== '');
        const twice = chosen.find((row, i) => chosen.findIndex((other) => other.choice === row.choice) < i);
        if (twice) problem(FORM_LINE, `${labelOf.get(twice.choice) ?? 'An item'} is in the box twice: give it once`);
        return {
          week_of: values.week_of,
          items: chosen.map((row) => {
            const [productId, variantId] = row.choice.split(':').map(Number);
            return { productId, variantId: variantId ?? null, quantities: row.quantities };
          }),
          note: values.note.trim() || null,
        };
      },
      () => FORM_LINE,
      (issue) =>
        issue.code === 'invalid_type' && issue.path.includes('quantities')
          ? 'Give a quantity for each size (0 for none)'
          : issue.message,
    ),
    reValidateMode: 'onSubmit',
  });
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const items = form.watch('items');
  const week = form.watch('week_of');
  const posts = boxes.data?.boxes ?? [];
  const existing = week ? posts.find((b) => b.week_of === weekStart(week)) : undefined;

  const load = (box: CsaBox) => {
    form.reset({
      week_of: box.week_of,
      items:
        box.items.length > 0
          ? box.items.map((i) => newRow(plan.sizes.length, choiceOf(i.product_id, i.variant_id), i.quantities))
          : [newRow(plan.sizes.length)],
      note: box.note ?? '',
    });
    setPosted(null);
    form.setFocus('week_of');
  };

  const submit = form.handleSubmit((box) =>
    post.mutate(
      { id: plan.id, box },
      { onSuccess: (answer) => setPosted({ weekOf: answer.box.week_of, message: answer.message }) },
    ),
  );

  return (
    <div className="space-y-5">
      <form onSubmit={submit} noValidate className="space-y-3" aria-label={`Post a box for ${plan.name}`}>
        <div className="sm:w-56">
          <TextInput
            label="Week of"
            type="date"
            required
            hint="The box is for that date’s week, Monday to Sunday."
            {...form.register('week_of', { onChange: () => setPosted(null) })}
          />
        </div>
        {existing && (
          <p className={`text-sm ${muted}`}>
            A box is posted for the week of {csaDay(existing.week_of)}: posting again replaces it and mails members again.
          </p>
        )}
        {products.isError && <p className={alertText}>Could not load your products; try again.</p>}
        {products.isSuccess && options.length === 0 && (
          <p className={`text-sm ${muted}`}>Add products to your farm first: a box holds your own products.</p>
        )}
        <ol className="space-y-3">
          {rows.fields.map((row, index) => (
            <li key={row.id}>
              <fieldset className="rounded-lg border border-stone-200 p-3 dark:border-stone-700">
                <legend className="px-1 text-sm font-medium">Item {index + 1}</legend>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] sm:items-end">
                  <SelectInput label="Product" {...form.register(`items.${index}.choice`)}>
                    <option value="">Choose a product</option>
                    {options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </SelectInput>
                  {plan.sizes.map((size, s) => (
                    <TextInput
                      key={size.name}
                      label={`${size.name} box`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={50}
                      {...form.register(`items.${index}.quantities.${s}`)}
                    />
                  ))}
                </div>
                {rows.fields.length > 1 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="mt-2"
                    aria-label={`Remove item ${index + 1}${items[index]?.choice ? ` (${labelOf.get(items[index].choice) ?? ''})` : ''}`}
                    onClick={() => rows.remove(index)}
                  >
                    Remove
                  </Button>
                )}
              </fieldset>
            </li>
          ))}
        </ol>
        {rows.fields.length < CSA_LIMITS.maxBoxItems && (
          <Button size="sm" variant="secondary" onClick={() => rows.append(newRow(plan.sizes.length))}>
            Add an item
          </Button>
        )}
        <TextArea
          label="Note for members (optional)"
          rows={2}
          maxLength={1000}
          placeholder="First strawberries next week!"
          {...form.register('note')}
        />
        <FormError>{messageAt(form.formState.errors, FORM_LINE)}</FormError>
        <FormError>{post.isError && errorMessage(post.error, 'Could not post the box; try again')}</FormError>
        <Button type="submit" isLoading={post.isPending}>
          Post box and email members
        </Button>
      </form>
      {/* Always in the page, so the server's answer is read out when it arrives. */}
      <div role="status" className={posted ? statusBox : ''}>
        {posted?.message}
      </div>
      {posted && <BoxPhoto planId={plan.id} weekOf={posted.weekOf} />}
      <PostedBoxes plan={plan} boxes={posts} isPending={boxes.isPending} onEdit={load} />
    </div>
  );
}

/** The posted box's photo, optional: one image, replaced by the next. */
function BoxPhoto({ planId, weekOf }: { planId: number; weekOf: string }) {
  const upload = useUploadBoxPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate({ id: planId, weekOf, file }, { onSuccess: (answer) => setDone(answer.message) });
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={`Photo of the box for the week of ${csaDay(weekOf)}`}>
      <TextInput
        label="Photo of the box (optional)"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="text-sm"
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setDone('');
        }}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={!file} isLoading={upload.isPending}>
        Add photo
      </Button>
      {done && <p role="status">{done}</p>}
      <FormError>{upload.isError && errorMessage(upload.error, 'Could not add the photo; try again')}</FormError>
    </form>
  );
}

function PostedBoxes({
  plan,
  boxes,
  isPending,
  onEdit,
}: {
  plan: Pick<CsaPlan, 'sizes'>;
  boxes: CsaBox[];
  isPending: boolean;
  onEdit: (box: CsaBox) => void;
}) {
  if (isPending) return null;
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Posted boxes</h4>
      {boxes.length === 0 ? (
        <p className={`text-sm ${muted}`}>No box posted yet.</p>
      ) : (
        <ul className="space-y-3">
          {boxes.slice(0, 6).map((box) => (
            <li
              key={box.week_of}
              className="flex flex-col gap-3 rounded-lg border border-stone-200 p-3 text-sm sm:flex-row dark:border-stone-700"
            >
              {box.photo_url && (
                <img
                  src={box.photo_url}
                  srcSet={productImageSrcSet(box.photo_url)}
                  sizes="8rem"
                  alt={`Box for the week of ${csaDay(box.week_of)}`}
                  width={800}
                  height={600}
                  loading="lazy"
                  decoding="async"
                  className="h-24 w-32 shrink-0 rounded-md object-cover"
                />
              )}
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-medium">Week of {csaDay(box.week_of)}</p>
                {box.items.length === 0 ? (
                  <p className={muted}>No items listed.</p>
                ) : (
                  <ul>
                    {box.items.map((item) => (
                      <li key={`${item.product_id}-${item.variant_id ?? ''}`}>
                        {lineName(item.name, item.variant_name)}:{' '}
                        <span className={muted}>
                          {plan.sizes.map((s, i) => `${s.name} ${item.quantities[i] ?? 0}`).join(' · ')}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {box.note && <p className="whitespace-pre-line break-words">{box.note}</p>}
              </div>
              <div>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onEdit(box)}
                  aria-label={`Edit the box for the week of ${csaDay(box.week_of)}`}
                >
                  Edit
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
