/**
 * What the public stay export link reads: the stay that holds a secret, and every row its
 * export shows. Reads run on the reader connection (committed data only) and synchronously,
 * so that no write commits halfway through: the rows form one consistent picture.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { Id, Stay, StayExportInput, TableName, Tables } from '@popote/domain';
import type { SyncReader } from './sync-store.js';

export class ExportLinkStore {
  private readonly stayBySecret: Statement;

  constructor(
    db: Database,
    private readonly reader: SyncReader,
  ) {
    // Answered from the expression index rows_stay_export_secret (migration
    // 'stay-export-secret-index'): same expression, same tbl condition.
    this.stayBySecret = db
      .prepare(
        `SELECT data FROM rows
         WHERE tbl = 'stays' AND data IS NOT NULL AND json_extract(data, '$.exportSecret') = ?
         LIMIT 1`,
      )
      .pluck();
  }

  /** The stay whose export link carries this secret, with its rows; null when none has it. */
  readStayExport(secret: string): StayExportInput | null {
    const data = this.stayBySecret.get(secret) as string | undefined;
    if (data === undefined) return null;
    const stay = JSON.parse(data) as Stay;
    const groups = this.reader.where('groups', 'stayId', stay.id);
    const meals = this.reader.where('meals', 'stayId', stay.id);
    const menus = this.rows(
      'menus',
      meals.map((m) => m.menuId),
    );
    const recipes = this.rows(
      'recipes',
      menus.flatMap((m) => m.recipeIds),
    );
    const ingredients = this.rows('ingredients', [
      ...menus.flatMap((m) => m.ingredients.map((i) => i.ingredientId)),
      ...recipes.flatMap((r) => r.ingredients.map((i) => i.ingredientId)),
    ]);
    return { stay, groups, meals, menus, recipes, ingredients };
  }

  private rows<T extends TableName>(table: T, ids: readonly Id[]): Tables[T][] {
    return this.reader
      .rawByIds(table, [...new Set(ids)])
      .map((r) => JSON.parse(r.data) as Tables[T]);
  }
}
