import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One run of text as a PDF reader sees it: where it starts (points, from the page's bottom-left), its size and width. */
export type PdfText = { text: string; x: number; y: number; size: number; width: number };
export type PdfPage = { width: number; height: number; texts: PdfText[] };

/** Reads a PDF the way a viewer would (pdfjs-dist), so tests check what a printer gets. */
export async function readPdf(data: Uint8Array): Promise<PdfPage[]> {
  const document = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , width, height] = page.view;
    const content = await page.getTextContent();
    const texts: PdfText[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [a, b, , , x, y] = item.transform as number[];
      texts.push({ text: item.str, x, y, size: Math.hypot(a, b), width: item.width });
    }
    pages.push({ width, height, texts });
  }
  await document.destroy();
  return pages;
}
