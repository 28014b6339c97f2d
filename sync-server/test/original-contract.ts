/**
 * The original service's wire contract, as its web client (0.3.1) calls it: the table of calls
 * and every shape, transcribed from the reference page (../shared/reference/
 * original-contract.md) so that the contract test checks Popote's answers against the table
 * itself, not against Popote's own schemas. Test-only (excluded from the build).
 */

/** Client method name, HTTP method, path, what it sends, what it reads back. */
export const CONTRACT_CALLS = `
| call | method | path | sends | answer read as |
|---|---|---|---|---|
| AskInscription | POST | /api/inscription | AskInscriptionIn | AskInscriptionOut |
| Loggin | POST | /api/loggin | LogginIn | LogginOut |
| UserResetPassword | GET | /api/reset | { mail: string } | ignored (any 2xx) |
| UserGetSettings | GET | /api/settings |  | User |
| UserUpdateSettings | POST | /api/settings | User | ignored (any 2xx) |
| SejoursGet | GET | /api/sejours |  | SejourExt[] (or null) |
| SejoursCreate | PUT | /api/sejours | empty body (null) | SejourExt |
| SejoursUpdate | POST | /api/sejours | Sejour | ignored (any 2xx) |
| SejoursDelete | DELETE | /api/sejours | { id: IdSejour } | ignored (any 2xx) |
| SejoursDuplicate | GET | /api/sejours/duplicate | { idSejour: IdSejour } | SejourExt |
| SejoursCreateGroupe | PUT | /api/sejours/groups | { idSejour: IdSejour }; empty body (null) | Group |
| SejoursUpdateGroupe | POST | /api/sejours/groups | Group | ignored (any 2xx) |
| SejoursDeleteGroupe | DELETE | /api/sejours/groups | { idGroup: IdGroup } | ignored (any 2xx) |
| MealsLoadDay | GET | /api/meals | { idSejour: IdSejour; day: Int } | MealsLoadOut |
| MealsLoadAll | GET | /api/meals-all | { idSejour: IdSejour } | MealsLoadOut |
| MealsWizzard | PUT | /api/meals/wizzard | AssistantMealsIn | MealsLoadOut |
| MealsSearch | GET | /api/meals/search | { search: string } | ResourceSearchOut |
| MealsPreviewQuantities | GET | /api/meals/quantities | { idMeal: IdMeal } | PreviewQuantitiesOut |
| MealsCreate | PUT | /api/meals/details | MealCreateIn | MealExt |
| MealsUpdate | POST | /api/meals/details | Meal | ignored (any 2xx) |
| MealsDelete | DELETE | /api/meals/details | { idMeal: IdMeal } | ignored (any 2xx) |
| MealsMoveGroup | POST | /api/meals/groups | MoveGroupIn | Ar2_MealGroups |
| MealsAddIngredient | PUT | /api/meals/ingredients | AddIngredientIn | MenuExt |
| MealsUpdateMenuIngredient | POST | /api/meals/ingredients | MenuIngredient | MenuExt |
| MealsAddReceipe | PUT | /api/meals/receipes | AddReceipeIn | MenuExt |
| MealsRemoveItem | POST | /api/meals/remove | RemoveItemIn | MenuExt |
| MealsSetMenu | POST | /api/meals/menus | SetMenuIn | MenuExt |
| MealsSwapMenus | POST | /api/meals/swap | SwapMenusIn | ignored (any 2xx) |
| MealsExportCookbook | POST | /api/meals/cookbook | ExportCookbookIn | Blob |
| LibraryLoadIngredients | GET | /api/library/all-ingredients |  | Ingredients |
| LibraryCreateIngredient | PUT | /api/library/all-ingredients | Ingredient | Ingredient |
| LibraryLoadReceipes | GET | /api/library/all-receipes |  | Receipes |
| LibraryUpdateIngredient | POST | /api/library/all-ingredients | Ingredient | ignored (any 2xx) |
| LibraryDeleteIngredient | DELETE | /api/library/all-ingredients | { idIngredient: IdIngredient } | DeleteIngredientOut |
| LibraryImportReceipes2 | PUT | /api/library/receipes/import | ImportReceipes1Out | ReceipeExt[] (or null) |
| LibraryLoadMenu | GET | /api/library/menus | { idMenu: IdMenu } | MenuExt |
| LibraryCreateMenu | PUT | /api/library/menus | empty body (null) | ResourceHeader |
| LibraryUpdateMenu | POST | /api/library/menus | Menu | ignored (any 2xx) |
| LibraryDeleteMenu | DELETE | /api/library/menus | { idMenu: IdMenu } | ignored (any 2xx) |
| LibraryLoadReceipe | GET | /api/library/receipes | { idReceipe: IdReceipe } | ReceipeExt |
| LibraryCreateReceipe | PUT | /api/library/receipes | empty body (null) | ReceipeHeader |
| LibraryUpdateReceipe | POST | /api/library/receipes | Receipe | ignored (any 2xx) |
| LibraryDeleteReceipe | DELETE | /api/library/receipes | { idReceipe: IdReceipe } | ignored (any 2xx) |
| LibraryAddReceipeIngredient | PUT | /api/library/receipes/ingredients | AddReceipeIngredientIn | ReceipeIngredientExt |
| LibraryUpdateReceipeIngredient | POST | /api/library/receipes/ingredients | ReceipeIngredient | ignored (any 2xx) |
| LibraryDeleteReceipeIngredient | DELETE | /api/library/receipes/ingredients | { idReceipe: IdReceipe; idIngredient: IdIngredient; } | ignored (any 2xx) |
| LibraryAddMenuIngredient | PUT | /api/library/menus/ingredients | AddMenuIngredientIn | MenuIngredientExt |
| LibraryUpdateMenuIngredient | POST | /api/library/menus/ingredients | MenuIngredient | ignored (any 2xx) |
| LibraryDeleteMenuIngredient | DELETE | /api/library/menus/ingredients | { idMenu: IdMenu; idIngredient: IdIngredient; } | ignored (any 2xx) |
| LibraryAddMenuReceipe | PUT | /api/library/menus/receipes | AddMenuReceipeIn | Receipe |
| LibraryDeleteMenuReceipe | DELETE | /api/library/menus/receipes | { idMenu: IdMenu; idReceipe: IdReceipe; } | ignored (any 2xx) |
| OrderGetDays | GET | /api/order/days | { idSejour: IdSejour } | Int[] (or null) |
| OrderCompileIngredients | POST | /api/order/ingredients | CompileIngredientsIn | CompileIngredientsOut |
| OrderGetProfiles | GET | /api/order/profiles |  | ProfileHeader[] (or null) |
| OrderCreateProfile | PUT | /api/order/profiles | empty body (null) | Profile |
| OrderUpdateProfile | POST | /api/order/profiles | Profile | ignored (any 2xx) |
| OrderDeleteProfile | DELETE | /api/order/profiles | { id: IdProfile } | ignored (any 2xx) |
| OrderLoadProfile | GET | /api/order/profile/suppliers | { idProfile: IdProfile } | ProfileExt |
| OrderAddSupplier | PUT | /api/order/profile/suppliers | Supplier | Supplier |
| OrderUpdateSupplier | POST | /api/order/profile/suppliers | Supplier | ignored (any 2xx) |
| OrderDeleteSupplier | DELETE | /api/order/profile/suppliers | { id: IdSupplier } | ignored (any 2xx) |
| OrderUpdateProfileMapIng | POST | /api/order/profile/map-ing | UpdateProfileMapIngIn | ProfileExt |
| OrderUpdateProfileMapKind | POST | /api/order/profile/map-kind | UpdateProfileMapKindIn | ProfileExt |
| OrderTidyMapping | POST | /api/order/profile/tidy | TidyIn | ProfileExt |
| OrderGetDefaultMapping | POST | /api/order/profile/default-map | DefaultMappingIn | IngredientMapping |
| OrderSetDefaultProfile | POST | /api/order/profile/default | SetDefaultProfile | ignored (any 2xx) |
| OrderExportExcel | POST | /api/order/export | ExportExcelIn | Blob |
`;

