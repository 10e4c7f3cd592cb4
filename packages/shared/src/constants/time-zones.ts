/**
 * The time zones of the region's pickup places. Kentucky, Tennessee and Indiana are split between
 * Eastern and Central time; Ohio and West Virginia are Eastern (49 CFR 71.4–71.6, the U.S.
 * Department of Transportation's zone boundaries; decision 500).
 */
export const PICKUP_TIME_ZONES = ['America/New_York', 'America/Chicago'] as const;
export type PickupTimeZone = (typeof PICKUP_TIME_ZONES)[number];

export const TIME_ZONE_LABELS: Record<PickupTimeZone, string> = {
  'America/New_York': 'Eastern time',
  'America/Chicago': 'Central time',
};

/**
 * First three ZIP digits served from Central-time areas: western Kentucky (Paducah 420, Bowling
 * Green 421–422, Owensboro 423, Henderson and Madisonville 424), Middle and West Tennessee
 * (Nashville 370–372, Memphis 375 and 380–381, McKenzie 382, Jackson 383, Columbia 384, Cookeville
 * 385) and Indiana's corners (Gary 463–464, Evansville 476–477). A prefix can straddle the line (427
 * Elizabethtown, 373 Chattanooga): the default is the zone of most of it, and the producer can change
 * it in the place's form.
 */
const CENTRAL_ZIP3: Record<string, readonly string[]> = {
  KY: ['420', '421', '422', '423', '424'],
  TN: ['370', '371', '372', '375', '380', '381', '382', '383', '384', '385'],
  IN: ['463', '464', '476', '477'],
};

/** The zone a place most likely keeps, from its state and ZIP code (Eastern when unknown). */
export function defaultTimeZone(state: string | null | undefined, zip: string | null | undefined): PickupTimeZone {
  const central = state ? CENTRAL_ZIP3[state] : undefined;
  if (central && zip && central.includes(zip.slice(0, 3))) return 'America/Chicago';
  return 'America/New_York';
}

/** "CT" or "ET" (with daylight time "CDT"/"EDT") of an instant in a zone, for times that could confuse. */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
