/**
 * Runs one export at a time. The page says what to build (exports-worker/protocol.ts), a Web
 * Worker reads what it needs and builds the file, and the page hands the bytes to the browser
 * as a download. Which export runs is React state (it changes twice per export); the progress
 * lives in a small store that only the progress bar reads, so that each step of a long build
 * repaints the bar and not the whole screen.
 */
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { isDomainError } from '@popote/domain';
import { buildInWorker } from '../exports-worker/build-in-worker';
import type { ExportKind, ExportRequest } from '../exports-worker/protocol';
import { notifyError, notifySuccess } from '../feedback/feedback';
import { escapeHtml } from '../feedback/escapeHtml';
import { EXPORT_SCREEN } from '../strings';
import { downloadBytes } from './download';

export type { ExportKind };

/** What to build and how to name it. */
export interface ExportJob {
  request: ExportRequest;
  fileName: string;
  mime: string;
}

export type PrepareExport = () => ExportJob;

export interface ExportProgress {
  done: number;
  /** 0 while the worker reads and lays out: no count yet. */
  total: number;
}

/** The progress of the running export, read by the progress bar alone. */
export class ProgressStore {
  private value: ExportProgress = { done: 0, total: 0 };
  private readonly listeners = new Set<() => void>();

  readonly get = (): ExportProgress => this.value;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(value: ExportProgress): void {
    this.value = value;
    for (const listener of this.listeners) listener();
  }
}

export function useProgress(store: ProgressStore): ExportProgress {
  return useSyncExternalStore(store.subscribe, store.get);
}

export function useExportRunner(): {
  /** The export being built, null when none. */
  busy: ExportKind | null;
  progress: ProgressStore;
  run: (prepare: PrepareExport, successText: string) => Promise<boolean>;
} {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const progress = useMemo(() => new ProgressStore(), []);
  const run = useCallback(
    async (prepare: PrepareExport, successText: string): Promise<boolean> => {
      const job = prepare();
      progress.set({ done: 0, total: 0 });
      setBusy(job.request.kind);
      try {
        const bytes = await buildInWorker(job.request, (done, total) =>
          progress.set({ done, total }),
        );
        downloadBytes(bytes, job.fileName, job.mime);
        notifySuccess(successText);
        return true;
      } catch (e) {
        const detail = isDomainError(e) ? e.message : EXPORT_SCREEN.exportFailed;
        if (!isDomainError(e)) console.error(e);
        notifyError({ title: EXPORT_SCREEN.exportFailedTitle, html: escapeHtml(detail) });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [progress],
  );
  return { busy, progress, run };
}
