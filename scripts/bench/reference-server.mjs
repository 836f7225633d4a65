// The reference for `npm run bench`: a bare node:https server doing the same durable work as the
// request it stands beside, and nothing else — no pipeline, no framework, no token, no rate limit.
// GET answers a 20-row page of one SELECT; POST runs one transaction of two INSERTs (the row and
// its event) and answers it. Args: port, cert file, key file, store ('pglite:<dir>',
// 'postgres:<url>' or 'none': a fixed answer and no database, the cost of TLS and node alone).
import fs from 'node:fs';
import https from 'node:https';
import { monotonicFactory } from 'ulid';

const [port, certFile, keyFile, store] = process.argv.slice(2);
const ulid = monotonicFactory();
const ORG = 'ORBENCHREFERENCE0000000000000';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS bench_ref_blocks (
    id text PRIMARY KEY, organisation_id text NOT NULL, block_type text NOT NULL, reason_type text NOT NULL,
    resource_reference text NOT NULL, created_at timestamptz NOT NULL);
  CREATE INDEX IF NOT EXISTS bench_ref_blocks_org ON bench_ref_blocks (organisation_id, id);
  CREATE TABLE IF NOT EXISTS bench_ref_events (
    id text PRIMARY KEY, organisation_id text NOT NULL, created_at timestamptz NOT NULL,
    resource_type text NOT NULL, action text NOT NULL, links jsonb NOT NULL);`;
const LIST = `SELECT id, block_type, reason_type, resource_reference, created_at FROM bench_ref_blocks
  WHERE organisation_id = $1 ORDER BY id DESC LIMIT 20`;
const INSERT_BLOCK = `INSERT INTO bench_ref_blocks VALUES ($1, $2, $3, $4, $5, $6)
  RETURNING id, block_type, reason_type, resource_reference, created_at`;
const INSERT_EVENT = `INSERT INTO bench_ref_events VALUES ($1, $2, $3, 'blocks', 'created', $4)`;

async function openStore() {
  if (store === 'none') return null;
  if (store.startsWith('postgres:')) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: store.slice('postgres:'.length), max: 10 });
    await pool.query(SCHEMA);
    return {
      // Named statements: parsed once per connection, as bankflow's are.
      query: (name, text, values) => pool.query({ name, text, values }),
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work((name, text, values) => client.query({ name, text, values }));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(store.slice('pglite:'.length));
  await db.exec(SCHEMA);
  // PGlite has no autovacuum: without statistics the list read the whole grown table after each
  // POST round (656 → 4,938 µs per GET over three rounds, h-perf). bankflow analyses its grown
  // tables every 10 s (decision 0044); the reference does the same, so both plan alike.
  setInterval(() => db.exec('ANALYZE bench_ref_blocks; ANALYZE bench_ref_events').catch(() => {}), 10_000).unref();
  return {
    query: (_name, text, values) => db.query(text, values),
    transaction: (work) => db.transaction((tx) => work((_name, text, values) => tx.query(text, values))),
  };
}

const db = await openStore();

async function createBlock(body) {
  const input = JSON.parse(body || '{}').blocks ?? {};
  const now = new Date();
  const id = 'BLC' + ulid();
  return db.transaction(async (q) => {
    const { rows } = await q('ref_insert_block', INSERT_BLOCK, [
      id,
      ORG,
      input.block_type ?? 'email',
      input.reason_type ?? 'other',
      input.resource_reference ?? 'x',
      now,
    ]);
    await q('ref_insert_event', INSERT_EVENT, ['EV' + ulid(), ORG, now, JSON.stringify({ block: id })]);
    return rows[0];
  });
}

async function answer(method, body) {
  if (!db) return method === 'POST' ? { blocks: { id: 'BLC0' } } : { blocks: [], meta: {} };
  if (method === 'POST') return { blocks: await createBlock(body) };
  const { rows } = await db.query('ref_list', LIST, [ORG]);
  return { blocks: rows, meta: { cursors: { before: null, after: rows.at(-1)?.id ?? null }, limit: 20 } };
}

https
  .createServer({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) }, (req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      answer(req.method, body).then(
        (json) => {
          const text = JSON.stringify(json);
          res.writeHead(req.method === 'POST' ? 201 : 200, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
          });
          res.end(text);
        },
        (error) => {
          res.writeHead(500).end(String(error));
        },
      );
    });
  })
  .listen(Number(port), '127.0.0.1', () => console.log('reference server ready'));

process.on('SIGTERM', () => process.exit(0));
