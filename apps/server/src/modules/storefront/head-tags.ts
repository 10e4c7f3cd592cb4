import { CATEGORY_LABELS, STATE_NAMES } from '@farmstand/shared';
import type { PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import type { Product } from '@farmstand/shared/schemas/products';
import { clip, escapeHtml, jsonForScript } from './html';

/** What a page tells crawlers and link previews in its <head> (docs/decisions/151). */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  ogType: 'website' | 'product' | 'profile';
  /** Absolute, when the page has a picture. */
  image: string | null;
  imageAlt?: string;
  jsonLd?: Record<string, unknown>;
  /** Not-found pages ask not to be indexed. */
  noindex?: boolean;
};

export type SiteInfo = { base: string; siteName: string; currency: string };

const absolute = (base: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;

const SCHEMA_AVAILABILITY: Record<Product['availability'], string> = {
  available: 'https://schema.org/InStock',
  sold_out: 'https://schema.org/OutOfStock',
  seasonal: 'https://schema.org/LimitedAvailability',
  pre_order: 'https://schema.org/PreOrder',
};

export function productHead(product: Product, site: SiteInfo): PageHead {
  const place = `${product.city}, ${product.state}`;
  const description = clip(
    product.description?.trim() ||
      `${product.name} from ${product.farm_name} in ${place}. ${CATEGORY_LABELS[product.category]} on ${site.siteName}.`,
    160,
  );
  const url = `${site.base}/product/${product.id}`;
  const producerUrl = `${site.base}/producer/${product.producer_user_id}`;
  const image = product.primary_image_url ? absolute(site.base, product.primary_image_url) : null;
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url,
    priceCurrency: site.currency,
    availability: SCHEMA_AVAILABILITY[product.availability],
    seller: { '@type': 'LocalBusiness', name: product.farm_name, url: producerUrl },
  };
  if (product.price !== null) offer.price = product.price.toFixed(2);
  return {
    title: `${product.name} — ${product.farm_name} | ${site.siteName}`,
    description,
    canonical: url,
    ogType: 'product',
    image,
    imageAlt: product.name,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description,
      category: CATEGORY_LABELS[product.category],
      url,
      ...(image ? { image: [image] } : {}),
      brand: { '@type': 'Brand', name: product.farm_name },
      offers: offer,
    },
  };
}

export function producerHead(producer: PublicProducerProfile, site: SiteInfo): PageHead {
  const place = `${producer.city}, ${STATE_NAMES[producer.state] ?? producer.state}`;
  const description = clip(
    producer.description?.trim() || `${producer.farm_name}, a local producer in ${place}, on ${site.siteName}.`,
    160,
  );
  const url = `${site.base}/producer/${producer.user_id}`;
  const image = producer.profile_image_url ? absolute(site.base, producer.profile_image_url) : null;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    // A farm is a LocalBusiness; schema.org has no Farm type, so the more precise word rides along as a name of its kind.
    '@type': 'LocalBusiness',
    additionalType: 'https://en.wikipedia.org/wiki/Farm',
    name: producer.farm_name,
    description,
    url,
    ...(image ? { image } : {}),
    // The street address stays private (docs/decisions/033): town, state and ZIP only.
    address: {
      '@type': 'PostalAddress',
      addressLocality: producer.city,
      addressRegion: producer.state,
      postalCode: producer.zip,
      addressCountry: 'US',
    },
  };
  if (producer.latitude !== null && producer.longitude !== null) {
    jsonLd.geo = { '@type': 'GeoCoordinates', latitude: producer.latitude, longitude: producer.longitude };
  }
  if (producer.average_rating !== null && producer.review_count > 0) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: producer.average_rating,
      reviewCount: producer.review_count,
    };
  }
  return {
    title: `${producer.farm_name} — ${place} | ${site.siteName}`,
    description,
    canonical: url,
    ogType: 'profile',
    image,
    imageAlt: producer.farm_name,
    jsonLd,
  };
}

export function notFoundHead(site: SiteInfo, path: string): PageHead {
  return {
    title: `Page not found | ${site.siteName}`,
    description: 'This page does not exist or is no longer available.',
    canonical: `${site.base}${path}`,
    ogType: 'website',
    image: null,
    noindex: true,
  };
}

/** The tags, one per line, that replace the shell's generic title and description. */
export function renderHead(head: PageHead, siteName: string): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${e(head.canonical)}" />`,
    `<meta property="og:site_name" content="${e(siteName)}" />`,
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${e(head.title)}" />`,
    `<meta property="og:description" content="${e(head.description)}" />`,
    `<meta property="og:url" content="${e(head.canonical)}" />`,
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(head.title)}" />`,
    `<meta name="twitter:description" content="${e(head.description)}" />`,
  ];
  if (head.image) {
    tags.push(
      `<meta property="og:image" content="${e(head.image)}" />`,
      `<meta name="twitter:image" content="${e(head.image)}" />`,
    );
    if (head.imageAlt) tags.push(`<meta property="og:image:alt" content="${e(head.imageAlt)}" />`);
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}
