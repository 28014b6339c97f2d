/**
 * The boundaries of issue 17 hold because the lint configuration refuses what crosses them:
 * this test feeds it deliberate wrong imports (and a right one) and expects the verdicts.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleMessages(code: string, file: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

async function restrictedImports(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('workspace boundaries (lint)', () => {
  it("refuses a relative import into another workspace's src", async () => {
    const sim = "import { buildServer } from '../sync-server/src/app.js';\nvoid buildServer;\n";
    expect(await restrictedImports(sim, 'sim/probe.ts')).toHaveLength(1);
    const server =
      "import { runMutation } from '../../../packages/domain/src/mutators/index.js';\nvoid runMutation;\n";
    expect(await restrictedImports(server, 'sync-server/src/api/probe.ts')).toHaveLength(1);
    const web = "import { DexieStore } from '../../web/src/sync/dexie-store';\nvoid DexieStore;\n";
    expect(await restrictedImports(web, 'bench/probe.ts')).toHaveLength(1);
    const e2e = "import { startApp } from '../web/e2e/harness';\nvoid startApp;\n";
    expect(await restrictedImports(e2e, 'bench/probe.ts')).toHaveLength(1);
    const kit = "import { World } from '../packages/domain/test/mutators-world.js';\nvoid World;\n";
    expect(await restrictedImports(kit, 'sim/probe.ts')).toHaveLength(1);
  });

  it('accepts the same through the package name, and relative imports inside a workspace', async () => {
    const byName = "import { buildServer } from '@popote/sync-server';\nvoid buildServer;\n";
    expect(await restrictedImports(byName, 'sim/probe.ts')).toEqual([]);
    const entry = "import { startApp } from '@popote/web/e2e';\nvoid startApp;\n";
    expect(await restrictedImports(entry, 'bench/probe.ts')).toEqual([]);
    const ownTest = "import { newDevice } from '../../test/sync-device.js';\nvoid newDevice;\n";
    expect(await restrictedImports(ownTest, 'sync-server/src/sync/probe.ts')).toEqual([]);
    const inside = "import { SyncService } from '../sync/sync-service.js';\nvoid SyncService;\n";
    expect(await restrictedImports(inside, 'sync-server/src/api/probe.ts')).toEqual([]);
  });

  it('refuses a screen that builds a store instead of using the live-query hooks', async () => {
    const screen =
      "import { DexieStore } from '@popote/sync-client';\nexport const s = DexieStore;\n";
    expect(await restrictedImports(screen, 'web/src/screens/export/Probe.tsx')).toHaveLength(1);
    const hook = "import { useLocalQuery } from '../../sync/useLocal';\nvoid useLocalQuery;\n";
    expect(await restrictedImports(hook, 'web/src/screens/export/Probe.tsx')).toEqual([]);
  });
});

describe('screen boundaries (lint)', () => {
  const otherScreen = (code: string, file: string) =>
    ruleMessages(code, file, 'popote/screen-boundary');

  it('refuses a screen importing from another screen, static or dynamic, at any depth', async () => {
    const planted = "import { useStay } from '../export/useExportData';\nvoid useStay;\n";
    expect(await otherScreen(planted, 'web/src/screens/kitchen/Probe.tsx')).toEqual([
      "The screen 'kitchen' imports from the screen 'export': move what they share to src/data/, src/navigation/, src/components/, src/strings/ or the domain.",
    ]);
    const deep = "export { ShareDialog } from '../../shopping/ShareDialog';\n";
    expect(await otherScreen(deep, 'web/src/screens/agenda/week/Probe.tsx')).toHaveLength(1);
    const lazy = "export const load = () => import('../library/LibraryScreen');\n";
    expect(await otherScreen(lazy, 'web/src/screens/settings/Probe.tsx')).toHaveLength(1);
  });

  it('accepts imports inside one screen and through the shared layers', async () => {
    const inside = "import { MealWizard } from '../wizard/MealWizard';\nvoid MealWizard;\n";
    expect(await otherScreen(inside, 'web/src/screens/agenda/week/Probe.tsx')).toEqual([]);
    const data = "import { useStay } from '../../data/stays';\nvoid useStay;\n";
    expect(await otherScreen(data, 'web/src/screens/kitchen/Probe.tsx')).toEqual([]);
    const app = "import { LoginScreen } from './screens/login/LoginScreen';\nvoid LoginScreen;\n";
    expect(await otherScreen(app, 'web/src/App.tsx')).toEqual([]);
  });
});
