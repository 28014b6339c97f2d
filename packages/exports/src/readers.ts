/**
 * Reading the files back, for tests and benchmarks of every workspace
 * (`@popote/exports/readers`): the text of each PDF page, and the typed cells of each sheet.
 */
export { countPdfPages, readPdfPages } from './pdf-text-reader.js';
export { readXlsxSheets, type ReadSheet, type ReadValue } from './xlsx-reader.js';
