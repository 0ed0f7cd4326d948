// Creates the ShelfScan bus topics that are missing (the chart's pre-install/pre-upgrade hook Job).
// It never deletes or changes a topic: an existing topic with fewer partitions than configured is
// reported, not altered (adding partitions moves keys to other partitions and breaks their order).
//
// Runs with the node of a ShelfScan Node image, whose node_modules has kafkajs (the bus client):
//   node create-topics.cjs
// Environment: KAFKA_BROKERS (host:port,...), KAFKA_CLIENT_ID, TOPICS_DIR (folder of topics.json
// and settings.json; default: this file's folder), APP_ROOT (the image's app folder, default /app),
// and TLS/SASL as every ShelfScan process reads them: KAFKA_SSL, KAFKA_SSL_CA_FILE,
// KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD (same checks, same mapping).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

/** Every topic name the bus uses: each event and request topic and its dead-letter topic. */
function wantedTopics(list) {
  const base = [...list.events, ...list.requests];
  return [
    ...base.map((name) => ({ name, dlq: false })),
    ...base.map((name) => ({ name: name + list.dlqSuffix, dlq: true })),
  ];
}

/** What to create, given the topics that exist: kafkajs createTopics entries, and the ones present. */
function plan(list, existing, settings) {
  const have = new Set(existing);
  const create = [];
  const present = [];
  for (const t of wantedTopics(list)) {
    if (have.has(t.name)) {
      present.push(t.name);
      continue;
    }
    const config = t.dlq ? settings.dlqConfig : settings.config;
    create.push({
      topic: t.name,
      numPartitions: t.dlq ? settings.dlqPartitions : settings.partitions,
      replicationFactor: settings.replicationFactor,
      configEntries: Object.entries(config ?? {}).map(([name, value]) => ({ name, value: String(value) })),
    });
  }
  return { create, present };
}

async function main(env = process.env, log = (line) => console.log(line)) {
  const dir = env.TOPICS_DIR || __dirname;
  const list = JSON.parse(fs.readFileSync(path.join(dir, 'topics.json'), 'utf8'));
  const settings = JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8'));
  const brokers = (env.KAFKA_BROKERS || '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (brokers.length === 0)
    throw new Error('KAFKA_BROKERS is empty: set the bootstrap brokers (host:port,...)');
  // kafkajs is a dependency of @shelfscan/bus: resolve it from there, wherever npm placed it.
  const appRoot = env.APP_ROOT || '/app';
  const fromBus = createRequire(path.join(appRoot, 'libs/bus/package.json'));
  const { Kafka, logLevel } = fromBus('kafkajs');
  // TLS and SASL: the services' own validation (@shelfscan/config) and mapping (@shelfscan/bus).
  const { baseEnvSchema, loadConfig } = fromBus('@shelfscan/config');
  const { kafkaSecurityFromEnv } = require(path.join(appRoot, 'libs/bus/dist/kafka/security.js'));
  const securityEnv = baseEnvSchema.pick({
    KAFKA_SSL: true,
    KAFKA_SSL_CA_FILE: true,
    KAFKA_SASL_MECHANISM: true,
    KAFKA_SASL_USERNAME: true,
    KAFKA_SASL_PASSWORD: true,
  });
  const kafka = new Kafka({
    clientId: `${env.KAFKA_CLIENT_ID || 'shelfscan'}-topics`,
    brokers,
    ...kafkaSecurityFromEnv(loadConfig(securityEnv, env)),
    logLevel: logLevel.ERROR,
    retry: { retries: Number(env.TOPICS_RETRIES || 5) },
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = await admin.listTopics();
    const { create, present } = plan(list, existing, settings);
    log(
      `kafka topics: ${create.length + present.length} wanted, ${present.length} present, ${create.length} to create`,
    );
    if (create.length > 0) {
      log(`creating: ${create.map((t) => t.topic).join(', ')}`);
      await admin.createTopics({ topics: create, waitForLeaders: true, timeout: 30_000 });
      log(`created ${create.length} topics`);
    }
    const metadata = present.length ? await admin.fetchTopicMetadata({ topics: present }) : { topics: [] };
    for (const t of metadata.topics) {
      const want = t.name.endsWith(list.dlqSuffix) ? settings.dlqPartitions : settings.partitions;
      if (t.partitions.length < want) {
        log(`note: ${t.name} has ${t.partitions.length} partitions (configured: ${want}); left as it is`);
      }
    }
  } finally {
    await admin.disconnect();
  }
}

module.exports = { wantedTopics, plan, main };

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(`kafka topics: ${err && err.message ? err.message : err}`);
      process.exit(1);
    },
  );
}
