import type { ProductCategory } from '@farmstand/shared';
import { loadSharp } from '../modules/images';

/**
 * Generated pictures for the demo catalogue: a calm gradient and a simple drawing of what the
 * product is (chosen from its name, then its category), rendered by sharp to WebP. No text in the
 * pictures, no bundled photos, nothing downloaded.
 */

/**
 * Calm backgrounds: mid-light, low-saturation tones that sit quietly on a dark
 * page as well as a light one; no white glare, no neon.
 */
const BACKGROUNDS = [
  { from: '#d8d2c2', to: '#c4bca8' }, // oat
  { from: '#cdd6c4', to: '#b5c2a9' }, // sage
  { from: '#d9c7b8', to: '#c6ad9a' }, // clay
  { from: '#c9d1d9', to: '#b2bdc8' }, // slate
  { from: '#d8c8cc', to: '#c5aeb4' }, // dusty rose
  { from: '#d6cfae', to: '#c3b88f' }, // straw
];

/** A drawing in a 240×240 box centred on (0, 0). */
type Motif = () => string;

const jar = (fill: string, lid = '#8a7f6f', label = '#efe8da') => `
    <rect x="-62" y="-58" width="124" height="150" rx="24" fill="${fill}" stroke="#4b4237" stroke-width="5"/>
    <rect x="-68" y="-88" width="136" height="34" rx="8" fill="${lid}" stroke="#4b4237" stroke-width="5"/>
    <rect x="-44" y="-4" width="88" height="52" rx="8" fill="${label}"/>
    <rect x="-50" y="-48" width="12" height="126" rx="6" fill="#fff" opacity="0.22"/>`;
const berry = (x: number, y: number, r: number, fill: string) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#2b1d2e" stroke-width="3"/>`;
const leaf = (x: number, y: number, rotate: number, fill = '#5f7f45') =>
  `<path transform="translate(${x} ${y}) rotate(${rotate})" d="M0 0 q18 -22 42 -6 q-18 24 -42 6 Z" fill="${fill}" stroke="#3d5230" stroke-width="3"/>`;
const bottle = (fill: string) => `
    <path d="M-20 -110 h40 v38 q40 22 40 62 v118 q0 14 -14 14 h-92 q-14 0 -14 -14 v-118 q0 -40 40 -62 Z" fill="${fill}" stroke="#4b4237" stroke-width="5"/>
    <rect x="-24" y="-124" width="48" height="20" rx="5" fill="#6b5f50"/>
    <rect x="-40" y="10" width="80" height="60" rx="8" fill="#efe8da"/>`;
const roastBird = (skin: string) => `
    <ellipse cx="0" cy="70" rx="130" ry="24" fill="#9c9384"/>
    <ellipse cx="0" cy="20" rx="95" ry="62" fill="${skin}" stroke="#6b3f1d" stroke-width="5"/>
    <path d="M70 0 q55 -30 60 -5 q-5 20 -50 25" fill="${skin}" stroke="#6b3f1d" stroke-width="5"/>
    <path d="M-70 0 q-55 -30 -60 -5 q5 20 50 25" fill="${skin}" stroke="#6b3f1d" stroke-width="5"/>
    <circle cx="126" cy="-14" r="12" fill="#efe8da"/><circle cx="-126" cy="-14" r="12" fill="#efe8da"/>
    <ellipse cx="-25" cy="0" rx="30" ry="14" fill="#fff" opacity="0.18"/>`;

