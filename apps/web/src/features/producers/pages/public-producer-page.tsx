import { CERTIFICATION_LABELS } from '@farmstand/shared';
import type { PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Badge, Card, EmptyState, Spinner } from '@/components/ui/card';
import { CertificationBadge } from '@/components/ui/certification-badge';
import { Deferred } from '@/components/ui/deferred';
import { AlertIcon, SearchIcon } from '@/components/ui/icons';
import { Stars } from '@/components/ui/stars';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { parseRouteId } from '@/lib/route-id';
import { useTrackView } from '@/lib/use-track-view';
import { usePublicProducer } from '../api';
import { FarmBenefits } from '../components/farm-benefits';
import { FarmMarkets } from '../components/farm-markets';
import { FarmProductList } from '../components/farm-product-list';
import { FarmAvatar } from '../components/profile-image-upload';
import { PRODUCER_TEXTS } from '../texts';

/**
 * What other features draw on the farm page (the contact button, the favourite heart and count,
 * pickup times, reviews): composed
 * in app/pages/producer-page.tsx, since a feature never imports another. `pickup` gets the farm's
 * own delivery note to show first.
 */
export type ProducerPageParts = {
  contact: (producer: PublicProducerProfile) => ReactNode;
  favorite: (producer: PublicProducerProfile) => ReactNode;
  favoriteCount: (producer: PublicProducerProfile) => ReactNode;
  pickup: (producer: PublicProducerProfile, intro: ReactNode) => ReactNode;
  reviews: (producer: PublicProducerProfile) => ReactNode;
};

/** /producer/{id} and /producers/{id}: the public, read-only farm page (spec 02 §2). */
export default function PublicProducerPage({ contact, favorite, favoriteCount, pickup, reviews }: ProducerPageParts) {
  const id = parseRouteId(useParams().id) ?? 0;
  const query = usePublicProducer(id);
  useTrackView('producer_view', id, query.data && { producerId: id, producerName: query.data.farm_name });

  const isMissing = query.error instanceof ApiError && (query.error.status === 404 || query.error.field === 'id');
  useDocumentTitle(
    !id || isMissing
      ? 'Producer not found'
      : query.data
        ? `${query.data.farm_name} — ${query.data.city}, ${query.data.state}`
        : 'Producer',
  );
  if (!id || isMissing) return <ProducerNotFound />;
  if (query.isPending) return <Spinner label="Loading producer…" />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState title={PRODUCER_TEXTS.profileLoadFailed} icon={AlertIcon} page>
          Please try again in a moment.
        </EmptyState>
      </div>
    );
  }
  const producer = query.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <ProducerHeader producer={producer} parts={{ contact, favorite, favoriteCount }} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          {producer.description && (
            <Section title="About">
              <p className="whitespace-pre-line text-stone-700 dark:text-stone-300">{producer.description}</p>
            </Section>
          )}
          <FarmProductList producer={producer} />
        </div>
        <aside className="space-y-4">
          {/* Below the products on a phone: drawn just after the first paint, in tasks of their own. */}
          <Deferred>
            <ContactCard producer={producer} />
            {pickup(producer, <FarmDelivery producer={producer} />)}
            <CertificationsCard producer={producer} />
          </Deferred>
        </aside>
      </div>
      <Deferred>{reviews(producer)}</Deferred>
    </div>
  );
}

function ProducerHeader({
  producer,
  parts,
}: {
  producer: PublicProducerProfile;
  parts: Pick<ProducerPageParts, 'contact' | 'favorite' | 'favoriteCount'>;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
      <FarmAvatar
        name={producer.farm_name}
        url={producer.profile_image_url}
        sizes="(min-width: 640px) 96px, 80px"
        className="h-20 w-20 sm:h-24 sm:w-24"
        eager
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{producer.farm_name}</h1>
          {producer.verified && <Badge tone="green">✓ Verified producer</Badge>}
        </div>
        <p className="mt-1 text-stone-600 dark:text-stone-300">
          {producer.city}, {producer.state}
        </p>
        <FarmRatings producer={producer} />
        <FarmBenefits takes={producer.benefit_takes} state={producer.state} />
        <div className="mt-2">
          {/* An offline copy saved before markets existed has none. */}
          <FarmMarkets markets={producer.markets ?? []} />
        </div>
        <div className="mt-2">{parts.favoriteCount(producer)}</div>
      </div>
      <div className="flex items-start gap-2 sm:self-start">
        {parts.favorite(producer)}
        <div className="flex-1 sm:flex-none">{parts.contact(producer)}</div>
      </div>
    </Card>
  );
}

