/**
 * The same check before migrating, on SQLite and on PostgreSQL: the steps a database records
 * must be the first of the steps this version of Popote knows, in the same order, so that a
 * database made by a newer version, or by a branch with other steps, is refused rather than
 * migrated wrongly.
 */
export function checkAppliedMigrations(
  applied: readonly { id: number; name: string }[],
  known: readonly { name: string }[],
): void {
  if (applied.length > known.length) {
    throw new Error(
      `La base de données a été créée par une version plus récente de Popote ` +
        `(${applied.length} migrations, ${known.length} connues).`,
    );
  }
  for (const row of applied) {
    const expected = known[row.id - 1]?.name;
    if (expected !== row.name) {
      throw new Error(
        `Migration n°${row.id} inattendue dans la base : « ${row.name} » au lieu de « ${expected ?? '?'} ».`,
      );
    }
  }
}