/** `- **Name**: Field: Type; …`, aliases `- **Name** = Type`, enumerations `Name: 0, …`. */
export const CONTRACT_SHAPES = `
- **AddIngredientIn**: IdSejour: IdSejour; IdMenu: IdMenu; IdIngredient: IdIngredient
- **AddMenuIngredientIn**: IdMenu: IdMenu; IdIngredient: IdIngredient
- **AddMenuReceipeIn**: IdMenu: IdMenu; IdReceipe: IdReceipe
- **AddReceipeIn**: IdMenu: IdMenu; IdReceipe: IdReceipe
- **AddReceipeIngredientIn**: IdReceipe: IdReceipe; IdIngredient: IdIngredient; InitialFor: Int
- **AskInscriptionIn**: Mail: string; Password: string; Pseudo: string
- **AskInscriptionOut**: Error: string; IsPasswordError: boolean
- **AssistantMealsIn**: IdSejour: IdSejour; DaysNumber: Int; Excursions: Record<Int, IdGroup[] | null> | null; WithGouter: boolean; GroupsForCinquieme: IdGroup[] | null; DeleteExisting: boolean
- **CompileIngredientsIn**: IdSejour: IdSejour; DayOffsets: Int[] | null
- **CompileIngredientsOut**: Meals: Meals; Ingredients: IngredientQuantities[] | null
- **DefaultMappingIn**: Ingredients: IdIngredient[] | null; Profile: IdProfile
- **DeleteIngredientOut**: Deleted: boolean; UsesReceipes: IdReceipe[] | null; UsesMenus: IdMenu[] | null
- **ExportCookbookIn**: IdSejour: IdSejour; Days: Int[] | null
- **ExportExcelIn**: IdSejour: IdSejour; Data: CompileIngredientsOut; Mapping: IngredientMapping
- **Group**: Id: IdGroup; Sejour: IdSejour; Name: string; Color: string; Size: Int
- **ImportReceipes1Out**: Receipes: ReceipeI[] | null; Map: Record<string, Ingredient> | null
- **Ingredient**: Id: IdIngredient; Name: string; Kind: IngredientKind; Owner: IdUser
- **IngredientHeader**: Title: string; ID: Int; IsPersonnal: boolean; Owner: string; Kind: IngredientKind
- **IngredientI**: Name: string; Quantity: number; Unite: Unite
- **IngredientQuantities**: Ingredient: Ingredient; Quantities: QuantityMeal[] | null
- **IngredientQuantity**: Ingredient: Ingredient; Quantities: Quantity[] | null
- **LogginIn**: Mail: string; Password: string
- **LogginOut**: Error: string; IsPasswordError: boolean; Id: IdUser; Token: string; Pseudo: string
- **Meal**: Id: IdMeal; Sejour: IdSejour; Menu: IdMenu; Jour: Int; AdditionalPeople: Int; Horaire: Horaire
- **MealCreateIn**: IdSejour: IdSejour; Day: Int; Horaire: Horaire
- **MealExt**: Meal: Meal; Groups: MealGroups
- **MealGroup**: IdMeal: IdMeal; IdGroup: IdGroup
- **MealsLoadOut**: Menus: Record<IdMenu, MenuExt> | null; Meals: MealExt[] | null
- **Menu**: Id: IdMenu; Owner: IdUser; IsFavorite: boolean; IsPublished: boolean; Updated: Time
- **MenuExt**: Menu: Menu; Ingredients: MenuIngredientExt[] | null; Receipes: Receipe[] | null; OwnerPseudo: string
- **MenuIngredient**: IdMenu: IdMenu; IdIngredient: IdIngredient; Quantity: QuantityR; Plat: PlatKind
- **MenuIngredientExt**: IdMenu: IdMenu; IdIngredient: IdIngredient; Quantity: QuantityR; Plat: PlatKind; Ingredient: Ingredient
- **MoveGroupIn**: Group: IdGroup; From: IdMeal; To: IdMeal
- **OptionnalIdProfile**: Valid: boolean; IdProfile: IdProfile
- **PreviewQuantitiesOut**: NbPeople: Int; Quantities: IngredientQuantity[] | null
- **Profile**: Id: IdProfile; IdOwner: IdUser; Name: string
- **ProfileHeader**: Profile: Profile; Suppliers: Suppliers
- **Quantity**: Unite: Unite; Val: number
- **QuantityMeal**: Quantity: Quantity; Origin: IdMeal
- **QuantityR**: Val: number; Unite: Unite; For_: Int
- **Receipe**: Id: IdReceipe; Owner: IdUser; Plat: PlatKind; Name: string; Description: string; IsPublished: boolean; Updated: Time
- **ReceipeExt**: Receipe: Receipe; Ingredients: ReceipeIngredientExt[] | null; OwnerPseudo: string
- **ReceipeHeader**: Title: string; ID: Int; IsPersonnal: boolean; Owner: string; Plat: PlatKind
- **ReceipeI**: Name: string; For: Int; Plat: PlatKind; Ingredients: IngredientI[] | null
- **ReceipeIngredient**: IdReceipe: IdReceipe; IdIngredient: IdIngredient; Quantity: QuantityR
- **ReceipeIngredientExt**: Id: IdIngredient; Name: string; Kind: IngredientKind; Owner: IdUser; Quantity: QuantityR
- **RemoveItemIn**: IdMenu: IdMenu; ID: Int; IsReceipe: boolean
- **ResourceHeader**: Title: string; ID: Int; IsPersonnal: boolean; Owner: string
- **ResourceSearchOut**: Menus: ResourceHeader[] | null; Receipes: ReceipeHeader[] | null; Ingredients: IngredientHeader[] | null
- **Sejour**: Id: IdSejour; Owner: IdUser; Start: Date; Name: string; IdProfile: OptionnalIdProfile
- **SejourExt**: Sejour: Sejour; Groups: Group[] | null; ExportClientURL: string; Label: string
- **SetDefaultProfile**: IdSejour: IdSejour; IdProfile: IdProfile
- **SetMenuIn**: IdMeal: IdMeal; IdMenu: IdMenu
- **Supplier**: Id: IdSupplier; IdProfile: IdProfile; Name: string
- **SupplierExt**: Id: IdSupplier; Kinds: IngredientKind[] | null; Ingredients: IdIngredient[] | null
- **SwapMenusIn**: IdMeal1: IdMeal; IdMeal2: IdMeal
- **TidyIn**: Id: IdProfile
- **UpdateProfileMapIngIn**: IdProfile: IdProfile; Ingredients: IdIngredient[] | null; NewSupplier: IdSupplier
- **UpdateProfileMapKindIn**: IdProfile: IdProfile; Supplier: IdSupplier; Kinds: IngredientKind[] | null
- **User**: Id: IdUser; IsAdmin: boolean; Mail: string; Password: string; Pseudo: string

## Aliases and enumerations

- **Ar2_MealGroups** = [MealGroups, MealGroups]
- **Date** = Date_
- **Horaire** = (typeof Horaire)[keyof typeof Horaire]
- **IngredientKind** = (typeof IngredientKind)[keyof typeof IngredientKind]
- **IngredientMapping** = Record<IdIngredient, IdSupplier> | null
- **Ingredients** = Record<IdIngredient, Ingredient> | null
- **MealGroups** = MealGroup[] | null
- **Meals** = Record<IdMeal, Meal> | null
- **PlatKind** = (typeof PlatKind)[keyof typeof PlatKind]
- **ProfileExt** = SupplierExt[] | null
- **Receipes** = Record<IdReceipe, Receipe> | null
- **Suppliers** = Record<IdSupplier, Supplier> | null
- **Unite** = (typeof Unite)[keyof typeof Unite]
- **Horaire**: PetitDejeuner: 0, Midi: 1, Gouter: 2, Diner: 3, Cinquieme: 4
- **IngredientKind**: I_Empty: 0, I_Legumes: 1, I_Feculents: 2, I_Viandes: 3, I_Epicerie: 4, I_Laitages: 5, I_Boulangerie: 6
- **PlatKind**: P_Empty: 0, P_Dessert: 1, P_PlatPrincipal: 2, P_Entree: 3
- **Unite**: U_Piece: 0, U_Kg: 1, U_G: 2, U_L: 3, U_CL: 4
`;

