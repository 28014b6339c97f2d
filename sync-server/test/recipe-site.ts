/**
 * A recipe site on 127.0.0.1 for the tests of 'Importer depuis un lien' (issue 34): it serves
 * the pages it is given (the domain's fixtures of packages/domain/test/recipe-pages/ by
 * name), and redirects where told. The test server reaches it through its allow list
 * (`recipeImportAllowHosts: ['127.0.0.1']`), as an operator's RECIPE_IMPORT_ALLOW_HOSTS.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page of the domain's fixtures, by name ('jsonld-graph'). */
export const recipePage = (name: string): string =>
  readFileSync(
    new URL(`../../packages/domain/test/recipe-pages/${name}.html`, import.meta.url),
    'utf8',
  );

export interface RecipeSite {
  /** `http://127.0.0.1:<port>` */
  base: string;
  close(): Promise<void>;
}

export type SitePage = { type: string; body: string } | { redirect: string };

export async function startRecipeSite(pages: Record<string, SitePage>): Promise<RecipeSite> {
  const site = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (page && 'redirect' in page) {
      res.writeHead(302, { Location: page.redirect });
      res.end();
      return;
    }
    res.writeHead(page ? 200 : 404, { 'Content-Type': page?.type ?? 'text/html' });
    res.end(page?.body ?? 'introuvable');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    async close() {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    },
  };
}
