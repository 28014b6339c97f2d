/**
 * Runs one export at a time with its progress. The page gathers the data (a read of the local
 * database, or the compile it already shows), a Web Worker builds the file
 * (exports-worker/), and the page hands the bytes to the browser as a download.
 */
import { useCallback, useState } from 'react';
import { isDomainError } from '@popote/domain';
import { buildInWorker } from '../../exports-worker/build-in-worker';
import type { ExportKind, ExportRequest } from '../../exports-worker/protocol';
import { notifyError, notifySuccess } from '../../feedback/feedback';
import { ORDER } from '../../strings';
import { downloadBytes } from './download';

export type { ExportKind };

export interface ExportProgress {
  kind: ExportKind;
  done: number;
  total: number;
}

/** What to build and how to name it. */
export interface ExportJob {
  request: ExportRequest;
  fileName: string;
  mime: string;
}

export type PrepareExport = () => Promise<ExportJob>;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);

export function useExportRunner(): {
  progress: ExportProgress | null;
  run: (kind: ExportKind, prepare: PrepareExport, successText: string) => Promise<boolean>;
} {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const run = useCallback(
    async (kind: ExportKind, prepare: PrepareExport, successText: string): Promise<boolean> => {
      setProgress({ kind, done: 0, total: 0 });
      try {
        const job = await prepare();
        const bytes = await buildInWorker(job.request, (done, total) =>
          setProgress({ kind, done, total }),
        );
        downloadBytes(bytes, job.fileName, job.mime);
        notifySuccess(successText);
        return true;
      } catch (e) {
        const detail = isDomainError(e) ? e.message : ORDER.exportFailed;
        if (!isDomainError(e)) console.error(e);
        notifyError({ title: ORDER.exportFailedTitle, html: escapeHtml(detail) });
        return false;
      } finally {
        setProgress(null);
      }
    },
    [],
  );
  return { progress, run };
}