// ---- Reading the table ----

export interface ContractCall {
  name: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** The path under /api, as the client calls it. */
  path: string;
  sends: string;
  /** The answer's type expression, or null when any 2xx will do ("ignored"). */
  answer: string | null;
  /** The client sends no body ("empty body (null)"). */
  emptyBody: boolean;
}

export function contractCalls(): ContractCall[] {
  return CONTRACT_CALLS.trim()
    .split('\n')
    .slice(2)
    .map((line) => {
      const [name, method, path, sends, answer] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()) as [string, string, string, string, string];
      const type = answer.replace(/\s*\(or null\)$/u, '');
      return {
        name,
        method: method as ContractCall['method'],
        path,
        sends,
        answer: type.startsWith('ignored') ? null : type,
        emptyBody: sends.includes('empty body (null)') || sends === '' || sends.startsWith('{ '),
      };
    });
}

type Shape = Map<string, string>;

interface Contract {
  shapes: Map<string, Shape>;
  aliases: Map<string, string>;
  enums: Map<string, Set<number>>;
}

let parsed: Contract | null = null;

function contract(): Contract {
  if (parsed) return parsed;
  const shapes = new Map<string, Shape>();
  const aliases = new Map<string, string>();
  const enums = new Map<string, Set<number>>();
  for (const line of CONTRACT_SHAPES.trim().split('\n')) {
    if (!line.startsWith('- ')) continue;
    const alias = /^- \*\*(\w+)\*\* = (.+)$/u.exec(line);
    if (alias) {
      aliases.set(alias[1] as string, (alias[2] as string).trim());
      continue;
    }
    const shape = /^- \*\*(\w+)\*\*: (.+)$/u.exec(line);
    if (!shape) throw new Error(`Ligne du contrat illisible : ${line}`);
    const [, name, body] = shape as unknown as [string, string, string];
    if (/^\w+: -?\d+(, \w+: -?\d+)*$/u.test(body)) {
      enums.set(name, new Set(body.split(', ').map((p) => Number(p.split(': ')[1]))));
      continue;
    }
    const fields: Shape = new Map();
    for (const part of body.split('; ')) {
      const colon = part.indexOf(': ');
      fields.set(part.slice(0, colon).trim(), part.slice(colon + 2).trim());
    }
    shapes.set(name, fields);
  }
  parsed = { shapes, aliases, enums };
  return parsed;
}

