/**
 * A recipe's page as the server fetched it (issue 34, 'Importer depuis un lien') → the
 * `RecipeSource` the French reader reads: schema.org Recipe data in JSON-LD (single objects,
 * arrays, `@graph`, `mainEntity`, several types on one node), else microdata (itemscope
 * itemtype schema.org/Recipe), else what a reader sees (the page's h1 or title, the list under
 * an 'Ingrédients' heading, the list under 'Préparation' / 'Étapes'). Pure: no network, no DOM;
 * the page is never rendered.
 *
 * The HTML is read by htmlparser2's streaming parser (its callbacks, no tree): one pass over
 * the page (3 MB at most, the server's fetch bounds it), with bounded captures (count, length)
 * and nesting (512 open elements, beyond which the page is read no further: the parser's work
 * per tag grows with the depth), so that hostile pages cost no more than real ones.
 */
import { Parser } from 'htmlparser2';
import { decodeHTML } from 'entities';
import type { RecipeSource } from './types.js';

/** Bounds on what one page may give: a real recipe is far below. */
export const PAGE_SOURCE_LIMITS = {
  /** JSON-LD blocks read; the others are skipped. */
  jsonLdBlocks: 50,
  /** Nodes visited in all JSON-LD data. */
  jsonNodes: 20_000,
  /** Nesting followed in JSON-LD data. */
  jsonDepth: 32,
  ingredientLines: 300,
  steps: 300,
  /** Characters kept of one text (a line, a step, a name). */
  textChars: 5_000,
  /** Texts captured at once (nested elements of interest). */
  openCaptures: 64,
  /**
   * Open elements: the page is read no further once deeper (real pages stay below 100). The
   * parser's work per tag grows with the depth, so this bounds it on hostile pages.
   */
  nesting: 512,
} as const;

type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (v: Json): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A text with its HTML entities decoded, its tags removed, its spaces collapsed. */
export function cleanText(raw: string): string {
  let text =
    raw.length > PAGE_SOURCE_LIMITS.textChars * 4
      ? raw.slice(0, PAGE_SOURCE_LIMITS.textChars * 4)
      : raw;
  // Twice: '&lt;b&gt;' written in JSON decodes to a tag, which goes too.
  for (let i = 0; i < 2; i++) text = decodeHTML(text.replace(/<[^<>]*>/gu, ' '));
  text = text.replace(/<[^<>]*>/gu, ' ');
  return text.replace(/\s+/gu, ' ').trim().slice(0, PAGE_SOURCE_LIMITS.textChars);
}

/** A text that may hold several lines (breaks, paragraphs, list items) → its lines, cleaned. */
function linesOf(raw: string): string[] {
  const marked = raw
    .slice(0, PAGE_SOURCE_LIMITS.textChars * 40)
    .replace(/<\s*(br|\/p|\/li|\/div|\/h[1-6]|li|p)\b[^>]*>/giu, '\n');
  return marked
    .split(/\r?\n|\r/u)
    .map(cleanText)
    .filter((l) => l !== '');
}

// ---------------------------------------------------------------------------------------------
// Categories: only a course says something the review can use ('Plat principal', 'Dessert');
// a cuisine ('Française') or a theme ('Facile', 'Recettes de fêtes') says nothing of the course.

