import {
  AVAILABILITIES,
  AVAILABILITY_LABELS,
  CATEGORY_LABELS,
  CERTIFICATION_LABELS,
  CERTIFICATION_TYPES,
  type ProductCategory,
  type StateCode,
} from '@farmstand/shared';
import { impliedAllergens } from '@farmstand/shared/labels/allergens';
import {
  INSPECTION_LABELS,
  isInspectedCategory,
  MEAT_LABEL_REFUSAL,
  meatListingViolation,
} from '@farmstand/shared/labels/meat-rules';
import {
  inspectionOptions,
  KIND_CATEGORIES,
  KIND_HINTS,
  KIND_QUESTIONS,
  PRODUCT_KIND_LABELS,
  productKind,
  productKindViolation,
} from '@farmstand/shared/labels/product-kinds';
import { type LabelProducer, NET_UNIT_LABELS, NET_UNITS, splitTopLevel } from '@farmstand/shared/labels/rules';
import { SELLER_TYPE_LABELS, SELLER_TYPES_BY_STATE, sellerTypeViolation } from '@farmstand/shared/labels/seller-types';
import {
  DEFAULT_PRICE_UNITS,
  lacksPriceUnit,
  PRICE_UNIT_REQUIRED,
  type Product,
  ProductRequest,
  REGULATED_TEXTS,
  regulatedCategoryViolation,
  VariantRequest,
} from '@farmstand/shared/schemas/products';
import { SHARE_PRICE_UNIT } from '@farmstand/shared/schemas/shares';
import { type Path, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectInput, TextArea, TextInput } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api';
import { numberOrNull, validateWith } from '@/lib/form-errors';
import { useCreateProduct, useUpdateProduct } from '../api';
import { PRODUCT_TEXTS } from '../texts';
import { AllergenPicker, fromAllergenChoice, toAllergenChoice } from './allergen-picker';
import { OfferFields } from './by-weight-fields';
import { DayLimitFields } from './day-limit-fields';
import { IngredientListEditor } from './ingredient-list-editor';
import { LabelChecklist } from './label-checklist';
import { OriginFields, originRequest, toOriginValues } from './origin-fields';
import { ProductImages } from './product-images';
import {
  offerRequest,
  type ProductFormValues,
  serverFieldPath,
  shareProblems,
  shareRequest,
  toOfferValues,
  toShareValues,
  toVariantValues,
  variantRequest,
} from './product-offer';
import { RegulatedNotice } from './regulated-notice';
import { CUSTOM_EXEMPT_NOTE, ShareFields, ShareToggle } from './share-fields';
import { TaxFields, taxRequest, toTaxValues } from './tax-fields';
import { VariantsEditor } from './variants-editor';

type Values = ProductFormValues;

const toValues = (p: Product | null): Values => ({
  name: p?.name ?? '',
  category: p?.category ?? '',
  description: p?.description ?? '',
  ...toOfferValues(p),
  // A share's price unit is the server's ("lb hanging weight"), not one the producer typed.
  ...(p?.share ? { price_unit: '' } : {}),
  availability: p?.availability ?? 'available',
  stock_quantity: p?.stock_quantity?.toString() ?? '',
  day_limit: p?.day_limit?.toString() ?? '',
  seasonal_start: p?.seasonal_start ?? '',
  seasonal_end: p?.seasonal_end ?? '',
  // Products saved before the ordered list existed start from their free-text ingredients.
  ingredient_list: p ? (p.ingredient_list.length > 0 ? p.ingredient_list : splitTopLevel(p.ingredients ?? '')) : [],
  allergens: toAllergenChoice(p?.allergens ?? [], p?.allergens_confirmed_absent ?? []),
  seller_type: p?.seller_type ?? 'home_processor',
  net_quantity: p?.net_quantity?.toString() ?? '',
  net_unit: p?.net_unit ?? '',
  required_certifications: p?.required_certifications ?? [],
  pickup_instructions: p?.pickup_instructions ?? '',
  variants: (p?.variants ?? []).map(toVariantValues),
  inspection: p?.inspection ?? '',
  establishment_number: p?.establishment_number ?? '',
  is_share: p?.share != null,
  share: toShareValues(p?.share ?? null),
  ...toOriginValues(p?.origin_state),
  ...toTaxValues(p?.tax_class, p?.category ?? ''),
});

/** Which field a broken regulated-category rule belongs to. */
function regulatedField(message: string): 'price_unit' | 'description' | 'category' {
  if (message === REGULATED_TEXTS.herdshareVolume) return 'price_unit';
  if (message === REGULATED_TEXTS.petFoodLabel) return 'description';
  return 'category';
}

