/**
 * Exports of a stay: the cook sheets (PDF) and the shopping spreadsheet (xlsx). Domain data
 * in, bytes out; runs in the browser and in Node. jsPDF and exceljs are loaded only when a
 * file is built.
 */
export { buildCookbookPdf, NO_MEAL } from './cookbook.js';
export type { CookBlock, CookbookInput, CookPage, CookRow } from './cookbook-plan.js';
export { EMPTY_MEAL, planCookbook } from './cookbook-plan.js';
export { buildShoppingXlsx } from './shopping.js';
export type { SheetPlan, SheetRow, ShoppingInput, ShoppingProfile } from './shopping-plan.js';
export { ALL_INGREDIENTS_SHEET, planShopping } from './shopping-plan.js';
export { cleanSheetName, MAX_SHEET_NAME_LENGTH, SheetNames } from './sheet-names.js';
export {
  cookbookFileName,
  fileNamePart,
  PDF_MIME,
  shoppingFileName,
  XLSX_MIME,
} from './file-names.js';
export { forPeopleLabel, groupLabel, mealLabel, stayDayLabel } from './labels.js';
export type { ProgressListener } from './progress.js';
export { toWinAnsi } from './pdf-text.js';
