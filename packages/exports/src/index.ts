/**
 * Exports of a stay: the cook sheets and the week plan (PDF) and the shopping spreadsheet
 * (xlsx). Domain data in, bytes out; runs in the browser (a Web Worker) and in Node. jsPDF,
 * jspdf-autotable and the xlsx writer (with fflate) are loaded only when a file is built.
 */
export { buildCookbookPdf } from './cookbook.js';
export type {
  ContentsDay,
  CookBlock,
  CookbookInput,
  CookbookOptions,
  CookbookPlan,
  CookRow,
  CookSheet,
} from './cookbook-plan.js';
export { EMPTY_MEAL, NOTHING_TO_COOK, planCookbook } from './cookbook-plan.js';
export { buildShoppingXlsx } from './shopping.js';
export type {
  CellValue,
  ShoppingColumn,
  ShoppingInput,
  ShoppingLine,
  ShoppingProfile,
  SheetPlan,
} from './shopping-plan.js';
export { ALL_INGREDIENTS_SHEET, planShopping } from './shopping-plan.js';
export { buildWeekPlanPdf } from './week-plan-pdf.js';
export type { WeekPlanInput, WeekPage } from './week-plan.js';
export { planWeeks } from './week-plan.js';
export { cleanSheetName, MAX_SHEET_NAME_LENGTH, SheetNames } from './sheet-names.js';
export {
  cookbookFileName,
  fileNamePart,
  PDF_MIME,
  shoppingFileName,
  weekPlanFileName,
  XLSX_MIME,
} from './file-names.js';
export {
  forPeopleLabel,
  groupLabel,
  longDayLabel,
  mealHeading,
  mealLabel,
  stayDayLabel,
} from './labels.js';
export type { ProgressListener } from './progress.js';
export { toWinAnsi } from './pdf-text.js';
