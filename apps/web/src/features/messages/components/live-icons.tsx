/** Icons of the live toasts that the shared set lacks; SVG because emoji fonts are missing on many desktops. */
import { svg as iconProps } from '@/components/ui/icons';

const svg = iconProps('h-5 w-5 shrink-0');

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
