/**
 * The Web Worker that builds the export files away from the page (see build-in-worker.ts): a
 * 300-meal cook-sheet file or spreadsheet takes hundreds of milliseconds of CPU that would
 * otherwise freeze the screen; for the PDFs (cook sheets, week plan, allergen table, menu
 * poster, kitchen's register) it reads the days from the device's database itself, so that the
 * page does not spend its time on IndexedDB either. @popote/exports loads jsPDF, autotable or fflate itself with import(), only
 * when a file of that kind is built. Progress is sent at most every PROGRESS_MS, and the bytes
 * are transferred, not copied.
 */
import type { Id } from '@popote/domain';
import { isDomainError, loadCompileInput, notFound } from '@popote/domain';
import {
  buildAllergenTablePdf,
  buildCookbookPdf,
  buildMenuPosterPdf,
  buildRegisterPdf,
  buildShoppingXlsx,
  buildWeekPlanPdf,
  type ProgressListener,
} from '@popote/exports';
import { DexieStore, LocalDb } from '@popote/sync-client';
import type { DaysSource, ExportRequest, WorkerCall, WorkerReply } from './protocol';

/** The progress bar needs no more than this; each message costs the page a render. */
const PROGRESS_MS = 50;

const reply = (message: WorkerReply, transfer: Transferable[] = []): void =>
  self.postMessage(message, { transfer });

self.onmessage = (event: MessageEvent<WorkerCall>) => {
  void build(event.data);
};

async function buildFile(
  request: ExportRequest,
  onProgress: ProgressListener,
): Promise<Uint8Array> {
  switch (request.kind) {
    case 'cookbook': {
      const input = { ...(await readDays(request.source)), options: request.options };
      return buildCookbookPdf(input, onProgress);
    }
    case 'weekPlan':
      return buildWeekPlanPdf(await readDays(request.source), onProgress);
    case 'allergenTable':
      return buildAllergenTablePdf(await readDays(request.source), onProgress);
    case 'menuPoster':
      return buildMenuPosterPdf(
        { ...(await readDays(request.source)), format: request.format },
        onProgress,
      );
    case 'register':
      return buildRegisterPdf(await readRegister(request.source), onProgress);
    case 'shopping':
      return buildShoppingXlsx(request.input, onProgress);
  }
}

/**
 * The chosen days' meals and every row their sheets need, read as the export screen compiles
 * them (the domain's loadCompileInput over the device's database), opened for this read only.
 */
async function readDays({ dbName, stayId, days, stay }: DaysSource) {
  const db = new LocalDb(dbName);
  try {
    await db.open();
    return { ...(await loadCompileInput(new DexieStore(db), stayId, days)), stay };
  } finally {
    db.close();
  }
}

/**
 * The register of a stay and what its paper names: the stay (its owner, its cold units), its
 * team and the pseudonyms of the owner, the members and the entries' authors.
 */
async function readRegister({ dbName, stayId, days }: DaysSource) {
  const db = new LocalDb(dbName);
  try {
    await db.open();
    const store = new DexieStore(db);
    const [stay, entries, members] = await Promise.all([
      store.get('stays', stayId),
      store.where('register', 'stayId', stayId),
      store.where('stayMembers', 'stayId', stayId),
    ]);
    if (!stay) throw notFound("Ce séjour n'existe pas.");
    const userIds: Id[] = [
      ...new Set([stay.owner, ...members.map((m) => m.userId), ...entries.map((e) => e.by)]),
    ];
    const users = await store.getMany('users', userIds);
    // Instants (a sample thrown) in the device's time zone, summer time included.
    const utcOffsetOf = (iso: string): number => -new Date(iso).getTimezoneOffset();
    return { stay, days, entries, members, users, utcOffsetOf };
  } finally {
    db.close();
  }
}

async function build({ id, request }: WorkerCall): Promise<void> {
  let sent = 0;
  try {
    const bytes = await buildFile(request, (done, total) => {
      const now = performance.now();
      if (done < total && now - sent < PROGRESS_MS) return;
      sent = now;
      reply({ id, type: 'progress', done, total });
    });
    // A view over its whole buffer can give that buffer away; any other is copied first.
    const whole =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? bytes
        : bytes.slice();
    reply({ id, type: 'done', bytes: whole }, [whole.buffer]);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    reply({ id, type: 'error', message, code: isDomainError(e) ? e.code : null });
  }
}
