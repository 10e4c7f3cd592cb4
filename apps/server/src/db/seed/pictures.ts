import type { ProductCategory } from '@farmstand/shared';
import sharp from 'sharp';

/**
 * Generated pictures for the demo catalogue: a soft gradient, a simple drawing of the category and
 * the product's name, rendered by sharp to WebP. No bundled photos, nothing downloaded.
 */

type Palette = { from: string; to: string; accent: string };

/** Three colourways per category; a product's index picks one, so neighbours differ. */
const PALETTES: Record<ProductCategory, Palette[]> = {
  eggs: [
    { from: '#fef9c3', to: '#fde68a', accent: '#a16207' },
    { from: '#ecfccb', to: '#bef264', accent: '#4d7c0f' },
    { from: '#fff7ed', to: '#fed7aa', accent: '#c2410c' },
  ],
  bread: [
    { from: '#fef3c7', to: '#fbbf24', accent: '#92400e' },
    { from: '#fafaf9', to: '#e7e5e4', accent: '#78350f' },
    { from: '#ffedd5', to: '#fdba74', accent: '#9a3412' },
  ],
  jellies: [
    { from: '#fce7f3', to: '#f9a8d4', accent: '#9d174d' },
    { from: '#ede9fe', to: '#c4b5fd', accent: '#5b21b6' },
    { from: '#ffe4e6', to: '#fda4af', accent: '#be123c' },
  ],
  produce: [
    { from: '#dcfce7', to: '#86efac', accent: '#15803d' },
    { from: '#fef9c3', to: '#bbf7d0', accent: '#166534' },
    { from: '#ffedd5', to: '#bef264', accent: '#3f6212' },
  ],
  honey: [
    { from: '#fef3c7', to: '#fcd34d', accent: '#b45309' },
    { from: '#fffbeb', to: '#fde68a', accent: '#92400e' },
    { from: '#fef9c3', to: '#fb923c', accent: '#9a3412' },
  ],
  dairy: [
    { from: '#eff6ff', to: '#bfdbfe', accent: '#1d4ed8' },
    { from: '#f0f9ff', to: '#bae6fd', accent: '#0369a1' },
    { from: '#f8fafc', to: '#cbd5e1', accent: '#334155' },
  ],
  herdshare: [
    { from: '#ecfdf5', to: '#a7f3d0', accent: '#047857' },
    { from: '#f0fdf4', to: '#bbf7d0', accent: '#166534' },
    { from: '#f7fee7', to: '#d9f99d', accent: '#3f6212' },
  ],
  pet_food: [
    { from: '#f5f3ff', to: '#ddd6fe', accent: '#6d28d9' },
    { from: '#ecfeff', to: '#a5f3fc', accent: '#0e7490' },
    { from: '#fdf4ff', to: '#f5d0fe', accent: '#a21caf' },
  ],
  meat: [
    { from: '#fef2f2', to: '#fecaca', accent: '#b91c1c' },
    { from: '#fff1f2', to: '#fda4af', accent: '#9f1239' },
    { from: '#fafaf9', to: '#fca5a5', accent: '#7f1d1d' },
  ],
  poultry: [
    { from: '#fff7ed', to: '#fdba74', accent: '#c2410c' },
    { from: '#fefce8', to: '#fde047', accent: '#a16207' },
    { from: '#fef2f2', to: '#fed7aa', accent: '#b45309' },
  ],
  baked_goods: [
    { from: '#fdf2f8', to: '#fbcfe8', accent: '#be185d' },
    { from: '#fff7ed', to: '#fde68a', accent: '#b45309' },
    { from: '#fefce8', to: '#fed7aa', accent: '#9a3412' },
  ],
  preserved_foods: [
    { from: '#f7fee7', to: '#bef264', accent: '#4d7c0f' },
    { from: '#fef2f2', to: '#fca5a5', accent: '#b91c1c' },
    { from: '#ecfdf5', to: '#6ee7b7', accent: '#065f46' },
  ],
  other: [
    { from: '#faf5ff', to: '#e9d5ff', accent: '#7e22ce' },
    { from: '#f0fdfa', to: '#99f6e4', accent: '#0f766e' },
    { from: '#fffbeb', to: '#fde68a', accent: '#a16207' },
  ],
};

