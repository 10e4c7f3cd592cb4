import { CATEGORY_LABELS, STATE_NAMES } from '@farmstand/shared';
import { PUBLIC_PAGE_TITLES, type PublicPagePath } from '@farmstand/shared/constants/page-titles';
import type { MarketPage } from '@farmstand/shared/schemas/markets';
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
  /** Absolute: what a link preview shows when the page has no picture of its own (the site's icon). */
  fallbackImage?: string;
  jsonLd?: Record<string, unknown>;
  /** Not-found pages ask not to be indexed. */
  noindex?: boolean;
};

export type SiteInfo = { base: string; siteName: string; currency: string };

/** The web build's app icon (512 px, square): a link preview never goes without a picture. */
export const SHARE_FALLBACK_IMAGE = '/icon-512.png';

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
  const picture = product.primary_image_url ?? product.additional_images[0] ?? null;
  const image = picture ? absolute(site.base, picture) : null;
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
    fallbackImage: absolute(site.base, SHARE_FALLBACK_IMAGE),
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

/**
 * A market's page: the title the web app sets, its description (or a sentence of its town and days),
 * and a LocalBusiness JSON-LD with its public address (a market's street address is public, unlike
 * a farm's) and place. schema.org has no farmers market type: the precise word rides along as
 * `additionalType`, as for farms.
 */
export function marketHead(market: MarketPage, site: SiteInfo): PageHead {
  const place = `${market.city}, ${STATE_NAMES[market.state as keyof typeof STATE_NAMES] ?? market.state}`;
  const days = market.daysText.join(', ');
  const description = clip(
    market.description.trim() ||
      `${market.name}, a farmers market in ${place}${days ? `: ${days}` : ''}. Its vendors and the benefits it matches.`,
    160,
  );
  const url = `${site.base}/markets/${market.slug}`;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    additionalType: 'https://en.wikipedia.org/wiki/Farmers%27_market',
    name: market.name,
    description,
    url,
    address: {
      '@type': 'PostalAddress',
      streetAddress: market.address,
      addressLocality: market.city,
      addressRegion: market.state,
      postalCode: market.zip,
      addressCountry: 'US',
    },
  };
  if (market.latitude !== null && market.longitude !== null) {
    jsonLd.geo = { '@type': 'GeoCoordinates', latitude: market.latitude, longitude: market.longitude };
  }
  return {
    title: `${market.name} — ${market.city}, ${market.state} | ${site.siteName}`,
    description,
    canonical: url,
    ogType: 'website',
    image: null,
    fallbackImage: absolute(site.base, SHARE_FALLBACK_IMAGE),
    jsonLd,
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
    // The street address stays private: town, state and ZIP only.
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
    // The title the web app gives the page (document.title), so it does not change as the app starts.
    title: `${producer.farm_name} — ${producer.city}, ${producer.state} | ${site.siteName}`,
    description,
    canonical: url,
    ogType: 'profile',
    image,
    imageAlt: producer.farm_name,
    fallbackImage: absolute(site.base, SHARE_FALLBACK_IMAGE),
    jsonLd,
  };
}

/** What each fixed public page says about itself in search results and link previews. */
const PUBLIC_PAGE_DESCRIPTIONS: Record<PublicPagePath, (site: string) => string> = {
  '/': (site) =>
    `${site} connects Kentucky farms, bakers and local food producers with the households who buy from them directly.`,
  '/products': () => 'Eggs, produce, meat, honey, bread and more from local farms, with prices and pickup details.',
  '/map': () => 'Find farms and local food producers near you on the map.',
  '/markets': () => 'Farmers markets near you: their market days, vendors, and the SNAP and Double Dollars benefits they match.',
  '/search': () => 'Search local farms and food producers by name, place and what they sell.',
  '/pricing': (site) => `What it costs to sell on ${site}: plans for farms and local food producers.`,
  '/resources': () => 'Guides for producers: selling rules, labels, cottage food and getting started.',
  '/about': (site) => `Who runs ${site} and why: local food, bought straight from the people who grow it.`,
  '/contact': (site) => `How to reach the ${site} team.`,
  '/terms': (site) => `The terms of service for using ${site}.`,
  '/privacy': (site) => `How ${site} collects, uses and protects personal information.`,
};

export function isPublicPagePath(path: string): path is PublicPagePath {
  return Object.hasOwn(PUBLIC_PAGE_TITLES, path);
}

/** A fixed public page: the same title the web app sets, its description and canonical URL. */
export function publicPageHead(path: PublicPagePath, site: SiteInfo): PageHead {
  return {
    title: `${PUBLIC_PAGE_TITLES[path]} | ${site.siteName}`,
    description: PUBLIC_PAGE_DESCRIPTIONS[path](site.siteName),
    canonical: `${site.base}${path === '/' ? '/' : path}`,
    ogType: 'website',
    image: null,
    fallbackImage: absolute(site.base, SHARE_FALLBACK_IMAGE),
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
    // A photo gets the large card; the square icon standing in for a missing one, the small card.
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(head.title)}" />`,
    `<meta name="twitter:description" content="${e(head.description)}" />`,
  ];
  const image = head.image ?? head.fallbackImage;
  if (image) {
    tags.push(`<meta property="og:image" content="${e(image)}" />`, `<meta name="twitter:image" content="${e(image)}" />`);
    const alt = head.image ? head.imageAlt : siteName;
    if (alt) tags.push(`<meta property="og:image:alt" content="${e(alt)}" />`);
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}
