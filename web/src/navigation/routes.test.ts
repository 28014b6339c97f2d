import { describe, expect, it } from 'vitest';
import {
  drawerRouteOf,
  invitationUrl,
  isJoinPage,
  joinPagePath,
  ROUTES,
  routeNameOf,
  titleOf,
} from './routes';

describe('routes', () => {
  it('lists the drawer entries in order with their tooltips', () => {
    expect(ROUTES.map((r) => [r.path, r.label])).toEqual([
      ['/', 'Séjours'],
      ['/agenda', 'Agenda'],
      ['/library', 'Bibliothèque'],
      ['/order', 'Export'],
      ['/kitchen', 'Cuisine'],
      ['/registre', 'Registre'],
      ['/courses', 'Courses'],
      ['/settings', 'Préférences'],
    ]);
  });

  it('finds the route of a pathname', () => {
    expect(routeNameOf('/')).toBe('stays');
    expect(routeNameOf('/agenda')).toBe('agenda');
    expect(routeNameOf('/library/')).toBe('library');
    // The addresses users know stay as they were; the code names what they show.
    expect(routeNameOf('/order')).toBe('export');
    expect(routeNameOf('/courses')).toBe('shopping');
    expect(routeNameOf('/inconnu')).toBe('stays');
  });

  it("opens 'Journal du séjour' from the stays screen, under its drawer entry", () => {
    expect(routeNameOf('/journal')).toBe('journal');
    expect(routeNameOf('/journal/')).toBe('journal');
    expect(ROUTES.some((r) => r.path === '/journal')).toBe(false);
    expect(drawerRouteOf('/journal')).toBe('stays');
    expect(drawerRouteOf('/agenda')).toBe('agenda');
    expect(drawerRouteOf('/inconnu')).toBe('stays');
    expect(titleOf('journal', null)).toBe('Journal du séjour');
    expect(titleOf('journal', 'Camp 2025')).toBe('Journal du séjour : Camp 2025');
  });

  it('titles each route as the specification says', () => {
    expect(titleOf('stays', null)).toBe('Séjours et groupes');
    expect(titleOf('agenda', null)).toBe("Organisation d'un séjour");
    expect(titleOf('agenda', 'Camp 2025')).toBe('Organisation du séjour : Camp 2025');
    expect(titleOf('export', null)).toBe('Bilan des ingrédients et commandes');
    expect(titleOf('export', 'Camp 2025')).toBe('Bilan des ingrédients pour le séjour : Camp 2025');
    expect(titleOf('library', null)).toBe('Bibliothèque de menus favoris et recettes');
    expect(titleOf('kitchen', null)).toBe('En cuisine');
    expect(titleOf('kitchen', 'Camp 2025')).toBe('En cuisine : Camp 2025');
    expect(titleOf('register', null)).toBe('Registre de la cuisine');
    expect(titleOf('register', 'Camp 2025')).toBe('Registre de la cuisine : Camp 2025');
    expect(titleOf('shopping', 'Camp 2025')).toBe('Courses et réserve : Camp 2025');
    expect(titleOf('settings', null)).toBe('Préférences');
  });
});

describe('the join page of an invitation', () => {
  it('builds the same link as the server, with the token escaped', () => {
    expect(joinPagePath('abc_-9')).toBe('/rejoindre?invitation=abc_-9');
    expect(joinPagePath('a+b/c')).toBe('/rejoindre?invitation=a%2Bb%2Fc');
    expect(invitationUrl('http://127.0.0.1:8080/', 'abc')).toBe(
      'http://127.0.0.1:8080/rejoindre?invitation=abc',
    );
  });

  it('knows its path, with or without a trailing slash', () => {
    expect(isJoinPage('/rejoindre')).toBe(true);
    expect(isJoinPage('/rejoindre/')).toBe(true);
    expect(isJoinPage('/')).toBe(false);
  });
});