/**
 * The farm's rating and its products' (issue 44 item 5): "No reviews yet" only when neither the farm
 * nor any of its products has one. The products' line links to their reviews further down.
 */
function FarmRatings({ producer }: { producer: PublicProducerProfile }) {
  const products = producer.product_reviews;
  const farmRated = producer.average_rating !== null && producer.review_count > 0;
  const productsRated = products.average_rating !== null && products.review_count > 0;
  if (!farmRated && !productsRated) {
    return <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">No reviews yet</p>;
  }
  const reviews = (n: number) => `${n} review${n === 1 ? '' : 's'}`;
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {farmRated && producer.average_rating !== null && (
        <li className="flex flex-wrap items-center gap-2">
          <Stars rating={producer.average_rating} size="sm" />
          <span>
            <span className="font-semibold">{producer.average_rating.toFixed(1)}</span>
            <span className="text-stone-600 dark:text-stone-400"> ({reviews(producer.review_count)} of the farm)</span>
          </span>
        </li>
      )}
      {productsRated && products.average_rating !== null && (
        <li className="flex flex-wrap items-center gap-2">
          <Stars rating={products.average_rating} size="sm" />
          <span>
            <span className="font-semibold">{products.average_rating.toFixed(1)}</span>{' '}
            <a href="#farm-product-reviews" className="text-brand-800 hover:underline dark:text-green-300">
              ({reviews(products.review_count)} of its products)
            </a>
          </span>
        </li>
      )}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

function ContactCard({ producer }: { producer: PublicProducerProfile }) {
  const link = 'font-medium text-brand-700 hover:underline dark:text-green-300 break-all';
  return (
    <Section title="Contact">
      {producer.email || producer.phone ? (
        <ul className="space-y-1 text-sm">
          {producer.email && (
            <li>
              <a href={`mailto:${producer.email}`} className={link}>
                {producer.email}
              </a>
            </li>
          )}
          {producer.phone && (
            <li>
              <a href={`tel:${producer.phone}`} className={link}>
                {producer.phone}
              </a>
            </li>
          )}
        </ul>
      ) : (
        <p className="text-sm text-stone-700 dark:text-stone-300">
          <Link to="/login" className={link}>
            Sign in
          </Link>{' '}
          to see this producer's email and phone.
        </p>
      )}
    </Section>
  );
}

/** What the farm profile says about delivery and pickup, at the top of the pickup card. */
function FarmDelivery({ producer }: { producer: PublicProducerProfile }) {
  return (
    <>
      <p className="text-sm">
        {producer.delivery_available
          ? `Delivers within ${producer.delivery_radius ?? 0} miles of ${producer.city}.`
          : 'No delivery — pickup only.'}
      </p>
      {producer.pickup_instructions && (
        <>
          <h3 className="mt-3 text-sm font-semibold">Pickup instructions</h3>
          <p className="whitespace-pre-line text-sm text-stone-700 dark:text-stone-300">{producer.pickup_instructions}</p>
        </>
      )}
    </>
  );
}

function CertificationsCard({ producer }: { producer: PublicProducerProfile }) {
  return (
    <Section title="Certifications">
      {producer.certifications.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">No certifications listed.</p>
      ) : (
        <ul className="space-y-2">
          {producer.certifications.map((cert) => (
            <li key={cert.id} className="flex items-start justify-between gap-2 text-sm">
              <span>
                <span className="font-medium [overflow-wrap:anywhere]">
                  {cert.certification_name || CERTIFICATION_LABELS[cert.certification_type]}
                </span>
                {cert.issuing_authority && (
                  <span className="block text-stone-600 dark:text-stone-400">{cert.issuing_authority}</span>
                )}
              </span>
              <CertificationBadge status={cert.status} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function ProducerNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <EmptyState title={PRODUCER_TEXTS.producerNotFound} icon={SearchIcon} page>
        <p>This farm may have closed its profile, or the link is wrong.</p>
        <ButtonLink to="/search" variant="secondary" className="mt-4">
          Find Producers
        </ButtonLink>
      </EmptyState>
    </div>
  );
}
