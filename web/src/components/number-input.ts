/**
 * The number a Mantine NumberInput holds. It hands over a string for what is not a plain number
 * yet, including '02' (a field that showed 0, tapped and typed 2) and '1,5' (a decimal comma
 * being typed); an empty or unreadable field is 0.
 */
export function numberOf(value: number | string): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const n = Number(value.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
}