type Props = {
  product: Product | null;
  producerState: StateCode;
  /** The farm fields a label prints: the checklist ticks them for the farm's state. */
  labelProducer: LabelProducer;
  maxImages: number;
  /** The site's cap on variants per product (features.max_variants_per_product). */
  maxVariants: number;
  onSaved: (product: Product) => void;
  onClose: () => void;
};

/** Add or edit a product; images become available once it has been saved (spec 02 §2, §5). */
export function ProductForm({ product, producerState, labelProducer, maxImages, maxVariants, onSaved, onClose }: Props) {
  const isNew = product === null;
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const form = useForm<Values>({ defaultValues: toValues(product) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const availability = form.watch('availability');
  const category = form.watch('category');
  const isSeasonal = availability === 'seasonal';
  const ingredientList = form.watch('ingredient_list');
  const allergens = form.watch('allergens');
  const netQuantity = numberOrNull(form.watch('net_quantity'));
  const netUnit = form.watch('net_unit');
  const offer = form.watch(['sold_by', 'price', 'price_unit', 'weight_unit', 'pack_min', 'pack_max']);
  const hasVariants = form.watch('variants').length > 0;
  const isMeat = isInspectedCategory(category);
  const isShare = form.watch('is_share') && category === 'meat';
  // The kind decides which questions are asked (decision 550): the server refuses another kind's.
  const kind = productKind(category, isShare);
  const asks = KIND_QUESTIONS[kind];
  const inspection = form.watch('inspection');
  const defaultUnit = DEFAULT_PRICE_UNITS[category as ProductCategory] ?? null;

  const onSubmit = form.handleSubmit(async (values) => {
    // Each variant's own rules first, so a message lands under that variant's field.
    let variantsValid = true;
    values.variants.forEach((variant, i) => {
      const result = VariantRequest.safeParse(variantRequest(variant));
      if (result.success) {
        if (!lacksPriceUnit(values.category, variantRequest(variant))) return;
        variantsValid = false;
        form.setError(`variants.${i}.price_unit`, { message: PRICE_UNIT_REQUIRED });
        return;
      }
      variantsValid = false;
      const issue = result.error.issues[0];
      form.setError(`variants.${i}.${String(issue?.path[0] ?? 'name')}` as Path<Values>, { message: issue?.message });
    });
    if (!variantsValid) return;
    const share = values.is_share && values.category === 'meat';
    if (share) {
      const problems = shareProblems(values);
      for (const problem of problems) form.setError(problem.path as Path<Values>, { message: problem.message });
      if (problems.length > 0) return;
    }
    const origin = originRequest(values);
    if ('problem' in origin) {
      form.setError('origin_state', { message: origin.problem });
      return;
    }
    const customExempt = values.inspection === 'custom_exempt';
    // Only this kind's answers are sent: what another kind asked is cleared, as the form hides it.
    const questions = KIND_QUESTIONS[productKind(values.category, share)];
    const request = validateWith(
      ProductRequest,
      {
        ...values,
        category: values.category || undefined,
        // Empty price or stock means "ask" / "not tracked": sent as null (spec 02 §5).
        // With variants the product's own price fields are the server's to keep (the cheapest variant's).
        // A share is priced per lb hanging weight (the server sets the unit): no variants or pack weights.
        ...(share
          ? { price: numberOrNull(values.price), price_unit: SHARE_PRICE_UNIT, weight_unit: null, pack_min: null, pack_max: null }
          : values.variants.length > 0
            ? { price: null, price_unit: null, weight_unit: null, pack_min: null, pack_max: null }
            : offerRequest(values)),
        variants: share ? [] : values.variants.map(variantRequest),
        share: share ? shareRequest(values.share) : null,
        inspection: isInspectedCategory(values.category) ? values.inspection || null : null,
        establishment_number: isInspectedCategory(values.category) && !customExempt ? values.establishment_number : null,
        // A share counts its own stock (animals × shares per animal) and is not sold per pickup day;
        // with variants each variant counts its own (the server refuses a product-level count beside them).
        stock_quantity: share || values.variants.length > 0 ? null : numberOrNull(values.stock_quantity),
        day_limit: share ? null : numberOrNull(values.day_limit),
        seasonal_start: isSeasonal ? values.seasonal_start : null,
        seasonal_end: isSeasonal ? values.seasonal_end : null,
        allergens: questions.allergens ? fromAllergenChoice(values.allergens) : [],
        // Only the confirmations that still answer a suggestion of the current ingredients are kept.
        allergens_confirmed_absent: questions.allergens
          ? values.allergens.absent.filter((a) =>
              impliedAllergens(values.ingredient_list).some(
                (found) => found.allergen === a && !values.allergens.major.includes(a),
              ),
            )
          : [],
        ingredient_list: questions.ingredients ? values.ingredient_list : [],
        ingredients: questions.ingredients && values.ingredient_list.length > 0 ? values.ingredient_list.join(', ') : null,
        net_quantity: questions.netQuantity ? numberOrNull(values.net_quantity) : null,
        net_unit: questions.netQuantity ? values.net_unit || null : null,
        seller_type: questions.madeUnder ? values.seller_type : 'home_processor',
        origin_state: origin.origin_state,
        ...taxRequest(values),
      },
      form.setError,
    );
    if (!request) return;
    const meatRule = meatListingViolation(request);
    if (meatRule) {
      form.setError(meatRule.path as Path<Values>, { message: meatRule.message });
      return;
    }
    const regulated = regulatedCategoryViolation(request, producerState);
    if (regulated) {
      form.setError(regulatedField(regulated), { message: regulated });
      return;
    }
    const kindRule = productKindViolation(request);
    if (kindRule) {
      form.setError(kindRule.path as Path<Values>, { message: kindRule.message });
      return;
    }
    const sellerRule = questions.madeUnder ? sellerTypeViolation(request, producerState) : null;
    if (sellerRule) {
      form.setError('seller_type', { message: sellerRule });
      return;
    }
    try {
      const saved = isNew
        ? (await create.mutateAsync(request)).product
        : (await update.mutateAsync({ id: product.id, body: request })).product;
      toast.success(isNew ? PRODUCT_TEXTS.productCreated : PRODUCT_TEXTS.productUpdated);
      form.reset(toValues(saved));
      onSaved(saved);
    } catch (error) {
      // A field the server names (a share's deposit, its cut sheet…) gets the message beside it too.
      const field = error instanceof ApiError && error.status === 400 ? serverFieldPath(error.field, values) : null;
      if (field) form.setError(field as Path<Values>, { message: (error as ApiError).message });
      toast.error(errorMessage(error, isNew ? PRODUCT_TEXTS.productCreateFailed : PRODUCT_TEXTS.productUpdateFailed));
    }
  });

  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{isNew ? 'Add Product' : `Edit ${product.name}`}</h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          ← Back to products
        </Button>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextInput label="Product name" required error={errors.name?.message} {...form.register('name')} />
        </div>
        <SelectInput
          label="Category"
          required
          hint={category ? KIND_HINTS[kind] : 'The kind of product decides the questions that follow.'}
          error={errors.category?.message}
          {...form.register('category')}
        >
          <option value="">Choose a category</option>
          {(['fresh', 'cottage', 'meat'] as const).map((group) => (
            <optgroup key={group} label={PRODUCT_KIND_LABELS[group]}>
              {KIND_CATEGORIES[group].map((value) => (
                <option key={value} value={value}>
                  {CATEGORY_LABELS[value]}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectInput>
        <SelectInput label="Availability" required error={errors.availability?.message} {...form.register('availability')}>
          {AVAILABILITIES.map((value) => (
            <option key={value} value={value}>
              {AVAILABILITY_LABELS[value]}
            </option>
          ))}
        </SelectInput>
        {(category === 'herdshare' || category === 'pet_food') && (
          <div className="sm:col-span-2">
            <RegulatedNotice category={category} producerState={producerState} />
          </div>
        )}
        {isMeat && (
          <>
            <SelectInput label="Inspection" required error={errors.inspection?.message} {...form.register('inspection')}>
              <option value="">{isShare ? 'Choose how it is processed' : 'Choose how it was inspected'}</option>
              {inspectionOptions(category, isShare).map((value) => (
                <option key={value} value={value}>
                  {INSPECTION_LABELS[value]}
                </option>
              ))}
            </SelectInput>
            {inspection === 'custom_exempt' && isShare ? (
              <p className="text-sm text-stone-700 sm:self-end dark:text-stone-300">No establishment number: custom exempt.</p>
            ) : (
              <TextInput
                label="Establishment number"
                placeholder="EST. 45678 or P-45678"
                hint="From the inspection legend on the package."
                error={errors.establishment_number?.message}
                {...form.register('establishment_number')}
              />
            )}
            {isShare && <p className="text-sm text-stone-700 sm:col-span-2 dark:text-stone-300">{CUSTOM_EXEMPT_NOTE}</p>}
            <p className="text-sm text-stone-700 sm:col-span-2 dark:text-stone-300">{MEAT_LABEL_REFUSAL}</p>
          </>
        )}
        <div className="sm:col-span-2">
          <TextArea label="Description" rows={4} error={errors.description?.message} {...form.register('description')} />
        </div>
        <OriginFields form={form} producerState={producerState} />
        {category === 'meat' && <ShareToggle form={form} />}
        {isShare ? (
          <ShareFields form={form} hasVariants={hasVariants} />
        ) : hasVariants ? (
          <p className="text-sm text-stone-700 sm:col-span-2 dark:text-stone-300">
            The variants below set the price, the weight and the stock: shoppers choose one, and lists show the lowest price.
          </p>
        ) : (
          <OfferFields
            form={form}
            prefix=""
            values={{
              sold_by: offer[0],
              price: offer[1],
              price_unit: offer[2],
              weight_unit: offer[3],
              pack_min: offer[4],
              pack_max: offer[5],
            }}
            errors={errors}
            priceHint="Leave empty to show “Ask for price”."
            defaultUnit={defaultUnit}
          />
        )}
        {!isShare && (
          <>
            {!hasVariants && (
              <TextInput
                label="Stock quantity"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                hint="Leave empty if you don't track stock."
                error={errors.stock_quantity?.message}
                {...form.register('stock_quantity')}
              />
            )}
            <TextInput
              label="Limit per pickup day"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              hint="Most you'll sell on one pickup day, e.g. 20 pies per Saturday. Empty: no limit."
              error={errors.day_limit?.message}
              {...form.register('day_limit')}
            />
            <DayLimitFields productId={product?.id ?? null} />
          </>
        )}
        {isSeasonal && (
          <>
            <TextInput
              label="Season start"
              type="date"
              error={errors.seasonal_start?.message}
              {...form.register('seasonal_start')}
            />
            <TextInput label="Season end" type="date" error={errors.seasonal_end?.message} {...form.register('seasonal_end')} />
          </>
        )}
        {asks.netQuantity && (
          // One row of its own: the quantity beside its unit, whatever precedes it.
          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <TextInput
              label="Net quantity"
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              hint="What one package holds, as printed on the label."
              error={errors.net_quantity?.message}
              {...form.register('net_quantity')}
            />
            <SelectInput label="Net quantity unit" error={errors.net_unit?.message} {...form.register('net_unit')}>
              <option value="">Choose a unit</option>
              {NET_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {NET_UNIT_LABELS[unit]}
                </option>
              ))}
            </SelectInput>
          </div>
        )}
        {asks.ingredients && (
          <div className="sm:col-span-2">
            <IngredientListEditor
              value={ingredientList}
              error={errors.ingredient_list?.message}
              onChange={(next) => form.setValue('ingredient_list', next, { shouldDirty: true })}
            />
          </div>
        )}
        {asks.allergens && (
          <div className="sm:col-span-2">
            <AllergenPicker
              value={allergens}
              ingredients={ingredientList}
              error={errors.allergens?.message}
              onChange={(next) => form.setValue('allergens', next, { shouldDirty: true })}
            />
          </div>
        )}
        {!isShare && (
          <VariantsEditor form={form} maxVariants={maxVariants} defaultUnit={defaultUnit} error={errors.variants?.message} />
        )}
        {asks.labelChecklist && (
          <div className="sm:col-span-2">
            <LabelChecklist
              producer={labelProducer}
              productId={product?.id ?? null}
              hasUnsavedChanges={isDirty}
              product={{
                name: form.watch('name'),
                category: (category || 'other') as Product['category'],
                net_quantity: netQuantity,
                net_unit: (netUnit || null) as Product['net_unit'],
                ingredient_list: ingredientList,
                ingredients: null,
                allergens: fromAllergenChoice(allergens),
                allergens_confirmed_absent: allergens.absent,
              }}
            />
          </div>
        )}
        <TaxFields form={form} producerState={producerState} />
        {asks.madeUnder && (
          <div className="sm:col-span-2">
            <SelectInput
              label="Made under"
              hint="The law your kitchen works under. Kentucky farms that sell pickles or salsa from approved recipes are home-based microprocessors."
              error={errors.seller_type?.message}
              {...form.register('seller_type')}
            >
              {SELLER_TYPES_BY_STATE[producerState].map((type) => (
                <option key={type} value={type}>
                  {SELLER_TYPE_LABELS[type]}
                </option>
              ))}
            </SelectInput>
          </div>
        )}
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">
            Certifications this product relies on
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {CERTIFICATION_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
                <input
                  type="checkbox"
                  value={type}
                  className="h-4 w-4 rounded border-stone-400 accent-brand-700"
                  {...form.register('required_certifications')}
                />
                {CERTIFICATION_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <TextArea
            label="Pickup instructions for this product"
            rows={2}
            hint="Leave empty to use your farm's pickup instructions."
            error={errors.pickup_instructions?.message}
            {...form.register('pickup_instructions')}
          />
        </div>
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {isNew ? 'Cancel' : 'Done'}
          </Button>
          <Button type="submit" isLoading={isSubmitting}>
            {isNew ? 'Create Product' : 'Save Changes'}
          </Button>
        </div>
      </form>
      <ProductImages product={product} maxImages={maxImages} />
    </Card>
  );
}
