/**
 * A recipe read from a web page or pasted text (issue 34), before the user reviews it: the
 * shapes shared by the French line reader (this folder), the server's page reader and the
 * web app's review. Nothing here is saved as it is: the review turns it into an import.
 */
import type { Plat, Unite } from '../enums.js';

/**
 * How a line was read: 'read' (a quantity in the spec's units and a name), 'noQuantity' (an
 * ingredient without quantity, 'sel, poivre', 'à volonté': the review shows it), 'unread' (kept
 * as written, for the user to fix: never dropped).
 */
export type ReadLineStatus = 'read' | 'noQuantity' | 'unread';

export interface ReadLine {
  /** The line as written. */
  text: string;
  status: ReadLineStatus;
  /** The quantity in the spec's units; null unless 'read'. */
  quantity: { val: number; unite: Unite } | null;
  /** The ingredient's name, without quantity, unit nor 'de' / 'd'' / 'du' / 'des'. */
  name: string;
  /** What qualifies it ('finement ciselé', 'environ', '1 c. à soupe'), null if nothing. */
  note: string | null;
}

/** What a page or a text gives, as written, before the French reading. */
export interface RecipeSource {
  name: string | null;
  /** 'Pour 4 personnes', '6 parts', '4'... */
  yieldText: string | null;
  /** The page's category or course ('Plat principal', 'Dessert', 'main course'...). */
  categoryText: string | null;
  ingredientLines: string[];
  /** The steps in order; a section's name comes as its own step, ending with ':'. */
  steps: string[];
  /** The page's address (null for pasted text). */
  url: string | null;
}

/** A recipe as read, for the review. */
export interface ReadRecipe {
  name: string;
  /** The people its quantities are for; null when the source does not say. */
  forPeople: number | null;
  /** The spec's course type; null when the source does not say. */
  plat: Plat | null;
  lines: ReadLine[];
  /** The steps, then the source's address: the recipe's description. */
  description: string;
  url: string | null;
}