const CATEGORY_CAPTIONS: Record<ProductCategory, string> = {
  eggs: 'FARM EGGS',
  bread: 'FRESH BREAD',
  jellies: 'JAMS & JELLIES',
  produce: 'FRESH PRODUCE',
  honey: 'LOCAL HONEY',
  dairy: 'DAIRY',
  herdshare: 'HERDSHARE',
  pet_food: 'FOR PETS ONLY',
  meat: 'PASTURE-RAISED MEAT',
  poultry: 'POULTRY',
  baked_goods: 'BAKED GOODS',
  preserved_foods: 'PRESERVED FOODS',
  other: 'FARM GOODS',
};

/** Each drawing fits a 240×240 box centred on (0, 0), in the palette's accent colour. */
const DRAWINGS: Record<ProductCategory, (accent: string) => string> = {
  eggs: (a) => `
    <path d="M-115 20 Q0 150 115 20 Z" fill="${a}" opacity="0.85"/>
    <path d="M-100 40 Q0 120 100 40" stroke="#fff" stroke-width="5" fill="none" opacity="0.35"/>
    <ellipse cx="-55" cy="-5" rx="42" ry="55" fill="#fdf6e3" stroke="${a}" stroke-width="5"/>
    <ellipse cx="55" cy="-5" rx="42" ry="55" fill="#e8c39e" stroke="${a}" stroke-width="5"/>
    <ellipse cx="0" cy="-25" rx="45" ry="60" fill="#f5e1c4" stroke="${a}" stroke-width="5"/>
    <ellipse cx="-14" cy="-48" rx="10" ry="16" fill="#fff" opacity="0.7"/>`,
  bread: (a) => `
    <path d="M-120 60 L-120 10 Q-125 -80 0 -85 Q125 -80 120 10 L120 60 Q0 80 -120 60 Z" fill="#d49a55" stroke="${a}" stroke-width="6"/>
    <path d="M-60 -50 l30 40 M-10 -60 l30 40 M40 -50 l30 40" stroke="#f8e3bf" stroke-width="10" stroke-linecap="round"/>
    <path d="M-110 45 Q0 65 110 45" stroke="${a}" stroke-width="4" fill="none" opacity="0.5"/>`,
  jellies: (a) => `
    <rect x="-70" y="-60" width="140" height="150" rx="26" fill="${a}" opacity="0.9"/>
    <rect x="-78" y="-92" width="156" height="36" rx="8" fill="#f5f5f4" stroke="${a}" stroke-width="5"/>
    <path d="M-90 -92 Q0 -130 90 -92 Z" fill="#fff" stroke="${a}" stroke-width="4"/>
    <circle cx="-40" cy="-102" r="5" fill="${a}"/><circle cx="0" cy="-108" r="5" fill="${a}"/><circle cx="40" cy="-102" r="5" fill="${a}"/>
    <rect x="-50" y="-5" width="100" height="56" rx="10" fill="#fff"/>
    <path d="M-30 23 h60" stroke="${a}" stroke-width="6" stroke-linecap="round"/>
    <rect x="-58" y="-48" width="14" height="110" rx="7" fill="#fff" opacity="0.25"/>`,
  produce: (a) => `
    <path d="M40 -20 L120 95 L20 40 Z" fill="#f97316" stroke="#c2410c" stroke-width="5" stroke-linejoin="round"/>
    <path d="M40 -20 l-10 -40 M40 -20 l15 -38 M40 -20 l30 -25" stroke="${a}" stroke-width="9" stroke-linecap="round"/>
    <circle cx="-40" cy="20" r="80" fill="#ef4444" stroke="#b91c1c" stroke-width="5"/>
    <path d="M-40 -60 l-22 -14 l20 4 l2 -22 l10 20 l20 -8 l-14 18 l22 10 l-26 0 Z" fill="${a}"/>
    <ellipse cx="-70" cy="-5" rx="16" ry="24" fill="#fff" opacity="0.3"/>`,
  honey: (a) => {
    const hex = (x: number, y: number, fill: string) =>
      `<path transform="translate(${x} ${y})" d="M0 -42 L36 -21 L36 21 L0 42 L-36 21 L-36 -21 Z" fill="${fill}" stroke="${a}" stroke-width="5"/>`;
    return `${hex(-38, -35, '#fbbf24')}${hex(38, -35, '#f59e0b')}${hex(0, 30, '#fcd34d')}${hex(-76, 30, '#fde68a')}${hex(76, 30, '#fbbf24')}
    <path d="M0 72 q-14 30 0 42 q14 -12 0 -42 Z" fill="#f59e0b" stroke="${a}" stroke-width="4"/>`;
  },
  dairy: (a) => `
    <path d="M-30 -110 h60 v30 q45 30 45 80 v110 q0 20 -20 20 h-110 q-20 0 -20 -20 v-110 q0 -50 45 -80 Z" fill="#fff" stroke="${a}" stroke-width="6"/>
    <rect x="-36" y="-122" width="72" height="24" rx="6" fill="${a}"/>
    <rect x="-62" y="10" width="124" height="70" rx="10" fill="${a}" opacity="0.85"/>
    <path d="M-40 45 q20 -22 40 0 t40 0" stroke="#fff" stroke-width="6" fill="none"/>`,
  herdshare: (a) => `
    <path d="M-110 100 V-10 L-60 -80 H60 L110 -10 V100 Z" fill="#b91c1c" stroke="${a}" stroke-width="6" stroke-linejoin="round"/>
    <path d="M-125 -5 L-65 -90 H65 L125 -5" stroke="#f5f5f4" stroke-width="12" fill="none" stroke-linejoin="round"/>
    <rect x="-45" y="20" width="90" height="80" fill="#fff"/>
    <path d="M-45 20 L45 100 M45 20 L-45 100" stroke="#b91c1c" stroke-width="8"/>
    <rect x="-25" y="-45" width="50" height="40" fill="#fff"/>
    <path d="M-140 100 H140" stroke="${a}" stroke-width="8" stroke-linecap="round"/>`,
  pet_food: (a) => `
    <path d="M-120 30 H120 Q110 110 0 110 Q-110 110 -120 30 Z" fill="${a}"/>
    <rect x="-130" y="18" width="260" height="22" rx="11" fill="${a}" opacity="0.75"/>
    <ellipse cx="0" cy="-45" rx="34" ry="28" fill="${a}" opacity="0.9"/>
    <ellipse cx="-52" cy="-85" rx="15" ry="20" fill="${a}" opacity="0.9"/>
    <ellipse cx="-18" cy="-108" rx="15" ry="20" fill="${a}" opacity="0.9"/>
    <ellipse cx="18" cy="-108" rx="15" ry="20" fill="${a}" opacity="0.9"/>
    <ellipse cx="52" cy="-85" rx="15" ry="20" fill="${a}" opacity="0.9"/>`,
  meat: (a) => `
    <path d="M-120 -10 Q-125 -90 -20 -95 Q100 -100 120 -20 Q135 60 40 85 Q-40 105 -90 70 Q-118 50 -120 -10 Z" fill="#dc2626" stroke="${a}" stroke-width="6"/>
    <path d="M-100 -10 Q-100 -70 -20 -75 Q80 -80 100 -20" stroke="#fde2e2" stroke-width="12" fill="none" stroke-linecap="round"/>
    <circle cx="40" cy="20" r="26" fill="#fff5f5" stroke="${a}" stroke-width="5"/>
    <circle cx="40" cy="20" r="10" fill="#fecaca"/>`,
  poultry: (a) => `
    <g transform="rotate(-35)">
      <ellipse cx="-20" cy="0" rx="85" ry="62" fill="#d97706" stroke="${a}" stroke-width="6"/>
      <rect x="55" y="-12" width="70" height="24" rx="10" fill="#fff7ed" stroke="${a}" stroke-width="5"/>
      <circle cx="128" cy="-14" r="16" fill="#fff7ed" stroke="${a}" stroke-width="5"/>
      <circle cx="128" cy="14" r="16" fill="#fff7ed" stroke="${a}" stroke-width="5"/>
      <ellipse cx="-45" cy="-22" rx="26" ry="14" fill="#fff" opacity="0.3"/>
    </g>`,
  baked_goods: (a) => `
    <ellipse cx="0" cy="30" rx="135" ry="60" fill="${a}"/>
    <ellipse cx="0" cy="10" rx="130" ry="60" fill="#e9b872" stroke="${a}" stroke-width="6"/>
    <ellipse cx="0" cy="10" rx="105" ry="44" fill="#b45309"/>
    <g stroke="#f3d19c" stroke-width="12" stroke-linecap="round">
      <path d="M-70 -20 L-40 42 M-25 -32 L10 50 M25 -32 L55 42 M70 -20 L85 20"/>
      <path d="M-95 0 H95 M-80 28 H80"/>
    </g>`,
  preserved_foods: (a) => `
    <rect x="-75" y="-70" width="150" height="175" rx="30" fill="#ecfccb" stroke="${a}" stroke-width="6" opacity="0.95"/>
    <rect x="-80" y="-100" width="160" height="34" rx="8" fill="#a8a29e" stroke="#57534e" stroke-width="5"/>
    <ellipse cx="-30" cy="-15" rx="18" ry="42" fill="#65a30d" transform="rotate(-12 -30 -15)"/>
    <ellipse cx="25" cy="0" rx="18" ry="44" fill="#4d7c0f" transform="rotate(10 25 0)"/>
    <ellipse cx="-5" cy="55" rx="18" ry="40" fill="#84cc16" transform="rotate(80 -5 55)"/>
    <circle cx="40" cy="-45" r="7" fill="#facc15"/><circle cx="-45" cy="40" r="6" fill="#facc15"/>
    <rect x="-62" y="-55" width="14" height="140" rx="7" fill="#fff" opacity="0.35"/>`,
  other: (a) => `
    <rect x="-70" y="-40" width="50" height="140" rx="10" fill="#fde68a" stroke="${a}" stroke-width="5"/>
    <rect x="20" y="-10" width="50" height="110" rx="10" fill="#fef3c7" stroke="${a}" stroke-width="5"/>
    <path d="M-45 -45 v-15 M45 -15 v-15" stroke="#292524" stroke-width="4"/>
    <path d="M-45 -60 q-18 -25 0 -55 q18 30 0 55 Z" fill="#f97316"/>
    <path d="M45 -30 q-18 -25 0 -55 q18 30 0 55 Z" fill="#f97316"/>
    <path d="M-45 -66 q-7 -12 0 -28 q7 14 0 28 Z" fill="#fde047"/>
    <path d="M45 -36 q-7 -12 0 -28 q7 14 0 28 Z" fill="#fde047"/>
    <path d="M-120 100 H120" stroke="${a}" stroke-width="8" stroke-linecap="round"/>`,
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Long names get a smaller font so they always fit the banner. */
function nameFontSize(name: string, width: number, max: number): number {
  // DejaVu Sans Bold averages about 0.64 em per character.
  return Math.min(max, Math.floor(width / (Math.max(name.length, 1) * 0.64)));
}

const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';
const BANNER = { left: 40, top: 448, width: 720, height: 118 };

/** The costly part (gradient, translucent circles, the drawing): rendered once per look and reused. */
function productBackgroundSvg(category: ProductCategory, palette: Palette, look: number): string {
  // The circles move with the look so two products of one category and colour do not look the same.
  const dx = ((look * 137) % 500) + 150;
  const dy = ((look * 71) % 160) + 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <circle cx="${dx}" cy="${dy}" r="190" fill="#fff" opacity="0.28"/>
  <circle cx="${800 - dx / 2}" cy="${420 - dy / 3}" r="120" fill="#fff" opacity="0.18"/>
  <circle cx="400" cy="232" r="190" fill="#fff" opacity="0.45"/>
  <g transform="translate(400 232) scale(1.25)">${DRAWINGS[category](palette.accent)}</g>
</svg>`;
}

/** The white name banner laid over the background: small, so cheap to render per product. */
function productBannerSvg(category: ProductCategory, name: string, palette: Palette): string {
  const size = nameFontSize(name, 690, 46);
  const { width, height } = BANNER;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" rx="22" fill="#fff" opacity="0.9"/>
  <text x="${width / 2}" y="40" font-family="${FONT}" font-size="19" font-weight="bold" letter-spacing="4" text-anchor="middle" fill="${palette.accent}">${escapeXml(CATEGORY_CAPTIONS[category])}</text>
  <text x="${width / 2}" y="${82 + size / 6}" font-family="${FONT}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#1c1917">${escapeXml(name)}</text>
</svg>`;
}

/** Distinct backgrounds per category: three colourways times this many circle layouts. */
const LOOKS_PER_PALETTE = 2;
type RawImage = { data: Buffer; info: { width: number; height: number; channels: number } };
const backgrounds = new Map<string, Promise<RawImage>>();

function productBackground(category: ProductCategory, variant: number) {
  const paletteIndex = variant % 3;
  const look = Math.floor(variant / 3) % LOOKS_PER_PALETTE;
  const key = `${category}:${paletteIndex}:${look}`;
  let background = backgrounds.get(key);
  if (!background) {
    const svg = productBackgroundSvg(category, PALETTES[category][paletteIndex], look + paletteIndex * 2);
    background = sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
    backgrounds.set(key, background);
  }
  return background;
}

/** An 800×600 WebP: the category's drawing on one of its backgrounds, with the product's name. */
export async function renderProductPicture(category: ProductCategory, name: string, variant: number): Promise<Buffer> {
  const { data, info } = await productBackground(category, variant);
  const banner = productBannerSvg(category, name, PALETTES[category][variant % 3]);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels as 3 | 4 } })
    .composite([{ input: Buffer.from(banner), left: BANNER.left, top: BANNER.top }])
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}

