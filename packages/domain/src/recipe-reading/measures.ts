/**
 * The units of ingredient lines and what they become in the spec's units (pièces, kg, gr, L,
 * cL). Patterns apply to folded text (lower case, no accents: see fold).
 *
 * Spec units and their spellings:
 *
 * | Written                                   | Becomes         |
 * |-------------------------------------------|-----------------|
 * | kg, kgs, kilo(s), kilogramme(s)           | kg (kept)       |
 * | g, gr, grs, gramme(s), grammes            | gr              |
 * | mg, milligramme(s)                        | gr ÷ 1000       |
 * | l, lt, litre(s)                           | L (kept)        |
 * | cl, centilitre(s)                         | cL              |
 * | ml, millilitre(s)                         | cL ÷ 10         |
 * | dl, décilitre(s)                          | cL × 10         |
 *
 * Kitchen measures (MEASURES), each converted by this table; the line's note keeps the
 * measure as written ('2 c. à soupe'):
 *
 * | Measure                                            | Liquid   | Anything else |
 * |----------------------------------------------------|----------|---------------|
 * | cuillère à soupe (c. à s., càs, cs; c. à table)     | 1,5 cL   | 15 gr         |
 * | cuillère à dessert                                 | 1 cL     | 10 gr         |
 * | cuillère à café / à thé (c. à c., càc, cc)          | 0,5 cL   | 5 gr          |
 * | verre                                              | 20 cL    | 20 cL         |
 * | tasse (tasse à café: 10 cL)                        | 25 cL    | 25 cL         |
 * | bol                                                | 35 cL    | 35 cL         |
 * | louche                                             | 10 cL    | 10 cL         |
 * | filet (of a liquid; else counted: filet de poulet) | 1 cL     | pièces        |
 * | trait                                              | 0,5 cL   | 0,5 cL        |
 * | goutte                                             | 0,005 cL | 0,005 cL      |
 * | pincée, pointe (de couteau)                        | 0,5 gr   | 0,5 gr        |
 * | noix (de beurre)                                   | 15 gr    |               |
 * | noisette (de beurre)                               | 5 gr     |               |
 * | poignée                                            | 30 gr    | 30 gr         |
 * | livre                                              | 500 gr   | 500 gr        |
 * | lb, lbs (the pound of Québec pages)                | 454 gr   | 454 gr        |
 * | douzaine, dizaine, vingtaine, moitié               | × 12, × 10, × 20, × ½ pièces |
 *
 * A spoon is a volume, but a spoon of flour or sugar is bought by weight: a spoon of
 * something whose name says it is liquid (LIQUID_WORDS: huile, vinaigre, lait, crème, eau,
 * jus, vin, sirop, sauce...) becomes cL, any other one grams, with the conventional 15 g and
 * 5 g. Glasses, cups and bowls stay volumes whatever they hold: their weight depends too much
 * on what fills them, and the note says '1 verre' for the review. Québec pages give a spoon
 * with its volume ('30 ml (2 c. à soupe) de farine', '2 c. à thé (10 ml) de romarin'): of
 * something not liquid, the spoon's weight is read (30 gr), the millilitres going to the note.
 *
 * Counted measures (COUNTED: gousse, tranche, feuille, branche, brin, botte, sachet, boîte,
 * pot...) are pièces of what follows: '2 gousses d'ail' is 2 pièces of 'ail', note
 * '2 gousses', so that the name finds the library's ingredient. Containers among them
 * (CONTAINERS: sachet, boîte, pot, brique...) are the ones whose stated content ('1 boîte de
 * 400 g', '(400 g)') counts per container.
 */
import { Unite } from '../enums.js';

export interface UnitRead {
  unite: Unite;
  /** What one written unit is in `unite`. */
  factor: number;
}

