/** Icons of the live toasts that the shared set lacks; SVG because emoji fonts are missing on many desktops. */
const svg = {
  className: 'h-5 w-5 shrink-0',
  fill: 'none',
  viewBox: '0 0 24 24',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true as const,
};

export const BellIcon = () => (
  <svg {...svg}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0" />
  </svg>
);

export const MegaphoneIcon = () => (
  <svg {...svg}>
    <path d="M3 10v4h3l7 4V6L6 10H3zM16 9a4 4 0 0 1 0 6M7 14l1 5h3l-1-4" />
  </svg>
);
