/**
 * The server fetches a recipe's page (issue 34, 'Importer depuis un lien'), safely:
 *
 * - http and https only; the address and every redirect (at most 5, followed by hand) are
 *   resolved, and refused when one of their addresses is not public (address-check.ts), unless
 *   the operator allows the host (RECIPE_IMPORT_ALLOW_HOSTS);
 * - the connection goes to the address that was checked (the resolver is asked once per hop,
 *   and the socket's own lookup answers that address: no second resolution for a DNS
 *   rebinding to slip into), with the page's Host header and TLS server name;
 * - 10 s in all, 3 MB at most once decompressed, HTML only, no cookies sent or kept, a
 *   User-Agent naming Popote; the text decoded from the header's or the page's charset.
 *
 * Every failure is a RecipeFetchError with its French message. The page is never rendered:
 * it is only read (page-source.ts of the domain).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { AllowedHosts, hostKey, isPublicAddress } from './address-check.js';

export const RECIPE_FETCH_LIMITS = {
  timeoutMs: 10_000,
  maxBytes: 3 * 1024 * 1024,
  maxRedirects: 5,
} as const;

/** Says who asks: Popote's server, importing a recipe a user asked for. */
export const USER_AGENT = 'Mozilla/5.0 (compatible; Popote/0.3.1; import de recettes)';

export const RECIPE_FETCH_MESSAGES = {
  invalid: "Cette adresse n'est pas valide : collez l'adresse complète de la page (https://…).",
  notHttp: 'Seules les adresses de pages web (http:// ou https://) peuvent être importées.',
  refused:
    "Cette adresse n'est pas autorisée : elle mène à un réseau privé ou réservé, que le serveur ne consulte pas.",
  unreachable: "Site injoignable : vérifiez l'adresse, ou réessayez plus tard.",
  timeout: 'Site injoignable : la page met plus de 10 secondes à arriver. Réessayez plus tard.',
  tooLarge: 'Page trop lourde : Popote lit les pages de 3 Mo au plus.',
  notHtml: 'Cette adresse ne mène pas à une page web.',
  tooManyRedirects:
    "Cette adresse renvoie vers d'autres plus de 5 fois : collez celle de la page elle-même.",
  notFound: "Cette page n'existe pas (ou plus) : vérifiez l'adresse.",
  httpError: 'Le site a refusé de donner la page.',
  noRecipe: 'Cette page ne contient pas de recette lisible.',
} as const;

export type RecipeFetchFailure = keyof typeof RECIPE_FETCH_MESSAGES;

export class RecipeFetchError extends Error {
  constructor(
    readonly failure: RecipeFetchFailure,
    detail?: string,
  ) {
    super(
      detail ? `${RECIPE_FETCH_MESSAGES[failure]} (${detail})` : RECIPE_FETCH_MESSAGES[failure],
    );
    this.name = 'RecipeFetchError';
  }
}

