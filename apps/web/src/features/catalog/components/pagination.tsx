// Shared with the producer's product list: the component lives in components/ui.
export { Pagination } from '@/components/ui/pagination';
