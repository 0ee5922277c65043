import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { call, signUpAndIn, startTestServer, type TestServer } from '../support/testServer';

/** The light quick-add page's script, inline as the build writes it, and its hash computed apart. */
const QUICK_ADD_SCRIPT = 'document.forms[0].dataset.ready="yes"';
const QUICK_ADD_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(QUICK_ADD_SCRIPT).digest('base64')}'`;
const HEAD_START = 'window.everycentEarlyAnswers=new Map()';
const HEAD_START_SOURCE = `'sha256-${createHash('sha256').update(HEAD_START).digest('base64')}'`;

describe('serving the built web client', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'everycent-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>EveryCent</title><script data-preload="router.0123abcd.js">${HEAD_START}</script><script src="main.0123abcd.js"></script>`);
    fs.writeFileSync(path.join(dist, 'main.0123abcd.js'), 'console.log("app")');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'quick-add.html'), `<!doctype html><title>Quick Add</title><body><form></form><script>${QUICK_ADD_SCRIPT}</script></body>`);
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"EveryCent","start_url":"/quick-add"}');
    fs.writeFileSync(path.join(dist, 'service-worker.js'), 'self.everycentBuild={"version":"0123456789abcdef","precache":[]};');
    // What the production build writes next to each compressible file (webpack.config.js).
    for (const name of ['index.html', 'main.0123abcd.js', 'quick-add.html', 'manifest.webmanifest']) {
      const content = fs.readFileSync(path.join(dist, name));
      fs.writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
      fs.writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
    }
    server = await startTestServer('sqlite', { config: { staticDir: dist } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and /index.html without signing in, never cached, with the CSRF cookie', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>EveryCent</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
    }
  });

  it('serves hashed assets with a long immutable cache and other files with a short one', async () => {
    const script = await server.app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("app")');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await server.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers with the brotli or gzip file the build made, as the browser accepts, keeping the caching of the original', async () => {
    const script = async (acceptEncoding?: string) =>
      server.app.inject({ method: 'GET', url: '/main.0123abcd.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

    const brotli = await script('gzip, deflate, br, zstd');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("app")');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await script('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log("app")');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const plain of [await script(), await script('identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('console.log("app")');
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('serves index.html compressed too, still never cached; a file without compressed siblings goes as it is', async () => {
    for (const url of ['/', '/index.html']) {
      const page = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>EveryCent</title>');
    }
    const icon = await server.app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toContain('<svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the light quick-add page at /quick-add without signing in, compressed, never cached; the manifest for an hour', async () => {
    for (const url of ['/quick-add', '/quick-add.html']) {
      const page = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Quick Add</title>');
    }
    const plain = await server.app.inject({ method: 'GET', url: '/quick-add' });
    // Its inline script (one round trip less on a phone) is allowed by its hash, on that page only.
    const policy = String(plain.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' ${QUICK_ADD_SCRIPT_SOURCE};`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain(HEAD_START_SOURCE);
    // index.html's head start likewise, on index.html alone; a file that is not a page gets the plain policy.
    for (const url of ['/', '/index.html']) expect(String((await server.app.inject({ method: 'GET', url })).headers['content-security-policy'])).toContain(`script-src 'self' ${HEAD_START_SOURCE};`);
    expect((await server.app.inject({ method: 'GET', url: '/main.0123abcd.js' })).headers['content-security-policy']).toContain("script-src 'self';");
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
    const manifest = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'accept-encoding': 'gzip' } });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(gunzipSync(manifest.rawPayload).toString())).toMatchObject({ start_url: '/quick-add' });
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the service worker at the root without signing in, revalidated on every visit, under a policy that allows it', async () => {
    const worker = await server.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    // A browser learns of a new build only by asking for the worker again.
    expect(worker.headers['cache-control']).toBe('no-cache');
    const page = await server.app.inject({ method: 'GET', url: '/' });
    const policy = String(page.headers['content-security-policy']);
    // worker-src falls back to script-src: the page may register a worker from its own origin, and only from it.
    expect(policy).not.toMatch(/worker-src/);
    expect(policy).toMatch(/script-src 'self'/);
  });

  it('keeps the API behind sign-in and answers missing files with the 404 shape', async () => {
    expect((await call(server, null, { method: 'GET', url: '/settings' })).status).toBe(401);
    const user = await signUpAndIn(server);
    expect((await call(server, user, { method: 'GET', url: '/settings' })).status).toBe(200);
    expect(await call(server, null, { method: 'GET', url: '/missing.0123abcd.js' })).toMatchObject({ status: 404, body: { success: false, errors: ['Not found'] } });
    expect((await call(server, null, { method: 'GET', url: '/../package.json' })).status).toBe(404);
  });
});
