import { describe, expect, it } from 'vitest';
import { Plat, Unite } from '../enums.js';
import { DomainError } from '../errors.js';
import { parseRecipesCsv } from './parse.js';

/** The DomainError thrown by fn, so that code, line and message can all be checked. */
function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('no error thrown');
}

const GOOD_FILE = [
  'Recettes,,',
  'Salade de tomates,entree,4',
  'Tomate,6,',
  'Huile d\'olive,"1,5",cl',
  'Sel,10,g',
  ',,',
  'Gratin dauphinois,platPrincipal,8',
  'Pomme de terre,2,kg',
  'Lait,1,L',
  'Crème,250,ml',
  'Gruyère,200,gr',
  ',,',
  'Mousse au chocolat,dessert,6',
  'Chocolat,0.2,KG',
  'Oeufs,6,pièces',
  ',,',
  'Pain,goûter,10',
  'Baguette,2,baguettes',
].join('\n');

describe('parseRecipesCsv', () => {
  it('reads every recipe of a good file with names, courses, people, quantities and units', () => {
    const recipes = parseRecipesCsv(GOOD_FILE);
    expect(recipes.map((r) => [r.name, r.plat, r.forPeople, r.line])).toEqual([
      ['Salade de tomates', Plat.Entree, 4, 2],
      ['Gratin dauphinois', Plat.PlatPrincipal, 8, 7],
      ['Mousse au chocolat', Plat.Dessert, 6, 13],
      ['Pain', Plat.Autre, 10, 17],
    ]);
    expect(recipes[0]?.ingredients).toEqual([
      { name: 'Tomate', quantity: { val: 6, unite: Unite.Pieces, forPeople: 4 }, line: 3 },
      { name: "Huile d'olive", quantity: { val: 1.5, unite: Unite.CL, forPeople: 4 }, line: 4 },
      { name: 'Sel', quantity: { val: 10, unite: Unite.G, forPeople: 4 }, line: 5 },
    ]);
    expect(recipes[1]?.ingredients.map((i) => [i.name, i.quantity.val, i.quantity.unite])).toEqual([
      ['Pomme de terre', 2, Unite.Kg],
      ['Lait', 1, Unite.L],
      ['Crème', 25, Unite.CL],
      ['Gruyère', 200, Unite.G],
    ]);
    expect(recipes[2]?.ingredients.map((i) => [i.quantity.val, i.quantity.unite])).toEqual([
      [0.2, Unite.Kg],
      [6, Unite.Pieces],
    ]);
    expect(recipes[3]?.ingredients[0]?.quantity).toEqual({
      val: 2,
      unite: Unite.Pieces,
      forPeople: 10,
    });
  });

  it('reads a recipe at the very first line of the file, without a title row', () => {
    const recipes = parseRecipesCsv('Soupe,entree,2\nPoireau,3,');
    expect(recipes).toHaveLength(1);
    expect(recipes[0]?.name).toBe('Soupe');
    expect(recipes[0]?.line).toBe(1);
    expect(recipes[0]?.ingredients[0]?.line).toBe(2);
  });

  it('trims cells and forgives case and accents in course keywords', () => {
    const recipes = parseRecipesCsv(
      '  Soupe  ,  Entrée , 2 \n Poireau , 3 , KG \n,,\nTarte,DESSERT,4\nPomme,1,\n,,\nRôti,Plat principal,6\nBoeuf,1,kg',
    );
    expect(recipes.map((r) => [r.name, r.plat, r.forPeople])).toEqual([
      ['Soupe', Plat.Entree, 2],
      ['Tarte', Plat.Dessert, 4],
      ['Rôti', Plat.PlatPrincipal, 6],
    ]);
    expect(recipes[0]?.ingredients[0]).toEqual({
      name: 'Poireau',
      quantity: { val: 3, unite: Unite.Kg, forPeople: 2 },
      line: 2,
    });
  });

  it('reads every unit word of the format, in any case', () => {
    const rows = [
      'kg',
      'KG',
      'g',
      'gr',
      'GR',
      'l',
      'L',
      'cl',
      'cL',
      'ml',
      'ML',
      '',
      'pièces',
      'sachet',
    ];
    const text = ['Test,autre,1', ...rows.map((u, i) => `I${i},30,${u}`)].join('\n');
    const units = parseRecipesCsv(text)[0]?.ingredients.map((i) => [
      i.quantity.val,
      i.quantity.unite,
    ]);
    expect(units).toEqual([
      [30, Unite.Kg],
      [30, Unite.Kg],
      [30, Unite.G],
      [30, Unite.G],
      [30, Unite.G],
      [30, Unite.L],
      [30, Unite.L],
      [30, Unite.CL],
      [30, Unite.CL],
      [3, Unite.CL],
      [3, Unite.CL],
      [30, Unite.Pieces],
      [30, Unite.Pieces],
      [30, Unite.Pieces],
    ]);
  });

  it('converts millilitres to centilitres, decimals included', () => {
    const recipe = parseRecipesCsv('Sirop,autre,1\nEau,15,ml\nMenthe,"2,5",ml')[0];
    expect(recipe?.ingredients.map((i) => i.quantity)).toEqual([
      { val: 1.5, unite: Unite.CL, forPeople: 1 },
      { val: 0.25, unite: Unite.CL, forPeople: 1 },
    ]);
  });

  it('accepts decimal dots and quoted decimal commas', () => {
    const recipe = parseRecipesCsv('R,autre,1\nA,1.25,kg\nB,"0,5",kg\nC,",75",kg\nD,3.,kg')[0];
    expect(recipe?.ingredients.map((i) => i.quantity.val)).toEqual([1.25, 0.5, 0.75, 3]);
  });

  it('keeps commas and quotes inside quoted names', () => {
    const text = [
      '"Pâtes, sauce ""maison""",platPrincipal,4',
      '"Sel, poivre",1,',
      '"Tomates ""cœur de bœuf""",4,',
    ].join('\n');
    const recipe = parseRecipesCsv(text)[0];
    expect(recipe?.name).toBe('Pâtes, sauce "maison"');
    expect(recipe?.ingredients.map((i) => i.name)).toEqual([
      'Sel, poivre',
      'Tomates "cœur de bœuf"',
    ]);
  });

  it('numbers lines of the file even when a quoted cell holds a line break', () => {
    const text = 'R,autre,1\n"Sel\nfin",1,g\nPoivre,abc,g';
    expect(errorOf(() => parseRecipesCsv(text)).line).toBe(4);
    const ok = parseRecipesCsv('R,autre,1\n"Sel\nfin",1,g\nPoivre,2,g')[0];
    expect(ok?.ingredients.map((i) => [i.name, i.line])).toEqual([
      ['Sel fin', 2],
      ['Poivre', 4],
    ]);
  });

  it('strips a UTF-8 byte order mark', () => {
    const recipes = parseRecipesCsv('\uFEFFSoupe,entree,2\nPoireau,3,');
    expect(recipes[0]?.name).toBe('Soupe');
    expect(recipes[0]?.plat).toBe(Plat.Entree);
  });

  it('reads Windows and old Mac line breaks with the right line numbers', () => {
    expect(
      parseRecipesCsv('R,autre,1\r\nA,1,kg\r\nB,2,g')[0]?.ingredients.map((i) => i.line),
    ).toEqual([2, 3]);
    expect(errorOf(() => parseRecipesCsv('R,autre,1\rA,1,kg\rB,x,g')).line).toBe(3);
  });

  it('ignores empty lines, which do not separate recipes', () => {
    const recipes = parseRecipesCsv('\n\nSoupe,entree,2\n\n   \nPoireau,3,\n\nCarotte,2,\n');
    expect(recipes).toHaveLength(1);
    expect(recipes[0]?.line).toBe(3);
    expect(recipes[0]?.ingredients.map((i) => [i.name, i.line])).toEqual([
      ['Poireau', 6],
      ['Carotte', 8],
    ]);
  });

  it('drops recipes without ingredients', () => {
    const recipes = parseRecipesCsv(
      'Recettes,,\nVide,entree,2\n,,\nPleine,dessert,3\nSucre,1,kg\n,,\nVide aussi,autre,1',
    );
    expect(recipes.map((r) => r.name)).toEqual(['Pleine']);
  });

  it('gives no recipe for an empty file', () => {
    expect(parseRecipesCsv('')).toEqual([]);
    expect(parseRecipesCsv('\uFEFF')).toEqual([]);
    expect(parseRecipesCsv('Recettes,,\n,,')).toEqual([]);
  });

  it('strips the apostrophe that protects a name from spreadsheet formulas', () => {
    const text = [
      "'=Recette,autre,1",
      "'+Sel,1,g",
      "'-Poivre,1,g",
      "'@Thym,1,g",
      "''=deux,1,g",
      "'Nduja,1,g",
    ].join('\n');
    const recipe = parseRecipesCsv(text)[0];
    expect(recipe?.name).toBe('=Recette');
    expect(recipe?.ingredients.map((i) => i.name)).toEqual([
      '+Sel',
      '-Poivre',
      '@Thym',
      "'=deux",
      "'Nduja",
    ]);
  });

  describe('semicolon-separated files', () => {
    it('are detected, with unquoted decimal commas', () => {
      const text =
        'Recettes;;\nSalade;entree;4\nHuile;1,5;cl\nSel;10;g\n;;\nTarte;dessert;6\nFarine;0,25;kg';
      const recipes = parseRecipesCsv(text);
      expect(recipes.map((r) => [r.name, r.plat, r.forPeople])).toEqual([
        ['Salade', Plat.Entree, 4],
        ['Tarte', Plat.Dessert, 6],
      ]);
      expect(recipes[0]?.ingredients.map((i) => i.quantity.val)).toEqual([1.5, 10]);
      expect(recipes[1]?.ingredients[0]?.quantity).toEqual({
        val: 0.25,
        unite: Unite.Kg,
        forPeople: 6,
      });
    });

    it('keep commas in names as text', () => {
      const recipe = parseRecipesCsv('Pâtes, sauce tomate;platPrincipal;2\nSel, poivre;1;g')[0];
      expect(recipe?.name).toBe('Pâtes, sauce tomate');
      expect(recipe?.ingredients[0]?.name).toBe('Sel, poivre');
    });

    it('report errors with the semicolon wording', () => {
      const e = errorOf(() => parseRecipesCsv('Salade;entree;4\nHuile;1,5'));
      expect(e.line).toBe(2);
      expect(e.message).toBe(
        'Ligne 2 : 3 cellules séparées par des points-virgules sont attendues, cette ligne en a 2.',
      );
    });

    it('do not capture a comma file that has a semicolon in a name', () => {
      const recipe = parseRecipesCsv('Salade; vinaigrette,entree,4\nHuile,1,cl')[0];
      expect(recipe?.name).toBe('Salade; vinaigrette');
    });
  });

  describe('errors name the line of the file', () => {
    it('unreadable number of people', () => {
      const e = errorOf(() => parseRecipesCsv('Recettes,,\n\nSalade,entree,quatre\nTomate,1,'));
      expect(e).toBeInstanceOf(DomainError);
      expect(e.code).toBe('invalid');
      expect(e.line).toBe(3);
      expect(e.message).toBe(
        'Ligne 3 : le nombre de personnes « quatre » est illisible (un nombre entier de 1 à 100000 est attendu).',
      );
    });

    it('number of people that is not a whole number from 1', () => {
      for (const people of ['0', '2.5', '-3', '', '1000001']) {
        const e = errorOf(() => parseRecipesCsv(`Salade,entree,${people}\nTomate,1,`));
        expect(e.line).toBe(1);
        expect(e.message).toContain('le nombre de personnes');
      }
    });

    it('unreadable quantity', () => {
      const e = errorOf(() => parseRecipesCsv('Recettes,,\nSalade,entree,4\nTomate,2,\nSel,abc,g'));
      expect(e.code).toBe('invalid');
      expect(e.line).toBe(4);
      expect(e.message).toBe('Ligne 4 : la quantité « abc » est illisible.');
    });

    it('negative, empty or odd quantities', () => {
      for (const q of ['-1', '1/2', '1,5,', '1 000', 'x2', '1e999']) {
        const e = errorOf(() => parseRecipesCsv(`Salade,entree,4\nSel,"${q}",g`));
        expect(e.line).toBe(2);
        expect(e.message).toContain('la quantité');
      }
      // An empty quantity with a unit is a bad ingredient row, not a separator.
      expect(errorOf(() => parseRecipesCsv('Salade,entree,4\nSel,,g')).message).toBe(
        'Ligne 2 : la quantité est vide.',
      );
    });

    it('wrong number of fields', () => {
      const e = errorOf(() => parseRecipesCsv('Salade,entree,4\nTomate,1\nSel,1,g'));
      expect(e.line).toBe(2);
      expect(e.message).toBe(
        'Ligne 2 : 3 cellules séparées par des virgules sont attendues, cette ligne en a 2.',
      );
      expect(errorOf(() => parseRecipesCsv('Salade,entree,4\nSel,1,g,bio')).line).toBe(2);
      expect(errorOf(() => parseRecipesCsv('Recettes')).line).toBe(1);
    });

    it('an unquoted decimal comma, with a hint', () => {
      const e = errorOf(() => parseRecipesCsv('Salade,entree,4\nHuile,1,5,cl'));
      expect(e.line).toBe(2);
      expect(e.message).toBe(
        'Ligne 2 : 3 cellules séparées par des virgules sont attendues, cette ligne en a 4. Une quantité à virgule doit être entre guillemets, par exemple "1,5".',
      );
    });

    it('unclosed or misplaced quotes', () => {
      const missing = errorOf(() => parseRecipesCsv('Salade,entree,4\n"Sel,1,g\nPoivre,1,g'));
      expect(missing.line).toBe(2);
      expect(missing.message).toBe('Ligne 2 : des guillemets ne sont pas refermés.');
      const misplaced = errorOf(() => parseRecipesCsv('Salade,entree,4\nSel,1,g\n"Poivre"x,1,g'));
      expect(misplaced.line).toBe(3);
      expect(misplaced.message).toBe('Ligne 3 : des guillemets sont mal placés.');
    });

    it('empty names', () => {
      expect(errorOf(() => parseRecipesCsv(',entree,4\nSel,1,g')).message).toBe(
        'Ligne 1 : le nom de la recette est vide.',
      );
      expect(errorOf(() => parseRecipesCsv('Salade,entree,4\n,1,g')).message).toBe(
        "Ligne 2 : le nom de l'ingrédient est vide.",
      );
    });

    it('names over 200 characters', () => {
      const long = 'é'.repeat(201);
      const recipe = errorOf(() => parseRecipesCsv(`${long},entree,4\nSel,1,g`));
      expect(recipe.code).toBe('invalid');
      expect(recipe.line).toBe(1);
      expect(recipe.message).toBe('Ligne 1 : le nom de la recette dépasse 200 caractères.');
      const ingredient = errorOf(() => parseRecipesCsv(`Salade,entree,4\nSel,1,g\n${long},1,g`));
      expect(ingredient.line).toBe(3);
      expect(ingredient.message).toBe("Ligne 3 : le nom de l'ingrédient dépasse 200 caractères.");
      expect(parseRecipesCsv(`${'é'.repeat(200)},entree,4\nSel,1,g`)[0]?.name).toHaveLength(200);
    });
  });

  describe('size', () => {
    it('refuses a text over 5 Mo', () => {
      const e = errorOf(() => parseRecipesCsv('x'.repeat(5 * 1024 * 1024 + 1)));
      expect(e.code).toBe('too_large');
      expect(e.message).toBe('Le fichier est trop volumineux : 5 Mo au plus.');
    });

    // Its speed is measured by the benchmarks (npm run bench), not asserted here.
    it('parses a file of nearly 5 Mo', () => {
      const rows: string[] = ['Recettes,,'];
      let recipes = 0;
      let length = 0;
      while (length < 5 * 1024 * 1024 - 2000) {
        const block = [
          `"Recette n° ${recipes}, maison",platPrincipal,${(recipes % 50) + 1}`,
          ...Array.from(
            { length: 20 },
            (_, i) => `Ingrédient ${i},"${i},5",${['kg', 'g', 'cl', 'ml', ''][i % 5]}`,
          ),
          ',,',
        ].join('\n');
        rows.push(block);
        length += block.length + 1;
        recipes++;
      }
      const text = rows.join('\n');
      expect(text.length).toBeLessThanOrEqual(5 * 1024 * 1024);
      const parsed = parseRecipesCsv(text);
      expect(parsed).toHaveLength(recipes);
      const last = parsed[recipes - 1];
      expect(last?.ingredients).toHaveLength(20);
      expect(last?.ingredients[3]?.quantity).toEqual({
        val: 0.35,
        unite: Unite.CL,
        forPeople: ((recipes - 1) % 50) + 1,
      });
      expect(last?.ingredients[19]?.line).toBe(1 + 22 * (recipes - 1) + 21);
    });
  });
});
