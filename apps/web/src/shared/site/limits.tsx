import { useSite } from './api';

/** The admin's max_products_per_producer (default 10), for texts that quote the limit. */
export function MaxProducts() {
  return <>{useSite().limits.max_products_per_producer}</>;
}
