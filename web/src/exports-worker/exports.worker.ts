/**
 * The Web Worker that builds the export files away from the page (see build-in-worker.ts): a
 * 300-meal cook-sheet file or spreadsheet takes hundreds of milliseconds of CPU that would
 * otherwise freeze the screen. @popote/exports loads jsPDF, autotable or exceljs itself with
 * import(), only when a file of that kind is built. Progress is sent at most every
 * PROGRESS_MS, and the bytes are transferred, not copied.
 */
import { isDomainError } from '@popote/domain';
import {
  buildCookbookPdf,
  buildShoppingXlsx,
  buildWeekPlanPdf,
  type ProgressListener,
} from '@popote/exports';
import type { ExportRequest, WorkerCall, WorkerReply } from './protocol';

/** The progress bar needs no more than this; each message costs the page a render. */
const PROGRESS_MS = 50;

const reply = (message: WorkerReply, transfer: Transferable[] = []): void =>
  self.postMessage(message, { transfer });

self.onmessage = (event: MessageEvent<WorkerCall>) => {
  void build(event.data);
};

function buildFile(request: ExportRequest, onProgress: ProgressListener): Promise<Uint8Array> {
  switch (request.kind) {
    case 'cookbook':
      return buildCookbookPdf(request.input, onProgress);
    case 'weekPlan':
      return buildWeekPlanPdf(request.input, onProgress);
    case 'shopping':
      return buildShoppingXlsx(request.input, onProgress);
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
