/**
 * Simple drawn pictures for the home page's sample products, so they look the same on every
 * device (emoji fonts are missing on many desktops).
 */
const frame = { viewBox: '0 0 96 96', className: 'h-24 w-24 drop-shadow-sm', 'aria-hidden': true as const };

export const EggsArt = () => (
  <svg {...frame}>
    <rect x="10" y="58" width="76" height="22" rx="6" fill="#a8a29e" />
    <path d="M10 64h76" stroke="#78716c" strokeWidth="2" />
    <ellipse cx="30" cy="50" rx="13" ry="17" fill="#fef3c7" stroke="#d6a756" strokeWidth="2" />
    <ellipse cx="50" cy="46" rx="13" ry="17" fill="#fde7c0" stroke="#d6a756" strokeWidth="2" />
    <ellipse cx="70" cy="50" rx="13" ry="17" fill="#fff7e6" stroke="#d6a756" strokeWidth="2" />
  </svg>
);

export const BreadArt = () => (
  <svg {...frame}>
    <path d="M14 60c0-20 15-32 34-32s34 12 34 32v8a6 6 0 0 1-6 6H20a6 6 0 0 1-6-6z" fill="#d97706" />
    <path d="M14 60c0-20 15-32 34-32s34 12 34 32" fill="none" stroke="#92400e" strokeWidth="2.5" />
    <path d="M34 44l6 8M48 40l6 8M62 44l6 8" stroke="#fde68a" strokeWidth="3.5" strokeLinecap="round" />
  </svg>
);

export const HoneyArt = () => (
  <svg {...frame}>
    <rect x="30" y="14" width="36" height="10" rx="3" fill="#78716c" />
    <path d="M26 30h44l4 8v36a8 8 0 0 1-8 8H30a8 8 0 0 1-8-8V38z" fill="#f59e0b" stroke="#b45309" strokeWidth="2" />
    <rect x="30" y="46" width="36" height="20" rx="3" fill="#fffbeb" />
    <path d="M40 56l4-4h8l4 4-4 4h-8z" fill="#f59e0b" />
  </svg>
);

export const VegBoxArt = () => (
  <svg {...frame}>
    <path d="M34 46l-6-22M36 46l4-24M46 44l10-20" stroke="#16a34a" strokeWidth="4" strokeLinecap="round" />
    <path d="M30 50l8-10 8 10" fill="#ea580c" />
    <circle cx="58" cy="46" r="10" fill="#dc2626" />
    <circle cx="72" cy="50" r="8" fill="#7c3aed" />
    <path d="M12 52h72l-6 30H18z" fill="#b45309" />
    <path d="M16 62h64M18 72h60" stroke="#92400e" strokeWidth="2" />
  </svg>
);
