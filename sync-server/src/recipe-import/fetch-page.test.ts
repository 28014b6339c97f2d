/**
 * The server's fetch of a recipe's page (issue 34): a local HTTP server on 127.0.0.1, reached
 * through the allow list for the pages that must be read, and a stubbed resolver for names
 * that resolve to private addresses. Every refusal answers its French message.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-check.js';
import {
  RECIPE_FETCH_MESSAGES as M,
  USER_AGENT,
  fetchPage,
  type FetchPageOptions,
  type ResolveHost,
} from './fetch-page.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: IncomingMessage[] = [];
let server: Server;
let base: string;
let port: number;

const PAGE = '<html><head><title>Crêpes</title></head><body><h1>Crêpes</h1></body></html>';
const html =
  (body: string | Buffer, type = 'text/html; charset=utf-8'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'Content-Type': type, 'Set-Cookie': 'suivi=1; Path=/' });
    res.end(body);
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const handler = routes.get(req.url ?? '');
    if (handler) handler(req, res);
    else {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('introuvable');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allowed: FetchPageOptions = { allowHosts: ['127.0.0.1'] };
const refusedWith = async (address: string, message: string, options: FetchPageOptions = {}) => {
  await expect(fetchPage(address, options)).rejects.toThrow(message);
};
/** A resolver that knows a few names, and counts its questions. */
function resolver(names: Record<string, string[]>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const found = names[host];
    if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

describe('which addresses are public', () => {
  it('refuses loopback, private, shared, link-local, reserved, multicast, unspecified, in IPv4 and IPv6, mapped forms included', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::FFFF:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '64:ff9b::10.1.2.3',
      '64:ff9b:1::c0a8:1',
      '::127.0.0.1',
      '2001:db8::1',
      'fec0::1',
      '[::1]',
      'fe80::1%eth0',
      'pas une adresse',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public unicast, and a NAT64 address carrying a public IPv4 one', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '2a00:1450:4007:80e::2003',
      '64:ff9b::5db8:d822',
      '::ffff:8.8.8.8',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('fetchPage refuses', () => {
  it('addresses that are not http(s) or not addresses', async () => {
    await refusedWith('pas une adresse', M.invalid);
    await refusedWith('ftp://recettes.example.fr/crepes', M.notHttp);
    await refusedWith('file:///etc/passwd', M.notHttp);
    await refusedWith('javascript:alert(1)', M.notHttp);
    await refusedWith('https://moi:secret@recettes.example.fr/', M.invalid);
  });

  it('loopback, private and mapped addresses, however written, without connecting', async () => {
    const before = seen.length;
    for (const host of [
      `127.0.0.1:${port}`,
      'localhost',
      '[::1]',
      '10.0.0.1',
      '192.168.0.10',
      '169.254.169.254',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '0x7f.0.0.1',
      '2130706433',
      '017700000001',
      '127.1',
      '[64:ff9b::7f00:1]',
      '0.0.0.0',
      '[fd00::1]',
      '100.64.1.1',
    ]) {
      const resolve = resolver({ localhost: ['127.0.0.1', '::1'] });
      await refusedWith(`http://${host}/`, M.refused, { resolve });
    }
    expect(seen.length).toBe(before);
  });

  it('a name resolving to a private address, even when it also resolves to a public one', async () => {
    const resolve = resolver({
      'intranet.example.fr': ['10.1.2.3'],
      'double.example.fr': ['93.184.216.34', '192.168.1.1'],
      'mapped.example.fr': ['::ffff:169.254.169.254'],
    });
    await refusedWith('https://intranet.example.fr/recette', M.refused, { resolve });
    await refusedWith('https://double.example.fr/recette', M.refused, { resolve });
    await refusedWith('http://mapped.example.fr/', M.refused, { resolve });
  });

  it('a redirect to a private address, or to a name resolving to one', async () => {
    routes.set('/vers-prive', (_req, res) => {
      res.writeHead(302, { Location: 'http://192.168.1.1/admin' });
      res.end();
    });
    routes.set('/vers-nom', (_req, res) => {
      res.writeHead(301, { Location: 'https://interne.example.fr/' });
      res.end();
    });
    routes.set('/vers-mappee', (_req, res) => {
      res.writeHead(307, { Location: 'http://[::ffff:10.0.0.1]/' });
      res.end();
    });
    routes.set('/vers-fichier', (_req, res) => {
      res.writeHead(302, { Location: 'file:///etc/passwd' });
      res.end();
    });
    const resolve = resolver({ 'interne.example.fr': ['10.9.9.9'] });
    await refusedWith(`${base}/vers-prive`, M.refused, { ...allowed, resolve });
    await refusedWith(`${base}/vers-nom`, M.refused, { ...allowed, resolve });
    await refusedWith(`${base}/vers-mappee`, M.refused, { ...allowed, resolve });
    await refusedWith(`${base}/vers-fichier`, M.notHttp, { ...allowed, resolve });
    expect(resolve.asked).toEqual(['interne.example.fr']);
  });

  it('more than 5 redirects', async () => {
    for (let i = 0; i < 7; i++)
      routes.set(`/boucle/${i}`, (_req, res) => {
        res.writeHead(302, { Location: `/boucle/${i + 1}` });
        res.end();
      });
    routes.set('/boucle/5', html(PAGE));
    await expect(fetchPage(`${base}/boucle/0`, allowed)).resolves.toMatchObject({
      url: `${base}/boucle/5`,
    });
    routes.set('/boucle/5', (_req, res) => {
      res.writeHead(302, { Location: '/boucle/6' });
      res.end();
    });
    await refusedWith(`${base}/boucle/0`, M.tooManyRedirects, allowed);
  });

  it('a page too large, declared or not, compressed or not', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 'a');
    routes.set('/lourde', html(big));
    routes.set('/lourde-sans-longueur', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(100 * 1024, 'b'));
      res.end();
    });
    routes.set('/bombe', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(big));
    });
    await refusedWith(`${base}/lourde`, M.tooLarge, allowed);
    await refusedWith(`${base}/lourde-sans-longueur`, M.tooLarge, allowed);
    await refusedWith(`${base}/bombe`, M.tooLarge, allowed);
  });

  it('a site too slow, to answer or to send its page', async () => {
    routes.set('/lente', () => undefined); // never answers
    routes.set('/goutte', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<html>');
      // …and nothing more.
    });
    const started = Date.now();
    await refusedWith(`${base}/lente`, M.timeout, { ...allowed, timeoutMs: 300 });
    await refusedWith(`${base}/goutte`, M.timeout, { ...allowed, timeoutMs: 300 });
    const never: ResolveHost = () => new Promise(() => undefined);
    await refusedWith('https://dns-muet.example.fr/', M.timeout, {
      resolve: never,
      timeoutMs: 300,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('what is not HTML, missing pages and unreachable sites', async () => {
    routes.set('/image', html(Buffer.from([0x89, 0x50]), 'image/png'));
    routes.set('/json', html('{"@type":"Recipe"}', 'application/json'));
    routes.set('/sans-type', (_req, res) => {
      res.writeHead(200);
      res.end(PAGE);
    });
    routes.set('/erreur', (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html' });
      res.end('oups');
    });
    await refusedWith(`${base}/image`, M.notHtml, allowed);
    await refusedWith(`${base}/json`, M.notHtml, allowed);
    await refusedWith(`${base}/sans-type`, M.notHtml, allowed);
    await refusedWith(`${base}/absente`, M.notFound, allowed);
    await refusedWith(`${base}/erreur`, M.httpError, allowed);
    await refusedWith('https://inconnu.example.fr/', M.unreachable, { resolve: resolver({}) });
    // A closed port of an allowed host.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await refusedWith(`http://127.0.0.1:${closedPort}/`, M.unreachable, allowed);
  });
});

describe('fetchPage reads', () => {
  it('an allowed page: no cookies, Popote named, its charset decoded', async () => {
    routes.set('/crepes', html(PAGE));
    const page = await fetchPage(`${base}/crepes#etapes`, allowed);
    expect(page).toEqual({ url: `${base}/crepes`, html: PAGE });
    const req = seen[seen.length - 1]!;
    expect(req.headers['user-agent']).toBe(USER_AGENT);
    expect(req.headers.cookie).toBeUndefined();
    expect(req.headers.host).toBe(`127.0.0.1:${port}`);
    // The cookie it was given is not sent back.
    routes.set('/encore', html(PAGE));
    await fetchPage(`${base}/encore`, allowed);
    expect(seen[seen.length - 1]!.headers.cookie).toBeUndefined();
  });

  it('Latin-1 and Windows-1252 pages, by the header or the meta', async () => {
    const cp1252 = Buffer.concat([
      Buffer.from('<meta charset="windows-1252"><title>Cr\xe8me ', 'latin1'),
      Buffer.from([0x96, 0x20, 0x9c]),
      Buffer.from('ufs</title>'),
    ]);
    routes.set(
      '/latin',
      html(Buffer.from('<title>Crème brûlée</title>', 'latin1'), 'text/html; charset=ISO-8859-1'),
    );
    routes.set('/cp1252', html(cp1252, 'text/html'));
    routes.set('/gzip', (_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/xhtml+xml; charset=utf-8',
        'Content-Encoding': 'gzip',
      });
      res.end(gzipSync(PAGE));
    });
    expect((await fetchPage(`${base}/latin`, allowed)).html).toBe('<title>Crème brûlée</title>');
    expect((await fetchPage(`${base}/cp1252`, allowed)).html).toContain('Crème – œufs');
    expect((await fetchPage(`${base}/gzip`, allowed)).html).toBe(PAGE);
  });

  it('a host allowed by name: resolved once, connected to the address checked, with its Host header', async () => {
    routes.set('/intranet', html(PAGE));
    const resolve = resolver({ 'recettes.intranet': ['127.0.0.1'] });
    const page = await fetchPage(`http://recettes.intranet:${port}/intranet`, {
      allowHosts: ['Recettes.Intranet'],
      resolve,
    });
    expect(page.html).toBe(PAGE);
    expect(resolve.asked).toEqual(['recettes.intranet']);
    expect(seen[seen.length - 1]!.headers.host).toBe(`recettes.intranet:${port}`);
  });
});
