import { z } from 'zod';

/**
 * Validation messages a person would write, naming the field: 'Page must be 1
 * or more' instead of zod's 'Too small: expected number to be >=1'. Installed once as zod's global
 * error map on the server and in the web app, so it covers every schema; a message a schema gives
 * itself ('Id must be a positive whole number') still wins, because zod prefers it.
 */

/** Wire names whose words alone read badly. */
const FIELD_LABELS: Record<string, string> = {
  certIds: 'Certifications',
  producerIds: 'Producers',
  userId: 'User',
  productId: 'Product',
  producerId: 'Producer',
  recipientId: 'Recipient',
  conversationId: 'Conversation',
  setupIntentId: 'Setup intent',
  priceId: 'Price',
  planType: 'Plan',
  newType: 'New user type',
  userType: 'Account type',
  eventType: 'Event type',
  lat: 'Latitude',
  lng: 'Longitude',
  q: 'Search text',
  zip: 'ZIP code',
  email: 'Email',
  timeRange: 'Period',
  contactPreference: 'Contact preference',
  requestedQuantity: 'Quantity',
  isPrimary: 'Primary image flag',
};

/** What one entry of a list field is called, for 'Choose at least one certification'. */
const LIST_ITEM_NOUNS: Record<string, string> = {
  certIds: 'certification',
  producerIds: 'producer',
  allergens: 'allergen',
  additional_images: 'image',
  ids: 'item',
};

type Path = readonly PropertyKey[];

/** A table entry for a name from the request: own keys only, so "constructor" or "__proto__" is just a name. */
const lookup = <T>(table: Record<string, T>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

function fieldName(path: Path): string {
  const named = [...path].reverse().find((part): part is string => typeof part === 'string');
  return named ?? '';
}

/**
 * Words written in capitals wherever a field's name becomes its label: 'smtp_port' reads 'SMTP port',
 * 'ip_whitelist' 'IP whitelist', 'fns_number' 'FNS number' (decision 530).
 */
const ACRONYMS = new Set([
  'api',
  'csa',
  'csv',
  'ebt',
  'fmnp',
  'fns',
  'html',
  'http',
  'https',
  'id',
  'ip',
  'json',
  'jwt',
  'pdf',
  'sms',
  'smtp',
  'snap',
  'ssl',
  'tls',
  'url',
  'usda',
  'wic',
  'zip',
]);

/**
 * A field's name in words, as a label starts a sentence: 'delivery_radius' → 'Delivery radius',
 * 'seasonalStart' → 'Seasonal start', 'smtp_port' → 'SMTP port', 'logoUrl' → 'Logo URL'. The one
 * rule for labels made from names: validation messages, the server's 400s and the admin settings.
 */
export function nameInWords(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'delivery_radius' → 'Delivery radius', 'seasonalStart' → 'Seasonal start', 'certIds' → 'Certifications'. */
export function fieldLabel(path: Path | string): string {
  const name = typeof path === 'string' ? path : fieldName(path);
  if (!name) return 'The request';
  return lookup(FIELD_LABELS, name) ?? nameInWords(name);
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

function plural(count: number, noun: string): string {
  return `${count === 1 ? 'one' : count} ${noun}${count === 1 ? '' : 's'}`;
}

function listValues(values: readonly unknown[]): string {
  return values.map((v) => String(v)).join(', ');
}

type Issue = {
  code?: string;
  path?: Path;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint | Date;
  maximum?: number | bigint | Date;
  inclusive?: boolean;
  values?: readonly unknown[];
  format?: string;
  keys?: readonly string[];
  divisor?: number;
  message?: string;
};

/** The sentence for one zod issue. */
export function validationMessage(issue: Issue): string {
  const path = issue.path ?? [];
  const label = fieldLabel(path);
  const name = fieldName(path);
  const noun = lookup(LIST_ITEM_NOUNS, name);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) {
        if (issue.expected === 'array' && noun) return `Choose at least one ${noun} (${name})`;
        return `${label} is required`;
      }
      if (issue.expected === 'number' && typeof issue.input === 'number' && Number.isNaN(issue.input)) {
        return `${label} must be a number`;
      }
      return `${label} must be ${lookup(TYPE_WORDS, issue.expected ?? '') ?? 'of the right kind'}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return noun ? `Choose at least ${plural(min, noun)} (${name})` : `${label} needs at least ${plural(min, 'item')}`;
      }
      if (issue.origin === 'date') return `${label} must be on or after ${String(issue.minimum)}`;
      return issue.inclusive === false ? `${label} must be more than ${min}` : `${label} must be ${min} or more`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${label} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} can have at most ${plural(max, noun ?? 'item')}`;
      if (issue.origin === 'date') return `${label} must be on or before ${String(issue.maximum)}`;
      return issue.inclusive === false ? `${label} must be less than ${max}` : `${label} must be ${max} or less`;
    }
    case 'invalid_value': {
      const values = issue.values ?? [];
      return values.length === 1 ? `${label} must be ${String(values[0])}` : `${label} must be one of: ${listValues(values)}`;
    }
    case 'invalid_format': {
      switch (issue.format) {
        case 'email':
          return `${label} must be a valid email address`;
        case 'url':
          return `${label} must be a web address`;
        case 'date':
          return `${label} must be a date (YYYY-MM-DD)`;
        case 'datetime':
          return `${label} must be a date and time`;
        default:
          return `${label} is not in the expected format`;
      }
    }
    case 'not_multiple_of': {
      const divisor = issue.divisor ?? 1;
      if (divisor < 1) return `${label} can have at most ${Math.round(-Math.log10(divisor))} decimal places`;
      return `${label} must be a multiple of ${divisor}`;
    }
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}`;
    }
    case 'invalid_union':
      return `${label} is not valid`;
    case 'invalid_key':
    case 'invalid_element':
      return `${label} has an entry that is not valid`;
    default:
      return `${label} is not valid`;
  }
}

let isInstalled = false;

/** Makes `validationMessage` zod's global error map (once; schema-given messages still win). */
export function installValidationMessages(): void {
  if (isInstalled) return;
  isInstalled = true;
  z.config({ customError: (issue) => validationMessage(issue as Issue) });
}
