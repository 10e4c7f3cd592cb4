import type { BookExportFormat, BookExports, BooksRangeQuery, TaxSummary } from '@farmstand/shared/schemas/books';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** The farm's books out (issue 50, decision 586): its exports and its sales-tax quarter. */
export const BOOKS_KEY = ['books'] as const;

export function useBookExports() {
  return useQuery({
    queryKey: [...BOOKS_KEY, 'exports'],
    queryFn: () => api.get<z.output<typeof BookExports>>('/books/exports'),
  });
}

export function useTaxSummary(year: number, quarter: number) {
  return useQuery({
    queryKey: [...BOOKS_KEY, 'tax', year, quarter],
    queryFn: () => api.get<TaxSummary>('/books/tax-summary', { year, quarter }),
  });
}

/** A new export of the sales not yet in a file of this format (the server records what it covered). */
export const fetchSalesFile = (format: BookExportFormat, range: BooksRangeQuery) =>
  api.file(`/books/${format}.csv`, { from: range.from, to: range.to, pointId: range.pointId });
export const fetchExportFile = (id: number) => api.file(`/books/exports/${id}`);
export const fetchTaxCsv = (year: number, quarter: number) => api.file('/books/tax-summary.csv', { year, quarter });
