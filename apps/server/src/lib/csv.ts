// One CSV writer for every export: the catalogue's reader and writer live together in shared code.
export { csvField, csvText } from '@farmstand/shared/catalogue/csv';
