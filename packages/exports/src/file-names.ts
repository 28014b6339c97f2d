/** The names of the exported files (reference page, "Exports"). */

/** Characters no file system accepts in a name, and control codes. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]/gu;

/** A stay name fit for a file name: forbidden characters become '-', spaces are tidied. */
export function fileNamePart(name: string): string {
  return name.replace(/\s+/gu, ' ').replace(UNSAFE, '-').trim();
}

/** '<stay name> Fiches cuisine.pdf'. */
export function cookbookFileName(stayName: string): string {
  return `${fileNamePart(`${stayName} Fiches cuisine`)}.pdf`;
}

/** 'Ingrédients <stay name>.xlsx'. */
export function shoppingFileName(stayName: string): string {
  return `${fileNamePart(`Ingrédients ${stayName}`)}.xlsx`;
}

export const PDF_MIME = 'application/pdf';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** '<stay name> Planning des repas.pdf'. */
export function weekPlanFileName(stayName: string): string {
  return `${fileNamePart(`${stayName} Planning des repas`)}.pdf`;
}

/** '<stay name> Allergènes.pdf': the allergen table of the chosen days (issue 20). */
export function allergenTableFileName(stayName: string): string {
  return `${fileNamePart(`${stayName} Allergènes`)}.pdf`;
}

/** '<stay name> Registre de cuisine.pdf': the kitchen's register of the chosen days (issue 35). */
export function registerFileName(stayName: string): string {
  return `${fileNamePart(`${stayName} Registre de cuisine`)}.pdf`;
}

/** '<stay name> Affiche des menus.pdf': the menus to display in the dining hall (issue 35). */
export function menuPosterFileName(stayName: string): string {
  return `${fileNamePart(`${stayName} Affiche des menus`)}.pdf`;
}