const MOTIFS = {
  eggs: () => `
    <path d="M-115 20 Q0 150 115 20 Z" fill="#8c7b62"/>
    <ellipse cx="-55" cy="-5" rx="42" ry="55" fill="#efe4cf" stroke="#6b5a44" stroke-width="5"/>
    <ellipse cx="55" cy="-5" rx="42" ry="55" fill="#c99b6d" stroke="#6b5a44" stroke-width="5"/>
    <ellipse cx="0" cy="-25" rx="45" ry="60" fill="#e2c7a2" stroke="#6b5a44" stroke-width="5"/>`,
  smallEggs: () => `
    <ellipse cx="0" cy="60" rx="120" ry="30" fill="#8c7b62"/>
    ${[-70, -25, 20, 65].map((x, i) => `<ellipse cx="${x}" cy="${20 - (i % 2) * 18}" rx="26" ry="34" fill="#e9dfcc" stroke="#6b5a44" stroke-width="4"/><circle cx="${x - 6}" cy="${16 - (i % 2) * 18}" r="6" fill="#7a6a55"/><circle cx="${x + 8}" cy="${30 - (i % 2) * 18}" r="4" fill="#7a6a55"/>`).join('')}`,
  loaf: () => `
    <path d="M-120 60 L-120 10 Q-125 -80 0 -85 Q125 -80 120 10 L120 60 Q0 80 -120 60 Z" fill="#b98752" stroke="#6b4423" stroke-width="6"/>
    <path d="M-60 -50 l30 40 M-10 -60 l30 40 M40 -50 l30 40" stroke="#e6cfa5" stroke-width="10" stroke-linecap="round"/>`,
  flatbread: () => `
    <rect x="-125" y="-60" width="250" height="130" rx="30" fill="#c99a5e" stroke="#6b4423" stroke-width="6"/>
    ${[-80, -30, 20, 70].map((x) => `<circle cx="${x}" cy="-15" r="8" fill="#8a5a2b"/><circle cx="${x + 20}" cy="30" r="8" fill="#8a5a2b"/>`).join('')}
    ${leaf(-60, -40, -20, '#55703f')}${leaf(40, 10, 30, '#55703f')}`,
  jamDark: () => `${jar('#5a2f4a')}${berry(-12, 20, 10, '#3b1f33')}${berry(8, 20, 10, '#3b1f33')}${berry(-2, 34, 10, '#3b1f33')}`,
  jamRed: () => `${jar('#a33b3b')}<path d="M0 8 q-22 0 -20 18 q2 22 20 30 q18 -8 20 -30 q2 -18 -20 -18 Z" fill="#b64545"/>`,
  jamOrange: () => `${jar('#c7793a')}<circle cx="0" cy="24" r="18" fill="#d69255"/>`,
  jamBrown: () => `${jar('#7a4a2a')}<circle cx="0" cy="24" r="18" fill="#a33b3b"/>${leaf(4, 8, -40)}`,
  pepperJelly: () => `${jar('#b5533a')}<path d="M-20 20 q20 -14 40 0 q-6 16 -40 8 Z" fill="#55703f"/>`,
  tomato: () => `
    <circle cx="-40" cy="20" r="72" fill="#b8493a" stroke="#7a2c22" stroke-width="5"/>
    <circle cx="55" cy="40" r="52" fill="#c9733a" stroke="#7a3f1c" stroke-width="5"/>
    <path d="M-40 -52 l-22 -14 l20 4 l2 -22 l10 20 l20 -8 l-14 18 l22 10 l-26 0 Z" fill="#55703f"/>
    <path d="M55 -12 l-14 -10 l13 2 l2 -14 l7 13 l13 -5 l-9 12 l14 6 l-17 0 Z" fill="#55703f"/>`,
  strawberry: () => `
    ${[
      [-55, 10],
      [45, 25],
    ]
      .map(
        ([
          x,
          y,
        ]) => `<path transform="translate(${x} ${y})" d="M0 -50 q48 -4 48 30 q0 40 -48 80 q-48 -40 -48 -80 q0 -34 48 -30 Z" fill="#b83a3a" stroke="#7a2222" stroke-width="5"/>
      ${[-20, 0, 20, -12, 12, 0].map((dx, i) => `<ellipse cx="${dx}" cy="${-18 + Math.floor(i / 3) * 26 + (i % 2) * 8}" rx="3" ry="5" fill="#e8d27a"/>`).join('')}
      <path d="M0 -50 l-24 -10 l14 -4 l-4 -16 l14 12 l14 -12 l-4 16 l14 4 Z" fill="#55703f"/>`,
      )
      .join('')}`,
  apple: () => `
    <path d="M0 -60 q70 -40 90 30 q10 80 -90 100 q-100 -20 -90 -100 q20 -70 90 -30 Z" fill="#a83c35" stroke="#6d211c" stroke-width="6"/>
    <path d="M0 -60 q4 -30 14 -44" stroke="#5b4030" stroke-width="8" stroke-linecap="round"/>${leaf(12, -88, -20)}
    <ellipse cx="-45" cy="-10" rx="14" ry="26" fill="#fff" opacity="0.2"/>`,
  peach: () => `
    <circle cx="0" cy="10" r="92" fill="#d98b5f" stroke="#8a4a2a" stroke-width="6"/>
    <path d="M0 -80 q-30 80 0 180" stroke="#b96a44" stroke-width="5" fill="none"/>${leaf(0, -82, -30)}
    <ellipse cx="40" cy="-20" rx="24" ry="34" fill="#e8b087" opacity="0.6"/>`,
  corn: () => `
    <g transform="rotate(-30)">
      <path d="M-30 -110 q30 -20 60 0 l10 190 q-40 20 -80 0 Z" fill="#d9b44a" stroke="#8a6d1c" stroke-width="5"/>
      ${Array.from({ length: 7 }, (_, i) => `<path d="M-28 ${-90 + i * 26} h56" stroke="#b8922e" stroke-width="3"/>`).join('')}
      <path d="M-40 80 q-40 -80 -10 -170 q10 100 40 170 Z" fill="#6f8a4a" stroke="#3d5230" stroke-width="4"/>
      <path d="M40 80 q40 -80 10 -170 q-10 100 -40 170 Z" fill="#7d9955" stroke="#3d5230" stroke-width="4"/>
    </g>`,
  greens: () =>
    [-70, -25, 25, 70, 0]
      .map(
        (x, i) =>
          `<path transform="translate(${x} ${40 - (i === 4 ? 30 : 0)}) rotate(${x / 3})" d="M0 70 q-60 -60 -20 -130 q20 -20 40 0 q40 70 -20 130 Z" fill="${['#5f7f45', '#77965a', '#4e6b3a', '#8aa66b', '#6a8b4d'][i]}" stroke="#34472a" stroke-width="4"/>`,
      )
      .join(''),
  vegBox: () => `
    <circle cx="-50" cy="-20" r="40" fill="#b8493a" stroke="#7a2c22" stroke-width="4"/>
    <path d="M20 -50 L90 40 L5 0 Z" fill="#c9733a" stroke="#7a3f1c" stroke-width="4"/>
    <path d="M20 -50 l-6 -30 M20 -50 l14 -28" stroke="#55703f" stroke-width="8" stroke-linecap="round"/>
    <ellipse cx="-5" cy="-40" rx="22" ry="40" fill="#6a8b4d" stroke="#34472a" stroke-width="4"/>
    <rect x="-120" y="10" width="240" height="90" rx="10" fill="#9a7b56" stroke="#5b4030" stroke-width="6"/>
    <path d="M-120 40 H120 M-120 70 H120" stroke="#5b4030" stroke-width="4"/>`,
  sweetPotato: () =>
    [
      [-30, -20, -15],
      [30, 40, 20],
    ]
      .map(
        ([x, y, r]) =>
          `<ellipse transform="translate(${x} ${y}) rotate(${r})" rx="95" ry="42" fill="#a5603a" stroke="#5e3218" stroke-width="5"/><path transform="translate(${x} ${y}) rotate(${r})" d="M-40 -10 q10 6 20 0 M10 12 q10 6 20 0" stroke="#7a4424" stroke-width="4" fill="none"/>`,
      )
      .join(''),
  potato: () =>
    [
      [-50, 0],
      [45, -20],
      [10, 50],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="55" ry="40" fill="#a88a62" stroke="#5e4a2e" stroke-width="5"/><circle cx="${x - 15}" cy="${y - 5}" r="4" fill="#6b563a"/><circle cx="${x + 18}" cy="${y + 10}" r="4" fill="#6b563a"/>`,
      )
      .join(''),
  squash: () => `
    <path d="M-20 -100 q40 -10 45 30 q5 40 -5 60 q70 30 50 100 q-30 50 -95 20 q-55 -30 -20 -100 q-15 -40 -5 -80 Z" fill="#d8a55e" stroke="#8a5e24" stroke-width="6"/>
    <rect x="-2" y="-122" width="14" height="28" rx="4" fill="#6b563a"/>`,
  beans: () =>
    [-60, -20, 20, 60]
      .map(
        (x, i) =>
          `<path transform="translate(${x} 0) rotate(${-20 + i * 12})" d="M0 -100 q24 40 6 100 q-10 40 0 90 q-20 -40 -14 -90 q8 -60 8 -100 Z" fill="${i % 2 ? '#6a8b4d' : '#5a7a40'}" stroke="#34472a" stroke-width="4"/>`,
      )
      .join(''),
  pawpaw: () => `
    <ellipse cx="-30" cy="10" rx="60" ry="90" transform="rotate(-20 -30 10)" fill="#8aa05a" stroke="#4e5f2c" stroke-width="5"/>
    <ellipse cx="50" cy="30" rx="50" ry="76" transform="rotate(25 50 30)" fill="#a1ad63" stroke="#4e5f2c" stroke-width="5"/>
    <ellipse cx="-50" cy="-20" rx="10" ry="26" transform="rotate(-20 -50 -20)" fill="#fff" opacity="0.2"/>`,
  berries: () => {
    const cluster = (cx: number, cy: number) =>
      [
        [0, 0],
        [-16, 10],
        [16, 10],
        [0, 22],
        [-16, 32],
        [16, 32],
        [0, 44],
      ]
        .map(([x, y]) => berry(cx + x, cy + y, 12, '#3b2440'))
        .join('');
    return `${cluster(-45, -30)}${cluster(40, -10)}${leaf(-40, -56, -120)}${leaf(40, -36, -60)}`;
  },
  garlic: () => `
    <path d="M0 -110 q10 40 40 60 q60 40 40 100 q-20 40 -80 40 q-60 0 -80 -40 q-20 -60 40 -100 q30 -20 40 -60 Z" fill="#ece3d3" stroke="#8a7d68" stroke-width="6"/>
    <path d="M0 -40 q-10 60 0 140 M-35 -20 q-20 60 -10 110 M35 -20 q20 60 10 110" stroke="#c9bca6" stroke-width="4" fill="none"/>`,
  honey: () => {
    const hex = (x: number, y: number, fill: string) =>
      `<path transform="translate(${x} ${y})" d="M0 -42 L36 -21 L36 21 L0 42 L-36 21 L-36 -21 Z" fill="${fill}" stroke="#7a4d12" stroke-width="5"/>`;
    return `${hex(-38, -35, '#d9a53c')}${hex(38, -35, '#c98f2a')}${hex(0, 30, '#e0b352')}${hex(-76, 30, '#e6c272')}${hex(76, 30, '#d9a53c')}
    <path d="M0 72 q-14 30 0 42 q14 -12 0 -42 Z" fill="#c98f2a" stroke="#7a4d12" stroke-width="4"/>`;
  },
  honeyJar: () =>
    `${jar('#c98f2a', '#6b5f50', '#efe8da')}<path transform="translate(0 22)" d="M0 -16 L14 -8 L14 8 L0 16 L-14 8 L-14 -8 Z" fill="#c98f2a"/>`,
  milk: () => `${bottle('#eeeae2')}<path d="M-30 40 q15 -16 30 0 t30 0" stroke="#6f8fa8" stroke-width="6" fill="none"/>`,
  cheese: () => `
    <path d="M-120 40 L90 -60 L120 40 Z" fill="#e0bf5c" stroke="#8a6d1c" stroke-width="6" stroke-linejoin="round"/>
    <path d="M-120 40 H120 V90 H-120 Z" fill="#d4ad45" stroke="#8a6d1c" stroke-width="6"/>
    <circle cx="40" cy="10" r="12" fill="#b8922e"/><circle cx="-20" cy="65" r="10" fill="#b8922e"/><circle cx="70" cy="62" r="8" fill="#b8922e"/>`,
  goatCheese: () => `
    <ellipse cx="0" cy="70" rx="130" ry="26" fill="#8c7b62"/>
    <rect x="-100" y="-30" width="200" height="90" rx="45" fill="#efeadf" stroke="#8a7d68" stroke-width="6"/>
    ${leaf(-30, -20, -10)}${leaf(10, -30, 20)}`,
  butter: () => `
    <ellipse cx="0" cy="70" rx="130" ry="24" fill="#8c9aa8"/>
    <path d="M-100 -10 L-40 -50 H110 L60 -10 Z" fill="#f0dc8c" stroke="#8a6d1c" stroke-width="5"/>
    <path d="M-100 -10 H60 V60 H-100 Z" fill="#e8cf72" stroke="#8a6d1c" stroke-width="5"/>
    <path d="M60 -10 L110 -50 V20 L60 60 Z" fill="#d8bd5c" stroke="#8a6d1c" stroke-width="5"/>`,
  yogurt: () => `
    <path d="M-80 -60 H80 L64 100 H-64 Z" fill="#efeadf" stroke="#6f7f8f" stroke-width="6"/>
    <ellipse cx="0" cy="-60" rx="80" ry="18" fill="#f7f4ee" stroke="#6f7f8f" stroke-width="5"/>
    <rect x="-50" y="0" width="100" height="50" rx="8" fill="#8fa3b5"/>`,
  cow: () => `
    <ellipse cx="0" cy="10" rx="80" ry="90" fill="#efe8da" stroke="#4b4237" stroke-width="6"/>
    <path d="M-30 -70 q30 -20 50 10 q-10 30 -40 20 Z" fill="#4b4237"/>
    <path d="M-80 -50 q-50 -10 -60 20 q30 10 60 0 Z M80 -50 q50 -10 60 20 q-30 10 -60 0 Z" fill="#d8cdb8" stroke="#4b4237" stroke-width="5"/>
    <path d="M-50 -80 q-20 -40 -40 -40 M50 -80 q20 -40 40 -40" stroke="#8a7d68" stroke-width="10" stroke-linecap="round"/>
    <ellipse cx="0" cy="60" rx="55" ry="36" fill="#d9a5a0" stroke="#4b4237" stroke-width="5"/>
    <circle cx="-18" cy="60" r="7" fill="#4b4237"/><circle cx="18" cy="60" r="7" fill="#4b4237"/>
    <circle cx="-35" cy="-10" r="9" fill="#2f2a24"/><circle cx="35" cy="-10" r="9" fill="#2f2a24"/>`,
  goat: () => `
    <path d="M0 -70 q70 0 60 80 q-10 60 -60 90 q-50 -30 -60 -90 q-10 -80 60 -80 Z" fill="#d8cdb8" stroke="#4b4237" stroke-width="6"/>
    <path d="M-40 -60 q-40 -60 -10 -90 M40 -60 q40 -60 10 -90" stroke="#6b5f50" stroke-width="12" stroke-linecap="round" fill="none"/>
    <path d="M-60 -30 q-60 0 -70 30 q40 6 66 -6 Z M60 -30 q60 0 70 30 q-40 6 -66 -6 Z" fill="#c7b99f" stroke="#4b4237" stroke-width="5"/>
    <path d="M-10 100 q10 30 20 0" fill="#8a7d68"/>
    <circle cx="-28" cy="-10" r="8" fill="#2f2a24"/><circle cx="28" cy="-10" r="8" fill="#2f2a24"/>`,
  petMilk: () => `
    <path d="M-120 30 H120 Q110 110 0 110 Q-110 110 -120 30 Z" fill="#6f8fa8" stroke="#3f5566" stroke-width="5"/>
    <ellipse cx="0" cy="30" rx="120" ry="18" fill="#efeadf" stroke="#3f5566" stroke-width="5"/>
    <ellipse cx="0" cy="-55" rx="30" ry="24" fill="#6b5f50"/>
    <ellipse cx="-46" cy="-90" rx="13" ry="17" fill="#6b5f50"/><ellipse cx="-16" cy="-110" rx="13" ry="17" fill="#6b5f50"/>
    <ellipse cx="16" cy="-110" rx="13" ry="17" fill="#6b5f50"/><ellipse cx="46" cy="-90" rx="13" ry="17" fill="#6b5f50"/>`,
  steak: () => `
    <ellipse cx="0" cy="70" rx="130" ry="26" fill="#8a7f6f"/>
    <path d="M-120 -10 Q-125 -90 -20 -95 Q100 -100 120 -20 Q135 60 40 85 Q-40 105 -90 70 Q-118 50 -120 -10 Z" fill="#a8403a" stroke="#5e1f1b" stroke-width="6"/>
    <path d="M-100 -10 Q-100 -70 -20 -75 Q80 -80 100 -20" stroke="#ecd3c6" stroke-width="12" fill="none" stroke-linecap="round"/>
    <circle cx="40" cy="20" r="24" fill="#efe4d6" stroke="#5e1f1b" stroke-width="5"/>`,
  groundBeef: () => `
    <rect x="-130" y="10" width="260" height="70" rx="14" fill="#8c9aa8" stroke="#4b5866" stroke-width="5"/>
    <path d="M-100 20 q0 -90 100 -90 q100 0 100 90 Z" fill="#b5544c" stroke="#6b2722" stroke-width="6"/>
    ${Array.from({ length: 9 }, (_, i) => `<circle cx="${-70 + i * 18}" cy="${-20 + (i % 3) * 14}" r="5" fill="#d88a80"/>`).join('')}`,
  porkChop: () => `
    <ellipse cx="0" cy="70" rx="130" ry="26" fill="#8a7f6f"/>
    <path d="M-110 0 q0 -80 90 -80 q110 0 110 70 q0 70 -90 80 q-110 10 -110 -70 Z" fill="#d9968a" stroke="#7a3f35" stroke-width="6"/>
    <path d="M-110 0 q0 -80 90 -80 q110 0 110 70" stroke="#f1e3d3" stroke-width="14" fill="none"/>
    <rect x="60" y="10" width="80" height="20" rx="10" fill="#efe4d6" stroke="#7a3f35" stroke-width="4"/>`,
  ham: () => `
    <path d="M-40 -90 q120 -10 130 90 q0 70 -90 90 q-110 20 -120 -60 q-10 -110 80 -120 Z" fill="#c46a5a" stroke="#6b2f25" stroke-width="6"/>
    <path d="M-60 -60 l120 120 M-20 -80 l110 110 M-80 -20 l100 100" stroke="#a5503f" stroke-width="4"/>
    <rect x="-120" y="50" width="60" height="24" rx="12" fill="#efe4d6" stroke="#6b2f25" stroke-width="4" transform="rotate(-30 -90 60)"/>`,
  bacon: () =>
    [-50, 0, 50]
      .map(
        (y) =>
          `<path d="M-130 ${y} q30 -20 65 0 t65 0 t65 0 t65 0 v26 q-30 20 -65 0 t-65 0 t-65 0 t-65 0 Z" fill="#b5544c" stroke="#6b2722" stroke-width="4"/><path d="M-130 ${y + 12} q30 -20 65 0 t65 0 t65 0 t65 0" stroke="#ecd3c6" stroke-width="5" fill="none"/>`,
      )
      .join(''),
  sausage: () =>
    [-80, -20, 40, 100]
      .map(
        (x, i) =>
          `<ellipse cx="${x - 10}" cy="${i % 2 ? 10 : -10}" rx="36" ry="22" transform="rotate(${i % 2 ? 20 : -20} ${x - 10} ${i % 2 ? 10 : -10})" fill="#a86a48" stroke="#5b3220" stroke-width="5"/>`,
      )
      .join(''),
  meatShare: () => `
    <rect x="-110" y="-70" width="220" height="150" rx="12" fill="#b9a88a" stroke="#5b4a32" stroke-width="6"/>
    <path d="M-110 -30 H110" stroke="#5b4a32" stroke-width="5"/>
    <rect x="-70" y="-10" width="60" height="60" rx="8" fill="#a8403a"/><rect x="10" y="-10" width="60" height="60" rx="8" fill="#c46a5a"/>`,
  roastChicken: () => roastBird('#c7874f'),
  turkey: () => `${roastBird('#a8693b')}<path d="M-40 -40 q40 -70 80 0" stroke="#6b3f1d" stroke-width="5" fill="none"/>`,
  duck: () => roastBird('#b27a45'),
  drumstick: () => `
    <g transform="rotate(-35)">
      <ellipse cx="-20" cy="0" rx="85" ry="62" fill="#c7874f" stroke="#6b3f1d" stroke-width="6"/>
      <rect x="55" y="-12" width="70" height="24" rx="10" fill="#efe4d6" stroke="#6b3f1d" stroke-width="5"/>
      <circle cx="128" cy="-14" r="16" fill="#efe4d6" stroke="#6b3f1d" stroke-width="5"/>
      <circle cx="128" cy="14" r="16" fill="#efe4d6" stroke="#6b3f1d" stroke-width="5"/>
    </g>`,
  bones: () =>
    `${[-40, 40]
      .map(
        (y, i) =>
          `<g transform="translate(0 ${y}) rotate(${i ? 15 : -15})"><rect x="-90" y="-12" width="180" height="24" rx="12" fill="#e9dfcc" stroke="#7a6a55" stroke-width="5"/><circle cx="-92" cy="-14" r="18" fill="#e9dfcc" stroke="#7a6a55" stroke-width="5"/><circle cx="-92" cy="14" r="18" fill="#e9dfcc" stroke="#7a6a55" stroke-width="5"/><circle cx="92" cy="-14" r="18" fill="#e9dfcc" stroke="#7a6a55" stroke-width="5"/><circle cx="92" cy="14" r="18" fill="#e9dfcc" stroke="#7a6a55" stroke-width="5"/></g>`,
      )
      .join('')}`,
  pie: () => `
    <ellipse cx="0" cy="30" rx="135" ry="60" fill="#8a7f6f"/>
    <ellipse cx="0" cy="10" rx="130" ry="60" fill="#c99a5e" stroke="#6b4423" stroke-width="6"/>
    <ellipse cx="0" cy="10" rx="105" ry="44" fill="#8a4a2a"/>
    <g stroke="#dcb784" stroke-width="12" stroke-linecap="round"><path d="M-70 -20 L-40 42 M-25 -32 L10 50 M25 -32 L55 42"/><path d="M-95 0 H95 M-80 28 H80"/></g>`,
  handPie: () => `
    ${[-45, 45].map((x) => `<path d="M${x - 60} 30 q0 -90 60 -90 q60 0 60 90 Z" fill="#c99a5e" stroke="#6b4423" stroke-width="6"/><path d="M${x - 56} 26 h112" stroke="#6b4423" stroke-width="4" stroke-dasharray="8 6"/><path d="M${x - 14} -20 l10 10 M${x + 6} -30 l10 10" stroke="#6b4423" stroke-width="4"/>`).join('')}`,
  cinnamonRoll: () => `
    <ellipse cx="0" cy="60" rx="130" ry="26" fill="#8a7f6f"/>
    <circle cx="0" cy="0" r="90" fill="#c99a5e" stroke="#6b4423" stroke-width="6"/>
    <path d="M0 0 m-10 0 a10 10 0 1 1 20 0 a22 22 0 1 1 -44 0 a36 36 0 1 1 72 0 a52 52 0 1 1 -104 0 a68 68 0 1 1 136 0" stroke="#7a4a2a" stroke-width="8" fill="none"/>
    <path d="M-60 -40 q20 20 40 0 q20 -20 40 0 q20 20 30 0" stroke="#efe8da" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  cookies: () =>
    [
      [-50, -20, 60],
      [55, 20, 55],
      [-10, 60, 45],
    ]
      .map(
        ([x, y, r]) =>
          `<circle cx="${x}" cy="${y}" r="${r}" fill="#c99a5e" stroke="#6b4423" stroke-width="5"/>${[
            [-15, -10],
            [12, 5],
            [-5, 20],
            [20, -18],
          ]
            .map(([dx, dy]) => `<circle cx="${x + dx}" cy="${y + dy}" r="6" fill="#4b3020"/>`)
            .join('')}`,
      )
      .join(''),
  quickBread: () => `
    <path d="M-120 70 V-20 q0 -40 40 -40 h160 q40 0 40 40 V70 Z" fill="#a8693b" stroke="#5e3218" stroke-width="6"/>
    <path d="M-100 -40 q100 -40 200 0" stroke="#7a4424" stroke-width="6" fill="none"/>
    <path d="M-40 -10 v70 M0 -10 v70 M40 -10 v70" stroke="#8a4f28" stroke-width="4"/>`,
  pickles: () =>
    `${jar('#7d9955')}<ellipse cx="-14" cy="22" rx="10" ry="22" fill="#55703f"/><ellipse cx="14" cy="22" rx="10" ry="22" fill="#55703f"/>`,
  salsa: () => `${jar('#b5533a')}<circle cx="-10" cy="20" r="6" fill="#55703f"/><circle cx="12" cy="28" r="6" fill="#e0b352"/>`,
  kraut: () =>
    `${jar('#d9d0a8')}<path d="M-30 20 q30 -12 60 0 M-30 32 q30 -12 60 0" stroke="#8a9a55" stroke-width="4" fill="none"/>`,
  beets: () => `${jar('#7a2d45')}<circle cx="0" cy="24" r="16" fill="#8e3553"/>`,
  mushrooms: () =>
    [
      [-50, 10, 1],
      [45, -10, 1.2],
    ]
      .map(
        ([x, y, s]) =>
          `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-14" y="0" width="28" height="60" rx="10" fill="#e9dfcc" stroke="#6b5a44" stroke-width="4"/><path d="M-60 4 q0 -60 60 -60 q60 0 60 60 Z" fill="#8a5a3a" stroke="#4b3020" stroke-width="5"/><circle cx="-20" cy="-24" r="6" fill="#c9a27a"/><circle cx="18" cy="-32" r="5" fill="#c9a27a"/></g>`,
      )
      .join(''),
  candles: () => `
    <rect x="-70" y="-40" width="50" height="140" rx="10" fill="#e6cf86" stroke="#8a6d1c" stroke-width="5"/>
    <rect x="20" y="-10" width="50" height="110" rx="10" fill="#efe0a8" stroke="#8a6d1c" stroke-width="5"/>
    <path d="M-45 -45 v-15 M45 -15 v-15" stroke="#2f2a24" stroke-width="4"/>
    <path d="M-45 -60 q-18 -25 0 -55 q18 30 0 55 Z" fill="#d98b3a"/><path d="M45 -30 q-18 -25 0 -55 q18 30 0 55 Z" fill="#d98b3a"/>`,
  soap: () => `
    <rect x="-110" y="-30" width="220" height="110" rx="26" fill="#e4dccb" stroke="#7a6a55" stroke-width="6"/>
    <rect x="-90" y="-50" width="180" height="40" rx="18" fill="#ece6d8" stroke="#7a6a55" stroke-width="5"/>
    ${leaf(-20, 20, -10)}${leaf(10, 10, 40)}
    <circle cx="70" cy="-80" r="14" fill="none" stroke="#8fa3b5" stroke-width="4"/><circle cx="95" cy="-105" r="9" fill="none" stroke="#8fa3b5" stroke-width="4"/>`,
  flowers: () => `
    <path d="M-40 110 L-10 -10 M40 110 L10 -10 M0 110 V-20" stroke="#4e6b3a" stroke-width="8" stroke-linecap="round"/>
    ${[
      [-50, -40, '#b85a6e'],
      [0, -70, '#d9a53c'],
      [50, -40, '#8a6fa8'],
      [-20, -10, '#d98b5f'],
      [25, -5, '#b85a6e'],
    ]
      .map(
        ([x, y, c]) =>
          `<g transform="translate(${x} ${y})">${[0, 72, 144, 216, 288].map((a) => `<ellipse rx="12" ry="22" transform="rotate(${a}) translate(0 -18)" fill="${c}"/>`).join('')}<circle r="10" fill="#efe0a8"/></g>`,
      )
      .join('')}
    <path d="M-60 80 L0 50 L60 80 L30 120 H-30 Z" fill="#9a7b56" stroke="#5b4030" stroke-width="5"/>`,
  syrup: () => `${bottle('#9a5a26')}<path d="M-20 30 q20 -20 40 0" stroke="#6b4423" stroke-width="5" fill="none"/>`,
  lavender: () => `
    <path d="M-70 -20 q70 -40 140 0 l-10 120 q-60 20 -120 0 Z" fill="#cbbfd8" stroke="#5e4a72" stroke-width="6"/>
    <path d="M-70 -20 q70 30 140 0" stroke="#5e4a72" stroke-width="4" fill="none"/>
    ${[-20, 0, 20].map((x) => `<path d="M${x} -20 l${x / 2} -90" stroke="#4e6b3a" stroke-width="5"/>${[0, 1, 2, 3].map((i) => `<ellipse cx="${x + (x / 2) * ((i + 2) / 5)}" cy="${-40 - i * 16}" rx="8" ry="11" fill="#7a5fa0"/>`).join('')}`).join('')}`,
  yarn: () => `
    <circle cx="0" cy="10" r="92" fill="#9a7bb0" stroke="#4e3a5e" stroke-width="6"/>
    <path d="M-80 -30 q80 60 160 0 M-90 20 q90 60 180 0 M-60 -70 q60 40 120 0 M-50 80 q50 -170 100 0" stroke="#c7b3d6" stroke-width="7" fill="none"/>
    <path d="M80 60 q40 30 30 60 q-10 20 -50 10" stroke="#9a7bb0" stroke-width="7" fill="none" stroke-linecap="round"/>`,
  lard: () => `
    <path d="M-90 -30 H90 L76 100 H-76 Z" fill="#8fa3b5" stroke="#4b5866" stroke-width="6"/>
    <ellipse cx="0" cy="-30" rx="90" ry="20" fill="#f3efe6" stroke="#4b5866" stroke-width="5"/>
    <path d="M-50 -40 q30 -50 60 -20 q20 -30 40 0" fill="#f3efe6" stroke="#a8a090" stroke-width="4"/>
    <rect x="-50" y="20" width="100" height="44" rx="8" fill="#e4dccb"/>`,
} satisfies Record<string, Motif>;
export type MotifName = keyof typeof MOTIFS;

/** First match wins: the product's own words, most specific first (strawberry before jam). */
const NAME_MOTIFS: [RegExp, MotifName][] = [
  [/yarn|wool/i, 'yarn'],
  [/lard|tallow/i, 'lard'],
  [/soap/i, 'soap'],
  [/candle|beeswax/i, 'candles'],
  [/flower|bouquet/i, 'flowers'],
  [/lavender|sachet/i, 'lavender'],
  [/syrup|molasses(?! cookie)/i, 'syrup'],
  [/herdshare.*goat|goat herdshare|nubian/i, 'goat'],
  [/herdshare/i, 'cow'],
  [/for pets|pet kefir/i, 'petMilk'],
  [/quail|duck eggs/i, 'smallEggs'],
  [/eggs?\b/i, 'eggs'],
  [/hand pies?/i, 'handPie'],
  [/\bpie\b|cobbler/i, 'pie'],
  [/cinnamon rolls?/i, 'cinnamonRoll'],
  [/cookies?/i, 'cookies'],
  [/pumpkin bread/i, 'quickBread'],
  [/focaccia/i, 'flatbread'],
  [/bread|loaf|sourdough|rye/i, 'loaf'],
  [/pepper jelly/i, 'pepperJelly'],
  [/blackberry jam|elderberry|muscadine/i, 'jamDark'],
  [/strawberry.*jam|rhubarb/i, 'jamRed'],
  [/peach preserves/i, 'jamOrange'],
  [/apple butter/i, 'jamBrown'],
  [/pickles|dilly|relish|chow/i, 'pickles'],
  [/salsa|tomato sauce/i, 'salsa'],
  [/sauerkraut/i, 'kraut'],
  [/beets/i, 'beets'],
  [/mushroom|shiitake/i, 'mushrooms'],
  [/strawberr/i, 'strawberry'],
  [/tomato/i, 'tomato'],
  [/corn/i, 'corn'],
  [/greens|lettuce|salad/i, 'greens'],
  [/vegetable box|veggie box|csa/i, 'vegBox'],
  [/sweet potato/i, 'sweetPotato'],
  [/potato/i, 'potato'],
  [/apple/i, 'apple'],
  [/peach/i, 'peach'],
  [/squash|pumpkin/i, 'squash'],
  [/beans/i, 'beans'],
  [/pawpaw/i, 'pawpaw'],
  [/blackberr|raspberr|blueberr/i, 'berries'],
  [/garlic/i, 'garlic'],
  [/comb honey/i, 'honey'],
  [/honey/i, 'honeyJar'],
  [/goat cheese|chevre/i, 'goatCheese'],
  [/cheese|cheddar|gouda/i, 'cheese'],
  [/butter/i, 'butter'],
  [/yogurt|kefir/i, 'yogurt'],
  [/milk/i, 'milk'],
  [/ground beef/i, 'groundBeef'],
  [/ribeye|steak|lamb/i, 'steak'],
  [/pork chop/i, 'porkChop'],
  [/\bham\b/i, 'ham'],
  [/bacon/i, 'bacon'],
  [/sausage/i, 'sausage'],
  [/quarter share|half share|beef share/i, 'meatShare'],
  [/bones|broth/i, 'bones'],
  [/turkey/i, 'turkey'],
  [/whole .*duck|pekin/i, 'duck'],
  [/whole .*chicken/i, 'roastChicken'],
  [/thigh|breast|drumstick|wing/i, 'drumstick'],
];

/** When the name says nothing drawable, the category's picture. */
const CATEGORY_MOTIFS: Record<ProductCategory, MotifName> = {
  eggs: 'eggs',
  bread: 'loaf',
  jellies: 'jamRed',
  produce: 'vegBox',
  honey: 'honeyJar',
  dairy: 'milk',
  herdshare: 'cow',
  pet_food: 'petMilk',
  meat: 'steak',
  poultry: 'drumstick',
  baked_goods: 'pie',
  preserved_foods: 'pickles',
  other: 'candles',
};

/** Which drawing a product gets: its name first, then its category. */
export function motifFor(category: ProductCategory, name: string): MotifName {
  return NAME_MOTIFS.find(([pattern]) => pattern.test(name))?.[1] ?? CATEGORY_MOTIFS[category];
}

/**
 * The product's picture as SVG: a calm background and the drawing of what the product is. No text:
 * the name is printed under the picture already, and a drawing reads at any size.
 */
export function productPictureSvg(category: ProductCategory, name: string, variant: number): string {
  const background = BACKGROUNDS[variant % BACKGROUNDS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background.from}"/><stop offset="1" stop-color="${background.to}"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <circle cx="400" cy="300" r="250" fill="#fff" opacity="0.14"/>
  <g transform="translate(400 300) scale(1.9)">${MOTIFS[motifFor(category, name)]()}</g>
</svg>`;
}

const rendered = new Map<string, Promise<Buffer>>();

/** An 800×600 WebP of the product's drawing; identical pictures are rendered once per seed. */
export async function renderProductPicture(category: ProductCategory, name: string, variant: number): Promise<Buffer> {
  const key = `${motifFor(category, name)}:${variant % BACKGROUNDS.length}`;
  let picture = rendered.get(key);
  if (!picture) {
    picture = loadSharp()(Buffer.from(productPictureSvg(category, name, variant)))
      .webp({ quality: 80, effort: 2 })
      .toBuffer();
    rendered.set(key, picture);
  }
  return picture;
}

const SKIES = [
  { top: '#b9c8d3', bottom: '#dcd6c6', sun: '#d9b86a' },
  { top: '#d3c2b0', bottom: '#e0d8c6', sun: '#c9905a' },
  { top: '#c3c4d6', bottom: '#ddd2d2', sun: '#d1b070' },
  { top: '#b8cdc9', bottom: '#d9dcc6', sun: '#cfb35e' },
];
const HILLS = [
  ['#a3b58c', '#8aa070', '#5f7a4a'],
  ['#b3b88a', '#98a06c', '#6b7445'],
  ['#9db8a2', '#7f9e86', '#55745d'],
];

/** What stands on each farm's hill, so the avatars differ at a glance. */
const FARM_SCENES: ((x: number) => string)[] = [
  // Red barn
  (x) =>
    `<g transform="translate(${x} 300)"><path d="M0 120 V40 L50 0 L100 40 V120 Z" fill="#9c4a3e"/><path d="M-8 44 L50 -6 L108 44" stroke="#e8e2d6" stroke-width="8" fill="none"/><rect x="30" y="70" width="40" height="50" fill="#e8e2d6"/><path d="M30 70 L70 120 M70 70 L30 120" stroke="#9c4a3e" stroke-width="5"/></g>`,
  // Barn and silo
  (x) =>
    `<g transform="translate(${x} 290)"><rect x="110" y="0" width="44" height="130" rx="8" fill="#a9a297"/><path d="M110 4 q22 -34 44 0" fill="#7d766b"/><path d="M0 130 V50 L50 10 L100 50 V130 Z" fill="#5f6f7a"/><rect x="32" y="80" width="36" height="50" fill="#e8e2d6"/></g>`,
  // Orchard
  (x) =>
    `<g transform="translate(${x} 320)">${[0, 90, 180].map((dx, i) => `<rect x="${dx + 26}" y="40" width="12" height="60" fill="#6b4f36"/><circle cx="${dx + 32}" cy="${30 - (i % 2) * 10}" r="40" fill="#6f8b55"/><circle cx="${dx + 20}" cy="${24 - (i % 2) * 10}" r="7" fill="#b8493a"/><circle cx="${dx + 46}" cy="${38 - (i % 2) * 10}" r="7" fill="#b8493a"/>`).join('')}</g>`,
  // Beehives
  (x) =>
    `<g transform="translate(${x} 330)">${[0, 80, 160].map((dx) => `<rect x="${dx}" y="20" width="60" height="70" rx="4" fill="#d9b86a" stroke="#7a5a22" stroke-width="4"/><path d="M${dx} 45 h60 M${dx} 68 h60" stroke="#7a5a22" stroke-width="3"/><path d="M${dx - 6} 20 h72 l-6 -14 h-60 Z" fill="#8a7f6f"/>`).join('')}</g>`,
  // Greenhouse
  (x) =>
    `<g transform="translate(${x} 310)"><path d="M0 110 V40 Q90 -40 180 40 V110 Z" fill="#d6e0d8" stroke="#6f8079" stroke-width="6" opacity="0.95"/><path d="M45 110 V20 M90 110 V0 M135 110 V20 M0 70 H180" stroke="#6f8079" stroke-width="4"/><rect x="70" y="70" width="40" height="40" fill="#9fb59a"/></g>`,
  // Farmhouse bakery with a chimney
  (x) =>
    `<g transform="translate(${x} 300)"><rect x="0" y="50" width="150" height="80" fill="#d8c7a8"/><path d="M-12 56 L75 -6 L162 56 Z" fill="#7a5a4a"/><rect x="110" y="-6" width="20" height="40" fill="#7a5a4a"/><path d="M120 -12 q-10 -20 5 -34 q-8 16 8 30" fill="#c9c2b6" opacity="0.8"/><rect x="60" y="80" width="30" height="50" fill="#6b4f36"/><rect x="20" y="70" width="28" height="24" fill="#e8e2d6"/><rect x="102" y="70" width="28" height="24" fill="#e8e2d6"/></g>`,
  // Cow in the pasture, with a fence
  (x) =>
    `<g transform="translate(${x} 340)"><path d="M-40 60 H240 M-40 30 H240" stroke="#8a7460" stroke-width="6"/>${[-30, 40, 110, 180].map((dx) => `<rect x="${dx}" y="10" width="10" height="70" fill="#8a7460"/>`).join('')}<ellipse cx="100" cy="20" rx="60" ry="32" fill="#e8e2d6" stroke="#4b4237" stroke-width="4"/><ellipse cx="80" cy="12" rx="16" ry="12" fill="#4b4237"/><ellipse cx="168" cy="6" rx="20" ry="16" fill="#e8e2d6" stroke="#4b4237" stroke-width="4"/><path d="M60 48 v30 M140 48 v30" stroke="#4b4237" stroke-width="8"/></g>`,
];

/** A square farm portrait: muted sky and hills with one of several farm scenes; no text. */
function farmPictureSvg(_farmName: string, variant: number): string {
  const sky = SKIES[variant % SKIES.length];
  const hills = HILLS[Math.floor(variant / SKIES.length) % HILLS.length];
  const scene = FARM_SCENES[variant % FARM_SCENES.length];
  const sunX = 120 + ((variant * 97) % 400);
  const sceneX = 120 + ((variant * 53) % 200);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient></defs>
  <rect width="640" height="640" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="140" r="54" fill="${sky.sun}"/>
  <path d="M0 330 Q160 230 330 310 T640 290 V640 H0 Z" fill="${hills[0]}"/>
  <path d="M0 400 Q200 320 420 390 T640 370 V640 H0 Z" fill="${hills[1]}"/>
  <g transform="translate(320 430) scale(1.6) translate(${-(sceneX + 90)} -380)">${scene(sceneX)}</g>
  <path d="M0 500 Q240 450 640 490 V640 H0 Z" fill="${hills[2]}"/>
</svg>`;
}

/** A 640×640 WebP farm portrait. Flat drawings compress to a few KB. */
export async function renderFarmPicture(farmName: string, variant: number): Promise<Buffer> {
  return loadSharp()(Buffer.from(farmPictureSvg(farmName, variant)))
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}

/** Exposed for tests: the farm portrait's SVG. */
export const farmPictureSvgForTest = farmPictureSvg;

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
