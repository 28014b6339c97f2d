/**
 * Exports of a stay: the cook sheets, the week plan, the allergen table, the kitchen's register
 * and the menu poster (PDF) and the
 * shopping spreadsheet (xlsx). Domain data in, bytes out; runs in the browser (a Web Worker) and in Node. jsPDF,
 * jspdf-autotable and the xlsx writer (with fflate) are loaded only when a file is built.
 */
export { buildCookbookPdf } from './cookbook.js';
export type {
  ContentsDay,
  CookAlternative,
  CookBlock,
  CookbookInput,
  CookbookOptions,
  CookbookPlan,
  CookRow,
  CookSheet,
} from './cookbook-plan.js';
export { EMPTY_MEAL, isEmptySheet, NOTHING_TO_COOK, planCookbook } from './cookbook-plan.js';
export { buildAllergenTablePdf } from './allergen-table-pdf.js';
export type {
  AllergenDish,
  AllergenMeal,
  AllergenTableInput,
  AllergenTablePlan,
} from './allergen-table.js';
export { ALLERGEN_TABLE_TITLE, HIDDEN_ALLERGENS, planAllergenTable } from './allergen-table.js';
export { ALLERGEN_SHORT_LABELS, allergenLegend, allergensNote } from './allergen-labels.js';
export { buildRegisterPdf } from './register-pdf.js';
export type {
  DeliveryRow,
  ReadingRow,
  RegisterDay,
  RegisterInput,
  RegisterPlan,
  SampleRow,
  TeamLine,
} from './register-plan.js';
export {
  formatTemperature,
  OUT_OF_RANGE,
  planRegister,
  rangeLabel,
  REGISTER_TITLE,
  ROLE_LABELS,
  TOO_WARM,
} from './register-plan.js';
export { buildMenuPosterPdf } from './menu-poster-pdf.js';
export type {
  MenuPosterInput,
  MenuPosterPlan,
  PosterDish,
  PosterFormat,
  PosterMeal,
  PosterPage,
} from './menu-poster.js';
export { planMenuPoster, POSTER_FORMATS, POSTER_TITLE } from './menu-poster.js';
export { buildShoppingXlsx } from './shopping.js';
export type {
  CellValue,
  ShoppingCosts,
  ShoppingInput,
  ShoppingLine,
  ShoppingProfile,
  SheetPlan,
} from './shopping-plan.js';
export {
  ALL_INGREDIENTS_SHEET,
  COLUMN_BUDGET,
  COLUMN_COST,
  COLUMN_COST_PER_PERSON,
  COLUMN_DAY,
  COLUMN_INGREDIENT,
  COLUMN_KIND,
  COLUMN_MEALS,
  COLUMN_NOTE,
  COLUMN_OVER_BUDGET,
  COLUMN_PACK,
  COLUMN_PACKS,
  COLUMN_PEOPLE,
  COLUMN_PRICE,
  COLUMN_PRICE_PER,
  COLUMN_QUANTITY,
  COLUMN_SUPPLIER,
  COLUMN_TO_PAY,
  COLUMN_UNIT,
  COSTS_SHEET,
  EUROS_FORMAT,
  INCOMPLETE_NOTE,
  MISSING_PRICES_HEADING,
  MISSING_REASON_LABELS,
  OVER_BUDGET,
  planShopping,
  TOTAL_LABEL,
} from './shopping-plan.js';
export { buildWeekPlanPdf } from './week-plan-pdf.js';
export type { WeekPlanInput, WeekPage } from './week-plan.js';
export { planWeeks } from './week-plan.js';
export { cleanSheetName, MAX_SHEET_NAME_LENGTH, SheetNames } from './sheet-names.js';
export {
  allergenTableFileName,
  cookbookFileName,
  fileNamePart,
  menuPosterFileName,
  registerFileName,
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
