/** Business constants of spec 01 §9 and spec 02 §9. One place, never repeated literals. */
/** Largest id of a PostgreSQL serial column; a larger one would fail in the database, not in validation. */
export const MAX_DB_ID = 2_147_483_647;

export const PASSWORD_MIN_LENGTH = 8;
export const JWT_TTL_SECONDS = 7 * 24 * 60 * 60;
export const TRIAL_DAYS = 30;
export const PLAN_PRICES = { monthly: 10, annual: 100 } as const;
export type PlanType = keyof typeof PLAN_PRICES;
export const ANNUAL_SAVINGS = PLAN_PRICES.monthly * 12 - PLAN_PRICES.annual;

export const MAX_ACTIVE_PRODUCTS = 10;
export const MAX_ADDITIONAL_IMAGES = 5;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const DELIVERY_RADIUS_MAX = 100;
export const CERT_EXPIRING_SOON_DAYS = 30;

export const LOGIN_LOCKOUT_ATTEMPTS = 5;
export const LOGIN_LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

export const PRODUCER_RADII = [10, 25, 50, 100] as const;
export const DEFAULT_PRODUCER_RADIUS = 25;
export const MAP_RADII = [10, 25, 50, 100, 999] as const;
export const NO_RADIUS_LIMIT = 999;
export const PRODUCT_LOCATION_RADIUS = 50;

export const PRODUCT_PAGE_SIZE = 20;
/** The /search list's page: 'Show more' asks for the next this many (decision 530). */
export const PRODUCER_LIST_PAGE_SIZE = 50;
export const PRODUCT_SKELETON_COUNT = 8;
export const REVIEWS_SHOWN_FIRST = 5;
export const MESSAGES_PAGE_SIZE = 50;

export const UNREAD_POLL_MS = 30_000;
export const UNREAD_BADGE_CAP = 9;
export const VERIFY_REDIRECT_MS = 3000;
export const BACK_ONLINE_BANNER_MS = 3000;
export const INSTALL_PROMPT_DELAY_MS = 10_000;
export const TYPING_EXPIRY_MS = 3000;
export const SOCKET_FALLBACK_WAIT_MS = 5000;
export const SOCKET_RECONNECT_DELAY_MS = 1000;
/** After both the page's origin and the direct port failed, the wait before trying the origin again doubles up to this. */
export const SOCKET_RETRY_MAX_DELAY_MS = 30_000;
export const PAGE_VIEW_DELAY_MS = 100;
export const ANALYTICS_DEFAULT_DAYS = 30;

/** Limits of a browser error report (POST /api/client-errors): small, so reports cannot flood storage. */
export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, url: 2000, perMinute: 10 } as const;

export const TOAST_DURATIONS = {
  error: 4000,
  success: 2000,
  default: 4000,
  newMessage: 4000,
  inquiry: 5000,
  notification: 4000,
  announcement: 6000,
} as const;
export const TOAST_LIMIT = 20;

export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 5 * 60 * 1000,
} as const;

/** Centre of Kentucky for the search map, and the /map screen's own default (spec 01 §9). */
export const SEARCH_MAP_CENTER = { lat: 37.8393, lng: -84.27, zoom: 7 } as const;
export const MAP_SCREEN_CENTER = { lat: 37.0842, lng: -84.5037, zoom: 10 } as const;

export const STORAGE_KEYS = {
  token: 'token',
  darkMode: 'darkMode',
  userLocation: 'userLocation',
  installSeen: 'installPromptSeen',
  analyticsSession: 'analyticsSessionId',
  /** The shopper's baskets and the name last given for pickup: removed on sign-out (lib/storage.ts). */
  baskets: 'farmstandBaskets',
  pickupName: 'farmstandPickupName',
  /** The shopper's market baskets, one per market (issue 49): removed on sign-out too. */
  marketBaskets: 'farmstandMarketBaskets',
} as const;

/** Terms and privacy facts (spec 01 §9, spec 02 §9). */
export const MINIMUM_USER_AGE = 13;
export const TERMS_CHANGE_NOTICE_DAYS = 30;
export const DATA_RETENTION_YEARS = { accounts: 3, transactions: 7, support: 3, analytics: 2 } as const;

/**
 * Stand mode (decision 577): at most this many queued actions in one `POST /api/stand/sync`; the
 * phone sends its queue in order, in batches. Here, not only in the schema, so the phone's queue
 * reads it without loading zod.
 */
export const STAND_SYNC_BATCH = 200;

/** The most info-booth entries a phone sends in one request (decision 582); the same size as the stand's. */
export const MARKET_BATCH = STAND_SYNC_BATCH;
