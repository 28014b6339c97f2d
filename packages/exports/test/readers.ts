/**
 * Reading the files back, for tests and benchmarks of every workspace
 * (`@popote/exports/readers`): the text of each PDF page (with where each string is drawn),
 * and the typed cells of each sheet.
 */
export {
  countPdfPages,
  readPdfPageItems,
  readPdfPages,
  type PdfTextItem,
} from './pdf-text-reader.js';
export { readXlsxSheets, type ReadSheet, type ReadValue } from './xlsx-reader.js';
