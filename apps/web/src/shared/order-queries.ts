/**
 * Every query whose answer follows an order's state starts with this key: the order lists, the
 * pickup day, weighing, and an order's benefits plan (its total and what each benefit may pay).
 * So whatever changes an order (a move, a weighed pack, a short line, a live update from another
 * device) refreshes all of them by invalidating this one key (decision 549).
 */
export const ORDERS_KEY = ['orders'] as const;