const COURSE_WORDS =
  /\b(entr[ée]es?|plats?|desserts?|ap[ée]ritifs?|amuse[- ]bouches?|hors[- ]d['’]?(?:oe|œ)uvres?|accompagnements?|garnitures?|soupes?|potages?|veloutés?|salades?|g[âa]teaux?|tartes?|p[âa]tisseries?|confiseries?|go[ûu]ters?|petit[- ]d[ée]jeuners?|boissons?|sauces?|main(?: course| dish)?|starters?|appeti[sz]ers?|side(?: dish)?|desserts?|snacks?|breakfast|drinks?|soups?|salads?)\b/iu;

export const isCourseLike = (text: string): boolean => COURSE_WORDS.test(text);

function courseOf(...values: Json[]): string | null {
  for (const value of values) {
    for (const text of stringsOf(value)) {
      for (const part of text.split(/[,;/|]/u)) {
        const cleaned = cleanText(part);
        if (cleaned !== '' && isCourseLike(cleaned)) return cleaned;
      }
    }
  }
  return null;
}

/** The strings of a value that may be a string, a number or a list of them. */
function stringsOf(value: Json): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' && Number.isFinite(value)) return [String(value)];
  if (Array.isArray(value)) return value.slice(0, 50).flatMap((v) => stringsOf(v));
  if (isObject(value)) {
    // A PropertyValue / QuantitativeValue ('yield': {value: 4, unitText: 'personnes'}).
    const inner = [value.value, value.unitText].flatMap((v) => stringsOf(v)).join(' ');
    if (inner !== '') return [inner];
    if (typeof value.name === 'string') return [value.name];
    if (typeof value.text === 'string') return [value.text];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Yield: 'Pour 4 personnes', ['4', '4 personnes'], 6 → the most telling text.

function yieldOf(value: Json): string | null {
  const texts = stringsOf(value)
    .map(cleanText)
    .filter((t) => t !== '');
  return texts.find((t) => /\d/u.test(t) && /\p{L}/u.test(t)) ?? texts[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// JSON-LD

const typesOf = (node: JsonObject): string[] => {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^.*[/#:]/u, '').toLowerCase());
};

const isRecipe = (node: JsonObject): boolean => typesOf(node).includes('recipe');

/** The first Recipe node of the data, walking arrays, `@graph`, `mainEntity` and the rest. */
function findRecipe(data: Json, budget: { nodes: number }): JsonObject | null {
  const queue: { value: Json; depth: number }[] = [{ value: data, depth: 0 }];
  // Breadth first: the page's main node before what it mentions.
  for (let i = 0; i < queue.length; i++) {
    if (--budget.nodes < 0) return null;
    const { value, depth } = queue[i]!;
    if (depth > PAGE_SOURCE_LIMITS.jsonDepth) continue;
    if (Array.isArray(value)) {
      for (const v of value)
        if (typeof v === 'object' && v !== null) queue.push({ value: v, depth: depth + 1 });
      continue;
    }
    if (!isObject(value)) continue;
    if (isRecipe(value)) return value;
    for (const [key, v] of Object.entries(value)) {
      if (key === '@context' || typeof v !== 'object' || v === null) continue;
      queue.push({ value: v, depth: depth + 1 });
    }
  }
  return null;
}

/** Steps from recipeInstructions: a text, strings, HowToStep, HowToSection, ItemList. */
function stepsOf(value: Json, steps: string[], depth = 0): void {
  if (steps.length >= PAGE_SOURCE_LIMITS.steps || depth > PAGE_SOURCE_LIMITS.jsonDepth) return;
  if (typeof value === 'string') {
    for (const line of linesOf(value))
      if (steps.length < PAGE_SOURCE_LIMITS.steps) steps.push(line);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) stepsOf(v, steps, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const types = typesOf(value);
  const items = value.itemListElement ?? value.steps;
  if (
    items !== undefined &&
    (types.includes('howtosection') ||
      types.includes('itemlist') ||
      types.length === 0 ||
      !('text' in value))
  ) {
    const name = typeof value.name === 'string' ? cleanText(value.name) : '';
    if (name !== '' && types.includes('howtosection'))
      steps.push(name.endsWith(':') ? name : `${name} :`);
    stepsOf(items, steps, depth + 1);
    return;
  }
  const text =
    typeof value.text === 'string' ? value.text : typeof value.name === 'string' ? value.name : '';
  stepsOf(text, steps, depth + 1);
}

function linesFrom(value: Json, max: number): string[] {
  const lines: string[] = [];
  for (const text of stringsOf(value)) {
    const cleaned = cleanText(text);
    if (cleaned !== '') lines.push(cleaned);
    if (lines.length >= max) break;
  }
  return lines;
}

function sourceOfJsonLd(recipe: JsonObject): Omit<RecipeSource, 'url'> {
  const steps: string[] = [];
  stepsOf(recipe.recipeInstructions, steps);
  const name = typeof recipe.name === 'string' ? cleanText(recipe.name) : '';
  return {
    name: name === '' ? null : name,
    yieldText: yieldOf(recipe.recipeYield ?? recipe.yield),
    categoryText: courseOf(recipe.recipeCategory, recipe.recipeCuisine),
    ingredientLines: linesFrom(
      recipe.recipeIngredient ?? recipe.ingredients,
      PAGE_SOURCE_LIMITS.ingredientLines,
    ),
    steps,
  };
}

function fromJsonLd(blocks: readonly string[]): Omit<RecipeSource, 'url'> | null {
  const budget = { nodes: PAGE_SOURCE_LIMITS.jsonNodes };
  for (const block of blocks) {
    let data: Json;
    try {
      // Some sites leave an HTML comment or CDATA around the JSON.
      data = JSON.parse(
        block.replace(/^\s*(<!--|<!\[CDATA\[)/u, '').replace(/(-->|\]\]>)\s*$/u, ''),
      );
    } catch {
      continue; // A broken block does not stop the others.
    }
    const recipe = findRecipe(data, budget);
    if (!recipe) continue;
    const source = sourceOfJsonLd(recipe);
    if (source.ingredientLines.length > 0 || source.steps.length > 0) return source;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The HTML: JSON-LD blocks, microdata and the readable fallback, in one pass.

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose end is a line break in the text they are part of. */
const BLOCK = new Set([
  'p',
  'div',
  'li',
  'ol',
  'ul',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'section',
  'article',
  'dd',
  'dt',
  'table',
  'blockquote',
]);
const HEADING = /^h[1-6]$/u;
/** Elements whose content is never text of the page. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object']);

/** Characters gathered for one capture (a whole instructions block, split into steps after). */
const MAX_CAPTURE = PAGE_SOURCE_LIMITS.textChars * 40;

interface Capture {
  /** The element depth it ends with. */
  depth: number;
  text: string;
  done: (text: string) => void;
}

interface MicroItem {
  depth: number;
  recipe: boolean;
}

interface Scan {
  jsonLd: string[];
  title: string | null;
  h1: string | null;
  micro: {
    found: boolean;
    name: string | null;
    yields: string[];
    categories: string[];
    ingredients: string[];
    instructions: string[];
  };
  fallback: { ingredients: string[]; steps: string[] };
}

function scanHtml(html: string): Scan {
  const scan: Scan = {
    jsonLd: [],
    title: null,
    h1: null,
    micro: {
      found: false,
      name: null,
      yields: [],
      categories: [],
      ingredients: [],
      instructions: [],
    },
    fallback: { ingredients: [], steps: [] },
  };
  let depth = 0;
  let captures: Capture[] = [];
  const items: MicroItem[] = [];
  let hidden = 0;
  let recipeDone = false;
  let jsonLdOpen = false;
  let jsonLdText = '';
  /** The section a heading opened: what its next list holds. */
  let section: 'ingredients' | 'steps' | null = null;
  /** The depth of the list being read for the section; its direct items are the lines. */
  let sectionList: number | null = null;

  const capture = (done: (text: string) => void): void => {
    if (captures.length >= PAGE_SOURCE_LIMITS.openCaptures) return;
    captures.push({ depth, text: '', done });
  };
  const inRecipe = (): boolean => {
    // The innermost item is the recipe itself (not a nested Person, HowToStep, Rating…).
    const last = items[items.length - 1];
    return last !== undefined && last.recipe && !recipeDone;
  };

  const parser = new Parser(
    {
      onopentag(rawName, attribs) {
        const name = rawName.toLowerCase();
        if (HIDDEN.has(name)) hidden++;
        if (name === 'script' && /ld\+json/iu.test(attribs.type ?? '')) {
          jsonLdOpen = scan.jsonLd.length < PAGE_SOURCE_LIMITS.jsonLdBlocks;
          jsonLdText = '';
        }
        if (VOID.has(name)) {
          if (name === 'br')
            for (const c of captures) if (c.text.length < MAX_CAPTURE) c.text += '\n';
          if (name === 'meta' && attribs.itemprop !== undefined && inRecipe())
            microProp(attribs.itemprop, attribs.content ?? '');
          return;
        }
        depth++;
        if (hidden > 0) return;
        // Microdata: a new item, maybe the recipe; a property of the recipe.
        const prop = attribs.itemprop;
        if (prop !== undefined && inRecipe()) {
          microProp(prop, 'content' in attribs ? (attribs.content ?? '') : null);
        }
        if ('itemscope' in attribs) {
          const recipe = /schema\.org\/Recipe\b/iu.test(attribs.itemtype ?? '');
          if (recipe && !scan.micro.found) scan.micro.found = true;
          items.push({ depth, recipe: recipe && !recipeDone });
        }
        // The fallback: title, h1, headings and the lists after them.
        if (name === 'title' && scan.title === null)
          capture((t) => (scan.title = cleanText(t) || null));
        if (HEADING.test(name)) {
          section = null;
          sectionList = null;
          const first = name === 'h1' && scan.h1 === null;
          capture((t) => {
            const heading = cleanText(t);
            if (first) scan.h1 = heading || null;
            if (/ingr[ée]dients?/iu.test(heading)) section = 'ingredients';
            else if (/pr[ée]paration|[ée]tapes?|instructions|d[ée]roul[ée]/iu.test(heading))
              section = 'steps';
          });
        }
        if (section !== null && sectionList === null && (name === 'ul' || name === 'ol'))
          sectionList = depth;
        if (
          section !== null &&
          sectionList !== null &&
          name === 'li' &&
          depth === sectionList + 1
        ) {
          const list = section === 'ingredients' ? scan.fallback.ingredients : scan.fallback.steps;
          const max =
            section === 'ingredients'
              ? PAGE_SOURCE_LIMITS.ingredientLines
              : PAGE_SOURCE_LIMITS.steps;
          capture((t) => {
            const line = cleanText(t);
            if (line !== '' && list.length < max) list.push(line);
          });
        }
        // Steps written as paragraphs under their heading, without a list.
        if (section === 'steps' && sectionList === null && name === 'p') {
          capture((t) => {
            const line = cleanText(t);
            if (line !== '' && scan.fallback.steps.length < PAGE_SOURCE_LIMITS.steps)
              scan.fallback.steps.push(line);
          });
        }
      },
      ontext(text) {
        if (jsonLdOpen) {
          jsonLdText += text;
          return;
        }
        if (hidden > 0) return;
        for (const c of captures) if (c.text.length < MAX_CAPTURE) c.text += text;
      },
      onclosetag(rawName) {
        const name = rawName.toLowerCase();
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        if (name === 'script' && jsonLdOpen) {
          jsonLdOpen = false;
          scan.jsonLd.push(jsonLdText);
          jsonLdText = '';
        }
        if (VOID.has(name)) return;
        if (BLOCK.has(name))
          for (const c of captures) if (c.text.length < MAX_CAPTURE) c.text += '\n';
        // Captures that end here, innermost first.
        if (captures.length > 0 && captures[captures.length - 1]!.depth >= depth) {
          const ending = captures.filter((c) => c.depth >= depth).reverse();
          captures = captures.filter((c) => c.depth < depth);
          for (const c of ending) c.done(c.text);
        }
        const item = items[items.length - 1];
        if (item !== undefined && item.depth === depth) {
          items.pop();
          if (item.recipe) recipeDone = true;
        }
        if (sectionList === depth) {
          section = null;
          sectionList = null;
        }
        depth = Math.max(0, depth - 1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  /** A property of the recipe: its content attribute, or its text once the element ends. */
  function microProp(prop: string, content: string | null): void {
    for (const p of prop.split(/\s+/u)) {
      const keep = (value: string, multiline: boolean): void => {
        const m = scan.micro;
        switch (p) {
          case 'name':
            if (m.name === null) m.name = cleanText(value) || null;
            break;
          case 'recipeYield':
          case 'yield':
            m.yields.push(cleanText(value));
            break;
          case 'recipeCategory':
          case 'recipeCuisine':
            m.categories.push(cleanText(value));
            break;
          case 'recipeIngredient':
          case 'ingredients':
            if (m.ingredients.length < PAGE_SOURCE_LIMITS.ingredientLines) {
              const line = cleanText(value);
              if (line !== '') m.ingredients.push(line);
            }
            break;
          case 'recipeInstructions':
            for (const line of multiline ? value.split('\n').map(cleanText) : [cleanText(value)])
              if (line !== '' && m.instructions.length < PAGE_SOURCE_LIMITS.steps)
                m.instructions.push(line);
            break;
        }
      };
      if (content !== null) keep(content, false);
      else capture((t) => keep(t, true));
    }
  }

  // In slices, so that a page nested too deep is read no further (its JSON-LD, in the head,
  // usually read already).
  for (let at = 0; at < html.length && depth <= PAGE_SOURCE_LIMITS.nesting; at += 1024)
    parser.write(html.slice(at, at + 1024));
  parser.end();
  return scan;
}

function fromMicrodata(scan: Scan): Omit<RecipeSource, 'url'> | null {
  const m = scan.micro;
  if (!m.found || (m.ingredients.length === 0 && m.instructions.length === 0)) return null;
  return {
    name: m.name,
    yieldText: yieldOf(m.yields.filter((y) => y !== '')),
    categoryText: courseOf(m.categories),
    ingredientLines: m.ingredients,
    steps: m.instructions,
  };
}

function fromFallback(scan: Scan): Omit<RecipeSource, 'url'> | null {
  const { ingredients, steps } = scan.fallback;
  if (ingredients.length === 0) return null;
  return {
    name: scan.h1 ?? scan.title,
    yieldText: null,
    categoryText: null,
    ingredientLines: ingredients,
    steps,
  };
}

/**
 * The recipe a page holds, as written, or null when it holds none that can be read ('Cette
 * page ne contient pas de recette lisible'): JSON-LD first, then microdata, then the fallback.
 */
export function readPageSource(html: string, url: string | null): RecipeSource | null {
  const scan = scanHtml(html);
  const found = fromJsonLd(scan.jsonLd) ?? fromMicrodata(scan) ?? fromFallback(scan);
  if (!found || (found.ingredientLines.length === 0 && found.steps.length === 0)) return null;
  return { ...found, name: found.name ?? scan.h1 ?? scan.title, url };
}
