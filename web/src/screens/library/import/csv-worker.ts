/** The Web Worker that reads an import file away from the page (see readInWorker.ts). */
import { readRecipesFile, type ReadRequest } from './readRecipesFile';

self.onmessage = (event: MessageEvent<ReadRequest>) => {
  self.postMessage(readRecipesFile(event.data));
};
