/**
 * 'Télécharger mes données' and 'Importer des données' (issue 33): the user's data as one file
 * (the domain's user-data format, docs/data-format.md), and loading such a file into the
 * account, with a preview that writes nothing. The import runs in one transaction through the
 * domain's mutators (restoreSnapshot, setPurchase) with ids leased fresh to the user, so every
 * rule applies and every device gets the rows by sync.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  collectUserData,
  IMPORT_KINDS,
  importWrites,
  MAX_USER_DATA_FILE_BYTES,
  packUserData,
  planUserDataImport,
  readableBy,
  readUserData,
  runMutation,
  userDataFileName,
  type ImportReport,
  type UserData,
} from '@popote/domain';
import { SYNC_SCHEMA } from '@popote/sync-protocol';
import { HttpError, unauthorized } from '../http/errors.js';
import { attachment } from './content-disposition.js';
import { nowIso, reserveIds, secured, userOf } from './context.js';

export const USER_DATA_MIME = 'application/zip';
/** What browsers and zip tools call a zip file. */
const ZIP_TYPES = [USER_DATA_MIME, 'application/x-zip-compressed', 'application/octet-stream'];

export const USER_DATA_MESSAGES = {
  noFile:
    'Envoyez le fichier de données (.zip) tel que « Télécharger mes données » l’a enregistré.',
} as const;

/** Per client address: an export reads every row of the user, an import may write them all. */
export const USER_DATA_RATE_LIMIT = { max: 20, windowMs: 60_000 };

const Count = Type.Object({
  Created: Type.Integer(),
  Matched: Type.Integer(),
  Updated: Type.Integer(),
  Skipped: Type.Integer(),
});
export const ImportReportOut = Type.Object({
  /** The file's manifest, as read: whose data, when, from which server's schema. */
  File: Type.Object({
    Version: Type.Integer(),
    ExportedAt: Type.String(),
    Mail: Type.String(),
    Pseudo: Type.String(),
  }),
  /** True for the preview: nothing was written. */
  DryRun: Type.Boolean(),
  /** Per kind: what was (or would be) created, matched, updated, skipped. */
  Kinds: Type.Object(Object.fromEntries(IMPORT_KINDS.map((k) => [k, Count])), {
    additionalProperties: false,
  }),
});

function reportOut(data: UserData, report: ImportReport, dryRun: boolean) {
  return {
    File: {
      Version: data.manifest.version,
      ExportedAt: data.manifest.exportedAt,
      Mail: data.manifest.user.mail,
      Pseudo: data.manifest.user.pseudo,
    },
    DryRun: dryRun,
    Kinds: Object.fromEntries(
      IMPORT_KINDS.map((k) => [
        k,
        {
          Created: report[k].created,
          Matched: report[k].matched,
          Updated: report[k].updated,
          Skipped: report[k].skipped,
        },
      ]),
    ),
  };
}

/** The uploaded file, read and checked (400 in French for anything else). */
function uploaded(request: FastifyRequest): UserData {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new HttpError(400, USER_DATA_MESSAGES.noFile);
  return readUserData(new Uint8Array(body.buffer, body.byteOffset, body.length));
}

export async function userDataRoutes(app: FastifyInstance): Promise<void> {
  // The file as it was saved: bytes, up to the format's limit (this plugin's routes only).
  app.addContentTypeParser(
    ZIP_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_USER_DATA_FILE_BYTES },
    (_request, body, done) => done(null, body),
  );
  const limited = {
    config: {
      rateLimit: { max: USER_DATA_RATE_LIMIT.max, timeWindow: USER_DATA_RATE_LIMIT.windowMs },
    },
  };
  const importOptions = {
    ...secured,
    ...limited,
    bodyLimit: MAX_USER_DATA_FILE_BYTES,
    schema: {
      consumes: ZIP_TYPES,
      response: { 200: ImportReportOut },
    } as FastifySchema,
  };

  app.get(
    '/user-data/export',
    { ...secured, ...limited, schema: { produces: [USER_DATA_MIME] } as FastifySchema },
    async (request, reply: FastifyReply) => {
      const userId = userOf(request);
      const account = await app.popote.store.accounts.getAccount(userId);
      if (!account) throw unauthorized();
      const data = await collectUserData(app.popote.store.rows.reads, userId, {
        mail: account.mail,
        pseudo: account.pseudo,
        syncSchema: SYNC_SCHEMA,
        now: nowIso(app),
      });
      const bytes = packUserData(data);
      return reply
        .header('Content-Type', USER_DATA_MIME)
        .header('Content-Disposition', attachment(userDataFileName(data.manifest.exportedAt)))
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  /** The uploaded file and what importing it would do, planned on committed data. */
  async function planned(request: FastifyRequest) {
    const userId = userOf(request);
    const data = uploaded(request);
    const reads = readableBy(app.popote.store.rows.reads, userId);
    return { userId, data, preview: await planUserDataImport(data, reads, userId, null) };
  }

  /** Preview: what the import would do; nothing is written. */
  app.post('/user-data/import/preview', importOptions, async (request) => {
    const { data, preview } = await planned(request);
    return reportOut(data, preview.report, true);
  });

  /** The import, in one transaction; answers its report. */
  app.post('/user-data/import', importOptions, async (request) => {
    const { userId, data, preview } = await planned(request);
    if (!importWrites(preview.report)) return reportOut(data, preview.report, false);
    const ids = await reserveIds(app, userId, preview.idCount);
    let report = preview.report;
    await app.popote.sync.mutate(userId, async (ctx) => {
      // Planned again inside the transaction, on the rows as they are now.
      const plan = await planUserDataImport(data, readableBy(ctx.store, userId), userId, ids);
      report = plan.report;
      // Not journaled: the rows are new (a stay made here has no team yet).
      for (const { name, args } of plan.calls) await runMutation(ctx, name, args);
    });
    return reportOut(data, report, false);
  });
}
