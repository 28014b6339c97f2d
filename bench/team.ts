/**
 * A stay run by a team (issue 32), beside the owner's own use in the same run: a
 * single-mutation push to the 60-day stay when it is shared by 10 members (made by a member)
 * beside the same push by its owner, and a member's first sync beside the owner's. Each pair
 * is measured on one server, one after the other, so that the ratio compares like with like.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerStore, SyncService } from '@popote/sync-server/testing';
import { makeLibrary, makeStay } from './data';
import { figure, time, type Figure } from './measure';

const OWNER = 1;
const MEMBERS = 10;
const FIRST_MEMBER = 2;

export async function benchTeam(runs: number): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'popote-bench-team-'));
  const store = ServerStore.open(dir);
  try {
    const library = makeLibrary(OWNER, 1000);
    const big = makeStay(OWNER, 5_000_000, library);
    store.sync.write((v) => {
      for (let u = OWNER; u < FIRST_MEMBER + MEMBERS; u++) {
        store.sync.putRow('users', { id: u, pseudo: `Cuistot ${u}` }, v);
      }
      for (const i of library.ingredients) store.sync.putRow('ingredients', i, v);
      for (const r of library.recipes) store.sync.putRow('recipes', r, v);
      store.sync.putRow('stays', big.stay, v);
      for (const g of big.groups) store.sync.putRow('groups', g, v);
      for (const m of big.menus) store.sync.putRow('menus', m, v);
      for (const m of big.meals) store.sync.putRow('meals', m, v);
      for (let i = 0; i < MEMBERS; i++) {
        store.sync.putRow(
          'stayMembers',
          {
            id: 6_000_000 + i,
            stayId: big.stay.id,
            owner: OWNER,
            userId: FIRST_MEMBER + i,
            role: 'plan',
            since: '2026-06-01T10:00:00.000Z',
          },
          v,
        );
      }
    });
    const sync = new SyncService(store.rows, store.writes, Date.now);
    const member = FIRST_MEMBER;
    const devices = new Map<number, { clientId: string; next: number }>();
    for (const user of [OWNER, member]) {
      const clientId = `bench-team-${user}`;
      await sync.leaseIds(user, clientId);
      devices.set(user, { clientId, next: 0 });
    }

    // One single-mutation push each: a meal's extra people, by the owner then by a member.
    const pushBy = (user: number) => async () => {
      const device = devices.get(user)!;
      const meal = big.meals[device.next % big.meals.length]!;
      device.next++;
      await sync.push(user, device.clientId, [
        {
          id: device.next,
          name: 'updateMeal',
          args: { id: meal.id, additionalPeople: device.next % 9 },
        },
      ]);
    };
    const ownerPush = figure(
      'push d’un changement de repas, par le responsable',
      await time(runs * 20, pushBy(OWNER)),
    );
    const memberPush = figure(
      `même push par un membre d’un séjour partagé par ${MEMBERS} membres`,
      await time(runs * 20, pushBy(member)),
      'ms',
      ownerPush,
    );

    // A first sync: everything the user reads, pages included.
    const firstSync = (user: number) => async () => {
      let cursor: string | null = null;
      do {
        const page = await sync.pull(user, `bench-first-${user}`, null, cursor, { schema: 2 });
        cursor = page.more ? page.cursor : null;
      } while (cursor);
    };
    const ownerSync = figure(
      '1re synchro du séjour de 60 jours, par le responsable',
      await time(runs, firstSync(OWNER)),
    );
    const memberSync = figure(
      '1re synchro du même séjour par un membre',
      await time(runs, firstSync(member)),
      'ms',
      ownerSync,
    );
    return [ownerPush, memberPush, ownerSync, memberSync];
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
