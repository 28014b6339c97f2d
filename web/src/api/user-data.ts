/**
 * 'Télécharger mes données' and 'Importer des données' (issue 33): the user's data file, as
 * the server makes it, and its import (preview, then the real one). Both need the network.
 */
import { ERRORS } from '../strings';
import { readMessage } from './errorCatalogue';
import { apiUrl, sessionHeaders, type ApiResult } from './http';

export interface ImportCountAnswer {
  Created: number;
  Matched: number;
  Updated: number;
  Skipped: number;
}

/** What POST /api/user-data/import[/preview] answers. */
export interface ImportReportAnswer {
  File: { Version: number; ExportedAt: string; Mail: string; Pseudo: string };
  DryRun: boolean;
  Kinds: Record<string, ImportCountAnswer>;
}

export interface DownloadedFile {
  bytes: Uint8Array;
  fileName: string;
}

/** The file name of a Content-Disposition header (its UTF-8 form first). */
function fileNameOf(disposition: string | null): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/iu.exec(disposition ?? '');
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!);
    } catch {
      // The plain name below.
    }
  }
  return /filename="([^"]+)"/iu.exec(disposition ?? '')?.[1] ?? 'popote-donnees.zip';
}

async function failure(
  response: Response,
): Promise<{ ok: false; status: number; message: string }> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // No body: the generic message.
  }
  return {
    ok: false,
    status: response.status,
    message: readMessage(text) ?? `${ERRORS.serverUndecodable} (HTTP ${response.status})`,
  };
}

/** GET /api/user-data/export: the zip of everything the user owns. */
export async function downloadUserData(): Promise<ApiResult<DownloadedFile>> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/user-data/export'), {
      headers: sessionHeaders(),
      credentials: 'same-origin',
    });
    if (!response.ok) return await failure(response);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      ok: true,
      value: { bytes, fileName: fileNameOf(response.headers.get('Content-Disposition')) },
    };
  } catch {
    return { ok: false, status: null, message: ERRORS.noResponseBody };
  }
}

/** POST the chosen file: the preview (nothing written) or the import. */
export async function importUserData(
  file: Blob,
  preview: boolean,
): Promise<ApiResult<ImportReportAnswer>> {
  try {
    const response = await fetch(
      apiUrl(preview ? '/user-data/import/preview' : '/user-data/import'),
      {
        method: 'POST',
        headers: {
          ...sessionHeaders(),
          Accept: 'application/json',
          'Content-Type': 'application/zip',
        },
        body: file,
        credentials: 'same-origin',
      },
    );
    if (!response.ok) return await failure(response);
    return { ok: true, value: (await response.json()) as ImportReportAnswer };
  } catch {
    return { ok: false, status: null, message: ERRORS.noResponseBody };
  }
}
