/**
 * Reading an import file off the main thread. A 5 MB file holds about 200,000 rows: parsing
 * them and matching thousands of names takes seconds on a slow phone, during which the page
 * would freeze. A Web Worker keeps the page responsive (the dialog shows a spinner) with the
 * very same domain code, and it is simpler than slicing the parse into chunks, since the
 * matching step would need slicing too. Where workers are missing, the file is read inline.
 */
import { readRecipesFile, type ReadRequest, type ReadResult } from './readRecipesFile';

export function readInWorker(request: ReadRequest): Promise<ReadResult> {
  if (typeof Worker === 'undefined') return Promise.resolve(readRecipesFile(request));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ReadResult>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      event.preventDefault();
      // A worker that cannot start (old browser, blocked script) must not block the import.
      try {
        resolve(readRecipesFile(request));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(event.message)));
      }
    };
    worker.postMessage(request);
  });
}
