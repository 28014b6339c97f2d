/**
 * Runs one export at a time with its progress. The exports package loads jsPDF or exceljs
 * itself, with import(), only when a file is built: the app's first load stays light.
 */
import { useCallback, useState } from 'react';
import { isDomainError } from '@popote/domain';
import * as exportsModule from '@popote/exports';
import { notifyError, notifySuccess } from '../../feedback/feedback';
import { ORDER } from '../../strings';
import { downloadBytes } from './download';

export type ExportKind = 'cookbook' | 'shopping';

export interface ExportProgress {
  kind: ExportKind;
  done: number;
  total: number;
}

export type ExportsModule = typeof exportsModule;

export interface ExportFile {
  bytes: Uint8Array;
  fileName: string;
  mime: string;
}

export type BuildFile = (
  exports: ExportsModule,
  onProgress: (done: number, total: number) => void,
) => Promise<ExportFile>;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);

export function useExportRunner(): {
  progress: ExportProgress | null;
  run: (kind: ExportKind, build: BuildFile, successText: string) => Promise<boolean>;
} {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const run = useCallback(
    async (kind: ExportKind, build: BuildFile, successText: string): Promise<boolean> => {
      setProgress({ kind, done: 0, total: 0 });
      try {
        const file = await build(exportsModule, (done, total) =>
          setProgress({ kind, done, total }),
        );
        downloadBytes(file.bytes, file.fileName, file.mime);
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