/** The addresses of a host name, as the system resolves them. */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: ResolveHost = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface FetchPageOptions {
  /** RECIPE_IMPORT_ALLOW_HOSTS: host names or addresses fetched even when private. */
  allowHosts?: readonly string[];
  /** The resolver (tests stub it); the system's by default. */
  resolve?: ResolveHost;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface FetchedPage {
  /** The page's address, after its redirects. */
  url: string;
  html: string;
}

/** The address as a URL the server may ask: http(s), no credentials. */
export function pageAddress(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text.trim(), base);
  } catch {
    throw new RecipeFetchError('invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RecipeFetchError('notHttp');
  if (url.username !== '' || url.password !== '' || url.hostname === '')
    throw new RecipeFetchError('invalid');
  url.hash = '';
  return url;
}

/** The address to connect to: resolved, checked against the rules and the allow list. */
async function checkedAddress(
  url: URL,
  allowed: AllowedHosts,
  resolve: ResolveHost,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostKey(url.hostname);
  let found: { address: string; family: number }[];
  if (isIP(host) !== 0) found = [{ address: host, family: isIP(host) }];
  else {
    try {
      found = await resolve(host);
    } catch {
      throw new RecipeFetchError('unreachable');
    }
  }
  if (found.length === 0) throw new RecipeFetchError('unreachable');
  const byName = allowed.hasName(host);
  // Every address must pass: a name that also resolves to a private one is refused.
  for (const { address } of found) {
    if (!byName && !allowed.hasAddress(address) && !isPublicAddress(address))
      throw new RecipeFetchError('refused');
  }
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The socket's lookup: always the address checked, never a new resolution. */
function fixedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** One request, without following redirects. */
function request(
  url: URL,
  target: { address: string; family: 4 | 6 },
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  const host = hostKey(url.hostname);
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: false,
        lookup: fixedLookup(target.address, target.family),
        // An IP literal is not a server name (SNI); a name is, and certificates are checked
        // against it.
        ...(url.protocol === 'https:' && isIP(host) === 0 ? { servername: host } : {}),
        signal,
        headers: {
          // url.host: the name and a port that is not the default one.
          Host: url.host,
          'User-Agent': USER_AGENT,
          Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5',
          'Accept-Encoding': 'gzip, deflate, br',
          // No cookies: none is sent, and Set-Cookie answers are never kept.
        },
        maxHeaderSize: 64 * 1024,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** The body, decompressed, up to maxBytes (then 'Page trop lourde'). */
async function bodyOf(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new RecipeFetchError('tooLarge');
  }
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let stream: Readable = response;
  const limits = { maxOutputLength: maxBytes + 1 };
  if (encoding === 'gzip' || encoding === 'x-gzip')
    stream = response.pipe(zlib.createGunzip(limits));
  else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate(limits));
  else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress(limits));
  else if (encoding !== 'identity' && encoding !== '') {
    response.destroy();
    throw new RecipeFetchError('notHtml', `encodage ${encoding.slice(0, 20)}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) throw new RecipeFetchError('tooLarge');
      chunks.push(buffer);
    }
  } catch (e) {
    response.destroy();
    if (stream !== response) stream.destroy();
    if (e instanceof RecipeFetchError) throw e;
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new RecipeFetchError('tooLarge');
    throw e;
  }
  return Buffer.concat(chunks);
}

/** Windows-1252's characters at 0x80–0x9F (undefined ones stay as Latin-1 has them). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
/** The labels the WHATWG encoding standard reads as windows-1252. */
const CP1252_LABELS =
  /^(windows-1252|cp1252|x-cp1252|iso-8859-1|iso8859-1|iso_8859-1|latin1|l1|ascii|us-ascii|iso-ir-100|ibm819|cp819|csisolatin1|iso_8859-1:1987|iso88591)$/iu;

/**
 * The page's text, in the charset of the header, else of the page's meta (in its first 4 KB),
 * else UTF-8. Windows-1252 (and the Latin-1 labels that mean it) is decoded here: Node's
 * TextDecoder reads 0x80–0x9F as control characters.
 */
export function decodePage(bytes: Buffer, contentType: string | undefined): string {
  let label = /charset\s*=\s*["']?([\w.:-]+)/iu.exec(contentType ?? '')?.[1];
  if (!label) {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8';
    else {
      const head = bytes.subarray(0, 4096).toString('latin1');
      label = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/iu.exec(head)?.[1] ?? 'utf-8';
    }
  }
  if (CP1252_LABELS.test(label))
    return bytes
      .toString('latin1')
      .replace(/[\u0080-\u009f]/gu, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * The page at an address, fetched by the rules above; RecipeFetchError with its French
 * message otherwise.
 */
export async function fetchPage(
  address: string,
  options: FetchPageOptions = {},
): Promise<FetchedPage> {
  const allowed = new AllowedHosts(options.allowHosts ?? []);
  const resolve = options.resolve ?? systemResolve;
  const timeoutMs = options.timeoutMs ?? RECIPE_FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? RECIPE_FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? RECIPE_FETCH_LIMITS.maxRedirects;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  // A resolver that never answers is timed too.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new RecipeFetchError('timeout')));
  });
  aborted.catch(() => undefined);

  try {
    let url = pageAddress(address);
    for (let hop = 0; ; hop++) {
      const target = await Promise.race([checkedAddress(url, allowed, resolve), aborted]);
      let response: IncomingMessage;
      try {
        response = await Promise.race([request(url, target, controller.signal), aborted]);
      } catch (e) {
        if (e instanceof RecipeFetchError) throw e;
        throw new RecipeFetchError(timedOut ? 'timeout' : 'unreachable');
      }
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.destroy();
        if (hop >= maxRedirects) throw new RecipeFetchError('tooManyRedirects');
        url = pageAddress(response.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        if (status === 404 || status === 410) throw new RecipeFetchError('notFound');
        throw new RecipeFetchError('httpError', `erreur ${status}`);
      }
      const contentType = response.headers['content-type'];
      const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
      if (!HTML_TYPES.has(mediaType)) {
        response.destroy();
        throw new RecipeFetchError('notHtml');
      }
      let bytes: Buffer;
      try {
        bytes = await Promise.race([bodyOf(response, maxBytes), aborted]);
      } catch (e) {
        response.destroy();
        if (e instanceof RecipeFetchError) throw e;
        throw new RecipeFetchError(timedOut ? 'timeout' : 'unreachable');
      }
      return { url: url.href, html: decodePage(bytes, contentType) };
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
