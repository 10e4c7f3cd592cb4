import type { ReactElement } from 'react';

/**
 * Line icons for feature pages (emoji fonts are missing on many desktops and render as boxes).
 * Decorative: the text next to them carries the meaning.
 */
type IconProps = { className?: string };
/** Any of the icons below, for a component that takes one as a prop. */
export type IconComponent = (props: IconProps) => ReactElement;
/** The attributes every line icon shares. */
export const svg = (className = 'h-6 w-6') => ({
  className,
  fill: 'none',
  viewBox: '0 0 24 24',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true as const,
});

export const StoreIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M3 9l1.5-5h15L21 9M3 9h18M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12v8h14v-8M10 20v-5h4v5" />
  </svg>
);
export const BasketIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M3 10h18l-2 10H5L3 10zM8 10l4-6 4 6M9 14v3M15 14v3" />
  </svg>
);
export const MapIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14" />
  </svg>
);
export const HeartIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
  </svg>
);
export const ChatIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8 11h.01M12 11h.01M16 11h.01" />
  </svg>
);
export const BarnIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M3 10l9-6 9 6v10H3V10zM9 20v-6h6v6M9 14l6 6M15 14l-6 6" />
  </svg>
);
export const SproutIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M12 20v-8M12 12c0-4-3-6-7-6 0 4 3 6 7 6zM12 12c0-3 2.5-5 6-5 0 3.5-2.5 5-6 5z" />
  </svg>
);
export const CardIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 10h19M6 15h4" />
  </svg>
);
export const CheckCircleIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.5 2.5L16 9.5" />
  </svg>
);
export const AlertIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M12 3L2 20h20L12 3zM12 10v4M12 17h.01" />
  </svg>
);
export const MailIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </svg>
);
export const BookIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2V5zM4 19a2 2 0 0 1 2-2h14" />
  </svg>
);
export const WifiOffIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M3 3l18 18M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.5M19 12.9a10 10 0 0 0-2.6-1.8M2 9a15 15 0 0 1 4.4-2.9M22 9a15 15 0 0 0-11-3.9M12 20h.01" />
  </svg>
);
export const StarIcon = ({ className, filled = false }: IconProps & { filled?: boolean }) => (
  <svg {...svg(className)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9L12 3z" />
  </svg>
);
export const UserIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const LockIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
export const DocumentIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M6 3h8l5 5v13H6V3zM14 3v5h5M9 13h7M9 17h5" />
  </svg>
);
export const ClipboardIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M9 4h6v3H9V4zM9 5H6v16h12V5h-3M9 12h6M9 16h4" />
  </svg>
);
export const SearchIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </svg>
);
