/**
 * jsPDF loads html2canvas and canvg lazily for html() and SVG rendering, which the cook sheets
 * never use. Vite resolves both names here (vite.config.ts), so that 350 kB of unused code is
 * neither shipped nor precached for offline use.
 */
export default function unused(): never {
  throw new Error('html2canvas/canvg are not bundled with Popote.');
}