/** The fields of a shape of the table (for tests that check a shape by name). */
export function shapeFields(name: string): string[] {
  const shape = contract().shapes.get(name);
  if (!shape) throw new Error(`Forme inconnue : ${name}`);
  return [...shape.keys()];
}

// ---- Checking a value against a type of the table ----

/** Splits `A | B` and `A, B` at the top level (outside <> and []). */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '[' || c === '(') depth++;
    else if (c === '>' || c === ']' || c === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i).trim());
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/u;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/u;

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'une liste' : typeof value;

/**
 * The differences between a JSON value and a type of the table, one line each (none: it
 * matches). Stricter than the table in one way: where the table allows null for a list or a
 * map, Popote answers an empty list or map, so null is reported (`allowNull` relaxes it).
 */
export function contractErrors(
  value: unknown,
  type: string,
  path = '$',
  options: { allowNull?: boolean } = {},
): string[] {
  const { shapes, aliases, enums } = contract();
  const t = type.trim();
  const alternatives = splitTop(t, ' | ');
  if (alternatives.length > 1) {
    const nonNull = alternatives.filter((a) => a !== 'null');
    if (value === null) {
      return options.allowNull && nonNull.length < alternatives.length
        ? []
        : [`${path} : null au lieu de ${nonNull.join(' | ')}`];
    }
    const results = nonNull.map((a) => contractErrors(value, a, path, options));
    return results.find((r) => r.length === 0) ?? results[0] ?? [];
  }
  if (t.endsWith('[]') && !t.startsWith('[')) {
    if (!Array.isArray(value)) return [`${path} : ${describe(value)} au lieu d'une liste`];
    return value.flatMap((item, i) =>
      contractErrors(item, t.slice(0, -2), `${path}[${i}]`, options),
    );
  }
  if (t.startsWith('[') && t.endsWith(']')) {
    const items = splitTop(t.slice(1, -1), ', ');
    if (!Array.isArray(value) || value.length !== items.length) {
      return [`${path} : ${describe(value)} au lieu d'une liste de ${items.length} éléments`];
    }
    return items.flatMap((item, i) => contractErrors(value[i], item, `${path}[${i}]`, options));
  }
  const record = /^Record<(.+)>$/u.exec(t);
  if (record) {
    const [keyType, valueType] = splitTop(record[1] as string, ', ') as [string, string];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return [`${path} : ${describe(value)} au lieu d'un objet indexé par ${keyType}`];
    }
    const errors: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (keyType !== 'string' && !/^-?\d+$/u.test(key)) {
        errors.push(`${path} : clé « ${key} » au lieu d'un ${keyType}`);
      }
      // A map keyed by id holds, under each id, the row of that id.
      const id = (item as { Id?: unknown } | null)?.Id;
      if (keyType.startsWith('Id') && typeof id === 'number' && String(id) !== key) {
        errors.push(`${path}["${key}"] : Id ${id} sous la clé ${key}`);
      }
      errors.push(...contractErrors(item, valueType, `${path}["${key}"]`, options));
    }
    return errors;
  }
  if (/^\(typeof \w+\)\[keyof typeof \w+\]$/u.test(t)) {
    const name = /typeof (\w+)\)/u.exec(t)?.[1] as string;
    const values = enums.get(name);
    return Number.isInteger(value) && values?.has(value as number)
      ? []
      : [`${path} : ${JSON.stringify(value)} n'est pas une valeur de ${name}`];
  }
  switch (t) {
    case 'string':
      return typeof value === 'string' ? [] : [`${path} : ${describe(value)} au lieu d'un texte`];
    case 'boolean':
      return typeof value === 'boolean'
        ? []
        : [`${path} : ${describe(value)} au lieu d'un booléen`];
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? []
        : [`${path} : ${describe(value)} au lieu d'un nombre`];
    case 'Int':
      return Number.isInteger(value)
        ? []
        : [`${path} : ${JSON.stringify(value)} au lieu d'un entier`];
    case 'Time':
      return typeof value === 'string' &&
        ISO_DATE_TIME.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? []
        : [`${path} : ${JSON.stringify(value)} au lieu d'une date-heure ISO`];
    case 'Date_':
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? []
        : [`${path} : ${JSON.stringify(value)} au lieu d'une date ISO`];
  }
  if (/^Id[A-Z]\w*$/u.test(t)) {
    return Number.isInteger(value)
      ? []
      : [`${path} : ${JSON.stringify(value)} au lieu d'un id entier`];
  }
  const alias = aliases.get(t);
  if (alias !== undefined) return contractErrors(value, alias, path, options);
  const shape = shapes.get(t);
  if (!shape) throw new Error(`Type inconnu du contrat : ${t}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${path} : ${describe(value)} au lieu d'un objet ${t}`];
  }
  const errors: string[] = [];
  for (const [field, fieldType] of shape) {
    if (!(field in value)) errors.push(`${path}.${field} : manquant (${t})`);
    else {
      errors.push(
        ...contractErrors(
          (value as Record<string, unknown>)[field],
          fieldType,
          `${path}.${field}`,
          options,
        ),
      );
    }
  }
  return errors;
}
