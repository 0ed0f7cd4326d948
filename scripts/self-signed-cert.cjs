// A throwaway self-signed certificate for localhost and 127.0.0.1 (its own CA), made with the openssl
// CLI, for the tests that need a real TLS handshake: the Kafka transport's TLS (libs/bus) and the
// chart's topic Job over TLS (scripts/chart/topics-job.mjs).
const { spawnSync } = require('node:child_process');
const path = require('node:path');

/** Undefined when the openssl CLI runs; otherwise why the TLS tests are skipped. */
function opensslProblem() {
  return spawnSync('openssl', ['version'], { stdio: 'ignore', timeout: 10_000 }).status === 0
    ? undefined
    : 'the openssl CLI is not installed (it makes the test certificates)';
}

/** Writes `<name>.key.pem` and `<name>.cert.pem` into `dir`; returns their paths. */
function selfSignedCert(dir, name) {
  const key = path.join(dir, `${name}.key.pem`);
  const cert = path.join(dir, `${name}.cert.pem`);
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  if (r.status !== 0) throw new Error(`openssl req failed: ${r.error?.message ?? r.stderr}`);
  return { key, cert };
}

module.exports = { opensslProblem, selfSignedCert };