const SKIES = [
  { top: '#bae6fd', bottom: '#fef9c3', sun: '#fde047' },
  { top: '#fed7aa', bottom: '#fef3c7', sun: '#fb923c' },
  { top: '#c7d2fe', bottom: '#fce7f3', sun: '#fcd34d' },
  { top: '#a5f3fc', bottom: '#ecfccb', sun: '#facc15' },
];
const HILLS = [
  ['#86efac', '#4ade80', '#15803d'],
  ['#bef264', '#84cc16', '#3f6212'],
  ['#a7f3d0', '#34d399', '#047857'],
];

/** A square farm portrait: sky, rolling hills, a red barn and the farm's name. */
function farmPictureSvg(farmName: string, variant: number): string {
  const sky = SKIES[variant % SKIES.length];
  const hills = HILLS[variant % HILLS.length];
  const sunX = 120 + ((variant * 97) % 400);
  const barnX = 140 + ((variant * 53) % 260);
  const size = nameFontSize(farmName, 560, 44);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient></defs>
  <rect width="640" height="640" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="140" r="58" fill="${sky.sun}"/>
  <path d="M0 330 Q160 230 330 310 T640 290 V640 H0 Z" fill="${hills[0]}"/>
  <path d="M0 400 Q200 320 420 390 T640 370 V640 H0 Z" fill="${hills[1]}"/>
  <g transform="translate(${barnX} 300)">
    <path d="M0 120 V40 L50 0 L100 40 V120 Z" fill="#b91c1c"/>
    <path d="M-8 44 L50 -6 L108 44" stroke="#f5f5f4" stroke-width="8" fill="none"/>
    <rect x="30" y="70" width="40" height="50" fill="#fff"/>
    <path d="M30 70 L70 120 M70 70 L30 120" stroke="#b91c1c" stroke-width="5"/>
  </g>
  <path d="M0 470 Q240 420 640 460 V640 H0 Z" fill="${hills[2]}"/>
  <rect x="30" y="520" width="580" height="90" rx="20" fill="#fff" opacity="0.92"/>
  <text x="320" y="${565 + size / 3}" font-family="${FONT}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#14532d">${escapeXml(farmName)}</text>
</svg>`;
}

/** A 640×640 WebP farm portrait. Flat drawings compress to a few KB, so one size serves everywhere. */
export async function renderFarmPicture(farmName: string, variant: number): Promise<Buffer> {
  return sharp(Buffer.from(farmPictureSvg(farmName, variant)))
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}

/** Runs the jobs with a bounded number in flight: sharp works on libuv's small thread pool. */
export async function runPool<T>(jobs: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return results;
}