/** Spec units, longest spellings first; a unit is never followed by a letter. */
export const SPEC_UNITS: readonly { pattern: RegExp; unit: UnitRead }[] = [
  {
    pattern: /(?:kilogrammes?|kilos?|kgs?)\.?(?![\p{L}\d])/uy,
    unit: { unite: Unite.Kg, factor: 1 },
  },
  { pattern: /(?:milligrammes?|mg)\.?(?![\p{L}\d])/uy, unit: { unite: Unite.G, factor: 0.001 } },
  { pattern: /(?:grammes?|grs?|g)\.?(?![\p{L}\d])/uy, unit: { unite: Unite.G, factor: 1 } },
  { pattern: /(?:centilitres?|cl)\.?(?![\p{L}\d])/uy, unit: { unite: Unite.CL, factor: 1 } },
  { pattern: /(?:millilitres?|ml)\.?(?![\p{L}\d])/uy, unit: { unite: Unite.CL, factor: 0.1 } },
  { pattern: /(?:decilitres?|dl)\.?(?![\p{L}\d])/uy, unit: { unite: Unite.CL, factor: 10 } },
  { pattern: /(?:litres?|lt|l)\.?(?![\p{L}\d'’])/uy, unit: { unite: Unite.L, factor: 1 } },
];

/** How a kitchen measure converts; null: a counted measure (pièces). */
interface Conversion {
  liquid: UnitRead;
  other: UnitRead;
}

export interface Measure {
  /** Its name in the documentation. */
  id: string;
  pattern: RegExp;
  conversion: Conversion | null;
  /** Only a measure when what follows is liquid ('filet d'huile'), else counted. */
  liquidOnly?: boolean;
  /** Only a measure before these words ('noix de beurre', not 'noix de coco'). */
  before?: RegExp;
  /** A multiplier of the count ('une douzaine d'œufs'). */
  times?: number;
}

const cl = (factor: number): UnitRead => ({ unite: Unite.CL, factor });
const g = (factor: number): UnitRead => ({ unite: Unite.G, factor });
const both = (unit: UnitRead): Conversion => ({ liquid: unit, other: unit });

// 'cuillère(s) à', 'cuillerée(s) à', 'cuiller à' before a whole word; 'cuil.', 'cuill.', 'c.',
// 'c' before a word or its initial ('c. à s.', 'càs', 'cs').
const SPOON_WORD = String.raw`cuiller(?:e|ee)?s?\s+(?:a|de)\s+`;
const SPOON = String.raw`(?:cuill?\.?|c\.?)\s*(?:a\s*\.?\s*)?`;
const END = String.raw`(?![\p{L}\d])`;
const measure = (source: string): RegExp => new RegExp(`(?:${source})${END}`, 'uy');

export const MEASURES: readonly Measure[] = [
  {
    id: 'cuillère à soupe',
    pattern: measure(
      String.raw`${SPOON_WORD}(?:soupe|table)|${SPOON}(?:soupe|table|s)\.?|tbsp|tbs|cs\.?`,
    ),
    conversion: { liquid: cl(1.5), other: g(15) },
  },
  {
    id: 'cuillère à dessert',
    pattern: measure(String.raw`${SPOON_WORD}dessert|${SPOON}dessert|c\.?\s*a\s*d\.?`),
    conversion: { liquid: cl(1), other: g(10) },
  },
  {
    id: 'cuillère à café',
    pattern: measure(String.raw`${SPOON_WORD}(?:cafe|the)|${SPOON}(?:cafe|the|c)\.?|tsp|cc\.?`),
    conversion: { liquid: cl(0.5), other: g(5) },
  },
  {
    id: 'cuillère',
    pattern: measure(String.raw`cuiller(?:e|ee)?s?`),
    conversion: { liquid: cl(1.5), other: g(15) },
  },
  {
    id: 'tasse à café',
    pattern: measure(String.raw`tasses?\s+a\s+cafe`),
    conversion: both(cl(10)),
  },
  {
    id: 'verre',
    pattern: measure(String.raw`verres?(?:\s+a\s+(?:moutarde|eau))?`),
    conversion: both(cl(20)),
  },
  { id: 'tasse', pattern: measure(String.raw`tasses?`), conversion: both(cl(25)) },
  { id: 'bol', pattern: measure(String.raw`bols?`), conversion: both(cl(35)) },
  { id: 'louche', pattern: measure(String.raw`louches?`), conversion: both(cl(10)) },
  { id: 'filet', pattern: measure(String.raw`filets?`), conversion: both(cl(1)), liquidOnly: true },
  { id: 'trait', pattern: measure(String.raw`traits?`), conversion: both(cl(0.5)) },
  { id: 'goutte', pattern: measure(String.raw`gouttes?`), conversion: both(cl(0.005)) },
  { id: 'pincée', pattern: measure(String.raw`pincees?`), conversion: both(g(0.5)) },
  {
    id: 'pointe',
    pattern: measure(String.raw`pointes?(?:\s+de\s+couteau)?`),
    conversion: both(g(0.5)),
  },
  {
    id: 'noix',
    pattern: measure(String.raw`noix`),
    conversion: both(g(15)),
    before: /(?:de\s+|d['’]\s*)(?:beurre|margarine|saindoux|graisse)/uy,
  },
  {
    id: 'noisette',
    pattern: measure(String.raw`noisettes?`),
    conversion: both(g(5)),
    before: /(?:de\s+|d['’]\s*)(?:beurre|margarine|saindoux|graisse)/uy,
  },
  { id: 'poignée', pattern: measure(String.raw`poignees?`), conversion: both(g(30)) },
  { id: 'livre', pattern: measure(String.raw`livres?`), conversion: both(g(500)) },
  { id: 'lb', pattern: measure(String.raw`lbs?\.?`), conversion: both(g(454)) },
  { id: 'douzaine', pattern: measure(String.raw`douzaines?`), conversion: null, times: 12 },
  { id: 'dizaine', pattern: measure(String.raw`dizaines?`), conversion: null, times: 10 },
  { id: 'vingtaine', pattern: measure(String.raw`vingtaines?`), conversion: null, times: 20 },
  { id: 'moitié', pattern: measure(String.raw`moities?`), conversion: null, times: 0.5 },
];

/** Containers: pièces of their content; a content stated in a spec unit counts per container. */
export const CONTAINERS: readonly string[] = [
  'sachet',
  'boite',
  'pot',
  'brique',
  'paquet',
  'tablette',
  'plaquette',
  'bouteille',
  'canette',
  'barquette',
  'bocal',
  'flacon',
  'sac',
  'dosette',
  'conserve',
  'berlingot',
  'pack',
  'briquette',
  'bloc',
  'boule',
  'rouleau',
];

/** Counted measures: pièces of what follows (CONTAINERS too). */
export const COUNTED: readonly string[] = [
  ...CONTAINERS,
  'gousse',
  'tranche',
  'feuille',
  'branche',
  'branchette',
  'brin',
  'tige',
  'botte',
  'bouquet',
  'tete',
  'morceau',
  'quartier',
  'rondelle',
  'lamelle',
  'cube',
  'carre',
  'baton',
  'batonnet',
  'etoile',
  'portion',
  'bulbe',
  'zeste',
  'capsule',
  'feuillet',
];

const COUNTED_PATTERN = new RegExp(`(?:${COUNTED.join('|')})(?:s|x)?(?![\\p{L}\\d-])`, 'uy');
const CONTAINER_SET = new Set(CONTAINERS);

/** The counted measure at `pos`: its singular and its end, or null. */
export function countedAt(folded: string, pos: number): { word: string; end: number } | null {
  COUNTED_PATTERN.lastIndex = pos;
  const m = COUNTED_PATTERN.exec(folded);
  if (!m) return null;
  const word = m[0].replace(/(?:s|x)$/u, '');
  const singular = COUNTED.includes(word) ? word : m[0];
  return { word: singular, end: COUNTED_PATTERN.lastIndex };
}

export const isContainer = (word: string): boolean => CONTAINER_SET.has(word);

/**
 * Names that say a liquid: a spoon of them is a volume. 'poudre' overrides ('lait en poudre').
 */
const LIQUID_WORDS =
  /(?<![\p{L}])(?:huiles?|vinaigres?|lait|laits|creme|cremes|eau|eaux|jus|vins?|sirops?|sauces?|bouillons?|fumet|rhum|cognac|whisky|kirsch|calvados|armagnac|porto|alcool|liqueur|bieres?|cidre|extraits?|aromes?|liquides?|nuoc|tabasco|marsala|madere|pastis|vodka|champagne|cointreau|amaretto|grand marnier|muscat|xeres|saint-?germain|limoncello|sake|mirin|espresso|cafe liquide|the infuse|lait de coco|fleur d'oranger|eau-de-vie)(?![\p{L}])/u;

export function looksLiquid(foldedName: string): boolean {
  return LIQUID_WORDS.test(foldedName) && !/poudre|solide|en grains?/u.test(foldedName);
}
