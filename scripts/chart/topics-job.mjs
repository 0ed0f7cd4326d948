// The Kafka topics: charts/shelfscan/files/topics.json is what proto/ gives (never typed by hand),
// and charts/shelfscan/files/create-topics.cjs (the hook Job's script) creates what is missing and
// nothing else, checked as a plan and against librdkafka's mock cluster (kcat).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { check, checkAsync, root, skip } from './harness.mjs';
import { topicsFile, topicsFileProblems } from './topics.mjs';

const require = createRequire(import.meta.url);
const { opensslProblem, selfSignedCert } = require('../self-signed-cert.cjs');
const script = path.join(root, 'charts/shelfscan/files/create-topics.cjs');
const settings = {
  partitions: 6,
  replicationFactor: 3,
  config: { 'retention.ms': 604800000 },
  dlqPartitions: 1,
  dlqConfig: { 'retention.ms': '1209600000' },
};

export function topicListIsCurrent() {
  check('charts/shelfscan/files/topics.json is what proto/ gives (scripts/chart/topics.mjs)', () => {
    assert.deepEqual(topicsFileProblems(), []);
  });
}

export function topicPlanCreatesOnlyWhatIsMissing() {
  const { plan, wantedTopics } = require(script);
  const list = JSON.parse(fs.readFileSync(topicsFile, 'utf8'));
  check(
    `the topic Job wants every event and request topic and its .dlq (${wantedTopics(list).length} topics)`,
    () => {
      const names = wantedTopics(list).map((t) => t.name);
      assert.equal(names.length, 2 * (list.events.length + list.requests.length));
      assert.ok(names.includes('shelfscan.scraper.v1.ScanRequested'));
      assert.ok(names.includes('shelfscan.scraper.v1.ScanRequested.dlq'));
      assert.ok(names.includes('shelfscan.auth.v1.AuthService.Register.dlq'));
      assert.equal(new Set(names).size, names.length, 'a topic is listed twice');
    },
  );
  check('the topic Job creates only missing topics, with the partitions and configs of the values', () => {
    const existing = ['shelfscan.scraper.v1.ScanRequested', 'some.other.team.topic'];
    const { create, present } = plan(list, existing, settings);
    assert.deepEqual(present, ['shelfscan.scraper.v1.ScanRequested']);
    assert.ok(!create.some((t) => existing.includes(t.topic)), 'recreates an existing topic');
    const ev = create.find((t) => t.topic === 'shelfscan.scraper.v1.ScanCompleted');
    assert.deepEqual(ev, {
      topic: 'shelfscan.scraper.v1.ScanCompleted',
      numPartitions: 6,
      replicationFactor: 3,
      configEntries: [{ name: 'retention.ms', value: '604800000' }],
    });
    const dlq = create.find((t) => t.topic === 'shelfscan.scraper.v1.ScanCompleted.dlq');
    assert.equal(dlq.numPartitions, 1);
    assert.deepEqual(dlq.configEntries, [{ name: 'retention.ms', value: '1209600000' }]);
  });
}

