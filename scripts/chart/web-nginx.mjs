// docker/web/default.conf.template (the web image's nginx config) served by a real nginx, when one
// is on this machine: the SPA fallback, the API and non-GET /dashboard proxied to a gateway double.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { check, root, skip } from './harness.mjs';

const callTimeoutMs = Number(process.env.CHART_CALL_TIMEOUT_MS || 60_000);

function findNginx() {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (which) candidates.splice(1, 0, which);
  return candidates.find((c) => c && fs.existsSync(c) && spawnSync(c, ['-v']).status === 0);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function webConfigServesTheSpaAndProxiesTheApi() {
  const nginx = findNginx();
  if (!nginx) {
    skip(
      'web: docker/web/default.conf.template in a real nginx',
      'no nginx binary on this machine (apt-get install nginx, or set NGINX_BIN)',
    );
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-nginx-'));
  const seen = [];
  const gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ gateway: true, method: req.method, url: req.url }));
    });
  });
  let proc;
  try {
    await new Promise((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const gwPort = gateway.address().port;
    const port = await freePort();
    const html = path.join(tmp, 'html');
    fs.mkdirSync(path.join(html, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(html, 'index.html'), '<!doctype html><title>ShelfScan SPA</title>');
    fs.writeFileSync(path.join(html, 'assets/app-1234.js'), 'console.log(1)');
    const template = fs.readFileSync(path.join(root, 'docker/web/default.conf.template'), 'utf8');
    // What the image's envsubst does: replace the defined variable, leave nginx's $variables alone.
    const conf = template
      .replaceAll('${GATEWAY_UPSTREAM}', `127.0.0.1:${gwPort}`)
      .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
      .replace('root /usr/share/nginx/html;', `root ${html};`);
    fs.writeFileSync(path.join(tmp, 'default.conf'), conf);
    const temp = (n) => `${n}_temp_path ${path.join(tmp, n)};`;
    fs.writeFileSync(
      path.join(tmp, 'nginx.conf'),
      [
        'daemon off;',
        'master_process off;',
        `pid ${path.join(tmp, 'nginx.pid')};`,
        `error_log ${path.join(tmp, 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        '  types { text/html html; application/javascript js; text/css css; }',
        '  default_type application/octet-stream;',
        '  access_log off;',
        `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
        `  include ${path.join(tmp, 'default.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const args = ['-p', tmp, '-c', path.join(tmp, 'nginx.conf')];
    check('nginx -t accepts the rendered web config', () => {
      const r = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8', timeout: callTimeoutMs });
      assert.equal(r.status, 0, r.stderr);
    });
    proc = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i += 1) {
      try {
        await fetch(`${base}/healthz`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const req = async (method, url, init = {}) => {
      const before = seen.length;
      const res = await fetch(base + url, { method, ...init });
      const text = await res.text();
      return { status: res.status, text, headers: res.headers, proxied: seen.slice(before) };
    };
    const results = [];
    const acheck = async (name, fn) => {
      try {
        await fn();
        results.push([name, null]);
      } catch (err) {
        results.push([name, err]);
      }
    };
    const spa = (r) => {
      assert.equal(r.status, 200);
      assert.match(r.text, /ShelfScan SPA/, 'not index.html');
      assert.equal(r.proxied.length, 0, 'was proxied to the gateway');
    };
    await acheck('web: /healthz and /readyz answer 200 from nginx itself', async () => {
      for (const u of ['/healthz', '/readyz']) {
        const r = await req('GET', u);
        assert.equal(r.status, 200);
        assert.equal(r.proxied.length, 0);
      }
    });
    await acheck('web: client-side routes fall back to index.html', async () => {
      for (const u of ['/', '/login', '/admin/users/7', '/payment?plan=deep']) spa(await req('GET', u));
    });
    await acheck('web: GET /dashboard and GET /dashboard/completed are the SPA route', async () => {
      spa(await req('GET', '/dashboard'));
      spa(await req('GET', '/dashboard/completed'));
    });
    await acheck('web: POST /dashboard/{state} goes to the gateway with its body', async () => {
      const r = await req('POST', '/dashboard/archived', {
        body: JSON.stringify({ todo: [1, 2] }),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(r.status, 200);
      assert.equal(r.proxied.length, 1, 'not proxied');
      assert.equal(r.proxied[0].method, 'POST');
      assert.equal(r.proxied[0].url, '/dashboard/archived');
      assert.equal(r.proxied[0].body, JSON.stringify({ todo: [1, 2] }));
    });
    await acheck('web: DELETE /dashboard/{todoId} goes to the gateway', async () => {
      const r = await req('DELETE', '/dashboard/42');
      assert.equal(r.proxied[0]?.method, 'DELETE');
      assert.equal(r.proxied[0]?.url, '/dashboard/42');
    });
    await acheck(
      'web: /api and /api/... go to the gateway with path, query and forwarding headers',
      async () => {
        const r = await req('GET', '/api/users/me?lang=tr', { headers: { 'x-forwarded-proto': 'https' } });
        assert.equal(r.proxied.length, 1, 'not proxied');
        const p = r.proxied[0];
        assert.equal(p.url, '/api/users/me?lang=tr');
        assert.equal(p.headers['x-forwarded-proto'], 'https', 'scheme seen by the ingress is kept');
        assert.equal(p.headers['x-forwarded-for'], '127.0.0.1');
        assert.match(p.headers['x-request-id'] ?? '', /^[a-f0-9]{32}$/);
        const bare = await req('POST', '/api');
        assert.equal(bare.proxied[0]?.url, '/api');
        const plain = await req('GET', '/api/health');
        assert.equal(plain.proxied[0]?.headers['x-forwarded-proto'], 'http');
      },
    );
    await acheck(
      'web: hashed assets are cached for a year; a missing asset is a 404, not the SPA',
      async () => {
        const r = await req('GET', '/assets/app-1234.js');
        assert.equal(r.status, 200);
        assert.match(r.headers.get('cache-control') ?? '', /max-age=31536000/);
        const missing = await req('GET', '/assets/nope.js');
        assert.equal(missing.status, 404);
      },
    );
    await acheck('web: index.html is not cached and carries the security headers', async () => {
      const r = await req('GET', '/dashboard');
      assert.match(r.headers.get('cache-control') ?? '', /no-cache/);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(r.headers.get('x-frame-options'), 'DENY');
    });
    for (const [name, err] of results) {
      check(name, () => {
        if (err) throw err;
      });
    }
  } finally {
    if (proc && proc.exitCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    await new Promise((r) => gateway.close(r));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
