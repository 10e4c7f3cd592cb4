import { labelBlocks } from '../../apps/server/src/modules/labels/label-content';
import { renderLabelPdf } from '../../apps/server/src/modules/labels/label-pdf';
import { addTable } from '../lib/report';
import { defineSection } from '../lib/section';

const SHEETS_PER_PDF = 10;
const DISTINCT_PRODUCTS = 30;

/**
 * Issue 14: "a 10-sheet PDF generates in under 1 s". Renders 10 Letter sheets (100 Avery 5163
 * labels) for 30 different products in turn, each with its own name, ingredients and date, and
 * prints the time per PDF. No server, no cache: the figure is the label maker's own work.
 */
export default defineSection({
  name: 'labels',
  needsServer: false,
  async run() {
    const producer = {
      farm_name: 'Bench Hollow Farm',
      address: '1 Bench Rd',
      city: 'Lexington',
      state: 'KY' as const,
      zip: '40507',
      phone: null,
    };
    const timings: number[] = [];
    for (let i = 0; i < DISTINCT_PRODUCTS; i++) {
      const product = {
        name: `Bench Preserve No. ${i + 1}`,
        category: 'jellies' as const,
        net_quantity: 8 + i,
        net_unit: 'oz' as const,
        ingredient_list: ['fruit', 'cane sugar', 'lemon juice', `spice blend ${i}`, 'pectin'].slice(0, 3 + (i % 3)),
        ingredients: null,
        allergens: i % 2 ? ['milk'] : [],
        allergens_confirmed_absent: [],
      };
      const started = performance.now();
      await renderLabelPdf({
        sheet: 'avery_5163',
        count: SHEETS_PER_PDF * 10,
        blocks: labelBlocks(product, producer, `2027-07-${String((i % 28) + 1).padStart(2, '0')}`),
        qrUrl: `http://localhost:3000/product/${1000 + i}`,
        title: product.name,
      });
      timings.push(performance.now() - started);
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const table = addTable('Label maker: one 10-sheet PDF (100 Avery 5163 labels), 30 distinct products', ['figure', 'ms']);
    table.rows.push(
      { figure: 'first PDF (cold: fonts, QR encoder)', ms: timings[0].toFixed(0) },
      { figure: 'p50', ms: at(0.5).toFixed(0) },
      { figure: 'p95', ms: at(0.95).toFixed(0) },
      { figure: 'max', ms: sorted[sorted.length - 1].toFixed(0) },
    );
    table.notes.push('Target (issue 14): under 1,000 ms per 10-sheet PDF.');
  },
});