/** Runs the Job's script as the Job does (node create-topics.cjs), against the mock cluster. */
function runJob(brokers, dir) {
  return spawnSync(process.execPath, [script], {
    env: {
      ...process.env,
      KAFKA_BROKERS: brokers.join(','),
      KAFKA_CLIENT_ID: 'chart-check',
      TOPICS_DIR: dir,
      APP_ROOT: root,
      TOPICS_RETRIES: '1',
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

export async function topicJobRunsAgainstAKafkaProtocolBroker() {
  if (spawnSync('kcat', ['-V'], { stdio: 'ignore' }).status !== 0) {
    skip("the topic Job against librdkafka's mock cluster", 'kcat is not installed (apt-get install kcat)');
    return;
  }
  require('../ensure-built.cjs').ensureBuilt('libs/bus');
  const { startKafkaMockCluster } = require(path.join(root, 'libs/bus/dist/kafka/mock-cluster.js'));
  const { Kafka, logLevel } = createRequire(path.join(root, 'libs/bus/package.json'))('kafkajs');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-topics-'));
  const cluster = await startKafkaMockCluster();
  try {
    const present = { dlqSuffix: '.dlq', events: ['chart.v1.ThingHappened'], requests: ['chart.v1.Svc.Do'] };
    fs.writeFileSync(path.join(dir, 'topics.json'), JSON.stringify(present));
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings));
    // The mock cluster auto-creates topics (4 partitions) on first produce: make the four exist.
    const producer = new Kafka({
      clientId: 'chart-check',
      brokers: cluster.brokers,
      logLevel: logLevel.NOTHING,
    }).producer();
    await producer.connect();
    for (const topic of [
      'chart.v1.ThingHappened',
      'chart.v1.Svc.Do',
      'chart.v1.ThingHappened.dlq',
      'chart.v1.Svc.Do.dlq',
    ])
      await producer.send({ topic, messages: [{ value: 'x' }] });
    await producer.disconnect();
    await checkAsync(
      'topic Job on a Kafka-protocol broker: all topics present → creates nothing, exits 0, reports fewer partitions',
      async () => {
        const r = runJob(cluster.brokers, dir);
        assert.equal(r.status, 0, r.stdout + r.stderr);
        assert.match(r.stdout, /4 wanted, 4 present, 0 to create/);
        assert.match(
          r.stdout,
          /note: chart\.v1\.ThingHappened has 4 partitions \(configured: 6\); left as it is/,
        );
      },
    );
    await checkAsync(
      'topic Job on a Kafka-protocol broker: a missing topic → asks the broker to create exactly it and its .dlq; a refusal fails the Job',
      async () => {
        fs.writeFileSync(
          path.join(dir, 'topics.json'),
          JSON.stringify({ ...present, events: [...present.events, 'chart.v1.NewThing'] }),
        );
        const r = runJob(cluster.brokers, dir);
        assert.match(r.stdout, /creating: chart\.v1\.NewThing, chart\.v1\.NewThing\.dlq\n/);
        // The mock cluster has no controller, so CreateTopics fails there (real brokers accept it):
        // the Job must fail with the broker's reason rather than pretend.
        assert.equal(r.status, 1);
        assert.match(r.stderr, /^kafka topics: .+/m);
      },
    );
    await checkAsync('topic Job: no brokers → fails at once naming KAFKA_BROKERS', async () => {
      const r = spawnSync(process.execPath, [script], {
        env: { ...process.env, KAFKA_BROKERS: '', TOPICS_DIR: dir },
        encoding: 'utf8',
        timeout: 10_000,
      });
      assert.equal(r.status, 1);
      assert.match(r.stderr, /KAFKA_BROKERS is empty/);
    });
  } finally {
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the Job's script without blocking this process (a server here must answer it), bounded. */
function runJobAsync(env, timeoutMs = 20_000) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
  });
}

/**
 * The topic Job connects as the services do (kafkaSecurityFromEnv of @shelfscan/bus): with
 * KAFKA_SSL_CA_FILE it completes a verified TLS handshake with a broker whose certificate that CA
 * signed (a Node TLS server: the mock cluster has no TLS); a SASL mechanism without its user name
 * stops it at once, naming the variable.
 */
export async function topicJobUsesTheKafkaTlsAndSaslSettings() {
  require('../ensure-built.cjs').ensureBuilt('libs/bus');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-topics-tls-'));
  fs.writeFileSync(
    path.join(dir, 'topics.json'),
    JSON.stringify({ dlqSuffix: '.dlq', events: ['chart.v1.ThingHappened'], requests: [] }),
  );
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings));
  const base = { KAFKA_CLIENT_ID: 'chart-check', TOPICS_DIR: dir, APP_ROOT: root, TOPICS_RETRIES: '0' };
  try {
    await checkAsync(
      'topic Job: KAFKA_SASL_MECHANISM without user name and password → exits 1 naming them',
      async () => {
        const r = await runJobAsync({
          ...base,
          KAFKA_BROKERS: '127.0.0.1:1',
          KAFKA_SASL_MECHANISM: 'scram-sha-512',
        });
        assert.equal(r.status, 1, r.stdout + r.stderr);
        assert.match(r.stderr, /KAFKA_SASL_USERNAME: expected the SASL user name/);
        assert.match(r.stderr, /KAFKA_SASL_PASSWORD: expected the SASL password/);
      },
    );
    const noOpenssl = opensslProblem();
    if (noOpenssl) {
      skip('the topic Job over TLS (KAFKA_SSL_CA_FILE)', noOpenssl);
      return;
    }
    const { key, cert } = selfSignedCert(dir, 'broker');
    let secure = 0;
    const server = tls.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) });
    server.on('secureConnection', (socket) => {
      secure += 1;
      socket.destroy(); // no Kafka here: the Job's first request fails
    });
    server.on('tlsClientError', () => undefined);
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const brokers = `127.0.0.1:${server.address().port}`;
    try {
      await checkAsync(
        'topic Job: KAFKA_SSL_CA_FILE → a verified TLS handshake with the broker',
        async () => {
          const r = await runJobAsync({ ...base, KAFKA_BROKERS: brokers, KAFKA_SSL_CA_FILE: cert });
          assert.equal(r.status, 1, 'a server that speaks no Kafka cannot list topics');
          assert.ok(secure > 0, `no TLS handshake completed:\n${r.stderr}`);
          assert.doesNotMatch(r.stderr, /certificate/i);
        },
      );
      await checkAsync('topic Job: no TLS settings → plaintext, no handshake with a TLS broker', async () => {
        secure = 0;
        const r = await runJobAsync({ ...base, KAFKA_BROKERS: brokers });
        assert.equal(r.status, 1);
        assert.equal(secure, 0);
      });
    } finally {
      server.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
