/**
 * Builds an export file in a Web Worker, so that the page keeps answering (and its progress bar
 * moving) while hundreds of pages are laid out. One worker is started on the first export and
 * kept for the next ones (jsPDF and the xlsx writer stay loaded in it). There is no fallback in the
 * page: it would ship a second copy of the PDF and spreadsheet libraries for browsers that all
 * have module workers; a worker that cannot start fails the export with its message.
 */
import { DomainError } from '@popote/domain';
import type { ProgressListener } from '@popote/exports';
import type { ExportRequest, WorkerReply } from './protocol';
import { BUILD_END_MARK, BUILD_START_MARK } from './protocol';

let worker: Worker | null = null;
let lastId = 0;

export function buildInWorker(
  request: ExportRequest,
  onProgress: ProgressListener,
): Promise<Uint8Array> {
  worker ??= new Worker(new URL('./exports.worker.ts', import.meta.url), { type: 'module' });
  const current = worker;
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      current.removeEventListener('message', onMessage);
      current.removeEventListener('error', onError);
    };
    const onMessage = (event: MessageEvent<WorkerReply>): void => {
      const message = event.data;
      if (message.id !== id) return;
      if (message.type === 'progress') {
        onProgress(message.done, message.total);
        return;
      }
      stop();
      performance.mark(BUILD_END_MARK);
      if (message.type === 'done') resolve(message.bytes);
      else if (message.code !== null) reject(new DomainError(message.code, message.message));
      else reject(new Error(message.message));
    };
    const onError = (event: ErrorEvent): void => {
      event.preventDefault();
      stop();
      performance.mark(BUILD_END_MARK);
      // The worker could not start or broke: the next export starts a new one.
      current.terminate();
      if (worker === current) worker = null;
      reject(new Error(event.message || 'Export worker failed'));
    };
    current.addEventListener('message', onMessage);
    current.addEventListener('error', onError);
    performance.mark(BUILD_START_MARK);
    current.postMessage({ id, request });
  });
}
