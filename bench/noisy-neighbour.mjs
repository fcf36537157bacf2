// The noisy-neighbour pass of bench:vend (issue 34 point 2): does one client sending far over its
// rate limit slow down, or get refused for, the clients who keep to theirs?
//
// One PostgreSQL database and one server. QUIET clients each send vends at a fixed rate, open
// loop (a vend is sent when it is due, whatever the answers before it: a slow server does not
// slow the senders down), with limits of their own above that rate; one NOISY client sends FACTOR
// times that rate with the platform's default limits, so most of its calls are refused (429).
// The quiet clients are measured alone and with the noisy one, in turns (alone then with, then
// with then alone, ...) so that the machine's drift falls on both alike. Latency is the time from
// a request's send to its answer. Prints the quiet clients' p99 alone and with the noisy one, the
// ratio (target <= 2), the quiet clients' refusals (target 0) and the noisy client's accepted and
// refused calls.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * Sends vends open loop: each stream at its rate for `seconds`; a stream's first send is offset
 * at random within its period. Answers: per stream, the latency of each 2xx (ms), the number of
 * each status, and the failures to connect.
 */
export async function openLoop(port, streams, seconds) {
  const prefix = randomBytes(4).toString('hex');
  let seq = 0;
  const out = streams.map(() => ({ latencies: [], statuses: {}, errors: 0 }));
  const inFlight = new Set();
  // Plain node:http on kept-alive sockets: the load generator shares the machine with the server.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const start = performance.now();
  const end = start + seconds * 1000;
  const next = streams.map((s) => start + Math.random() * (1000 / s.rate));
  const send = (i) => {
    const s = streams[i];
    const sentAt = performance.now();
    const body = JSON.stringify({
      reference: `N-${prefix}-${++seq}`,
      phone: '08031234567',
      type: 'AIRTIME',
      amount: '50',
    });
    const p = new Promise((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/api/vend',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-api-key': s.key,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const ms = performance.now() - sentAt;
            const r = out[i];
            r.statuses[res.statusCode] = (r.statuses[res.statusCode] ?? 0) + 1;
            if (res.statusCode >= 200 && res.statusCode < 300) r.latencies.push(ms);
            resolve();
          });
        },
      );
      req.on('error', () => {
        out[i].errors++;
        resolve();
      });
      req.end(body);
    }).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (now >= end) {
        clearInterval(timer);
        resolve();
        return;
      }
      for (let i = 0; i < streams.length; i++) {
        while (next[i] <= now) {
          send(i);
          next[i] += 1000 / streams[i].rate;
        }
      }
    }, 1);
  });
  await Promise.all(inFlight);
  agent.destroy();
  return out;
}

// The noisy client's sender runs on a worker thread: its 400 answers a second would otherwise
// delay, on this thread's event loop, the reading of the quiet clients' answers, and so the
// latency measured for them.
if (!isMainThread && workerData?.noisySender) {
  const { port, stream, seconds } = workerData;
  const [r] = await openLoop(port, [stream], seconds);
  parentPort.postMessage(r);
}

function onWorker(port, stream, seconds) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL(import.meta.url), {
      workerData: { noisySender: true, port, stream, seconds },
    });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

/** The quiet streams here and, with `noisy`, the noisy one on a worker, at once. */
async function phase(port, quiet, noisy, seconds) {
  const [q, n] = await Promise.all([
    openLoop(port, quiet, seconds),
    noisy ? onWorker(port, noisy, seconds) : null,
  ]);
  return n ? [...q, n] : q;
}

const pct = (xs, q) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const count = (r, f) => Object.entries(r.statuses).reduce((n, [st, c]) => n + (f(Number(st)) ? c : 0), 0);

/**
 * The pass. `server` is { port, quietKeys, noisyKey }, already up; returns the figures and prints
 * a line per phase.
 */
export async function noisyNeighbour({
  port,
  quietKeys,
  noisyKey,
  quietRate,
  factor,
  seconds,
  rounds,
  warmup,
}) {
  const quiet = quietKeys.map((key) => ({ key, rate: quietRate }));
  const noisy = { key: noisyKey, rate: quietRate * factor };
  const phases = { alone: [], with: [] };
  process.stdout.write(`   warm-up ${warmup} s: quiet and noisy together\n`);
  await phase(port, quiet, noisy, warmup);
  for (let i = 1; i <= rounds; i++) {
    for (const phaseName of i % 2 === 1 ? ['alone', 'with'] : ['with', 'alone']) {
      const r = await phase(port, quiet, phaseName === 'with' ? noisy : null, seconds);
      phases[phaseName].push(r);
      const q = r.slice(0, quiet.length);
      const lat = q.flatMap((x) => x.latencies);
      const refused = q.reduce((n, x) => n + count(x, (s) => s === 429), 0);
      const n = r[quiet.length];
      const noisyPart =
        phaseName === 'with'
          ? `; noisy: ${count(n, (s) => s >= 200 && s < 300)} accepted, ${count(n, (s) => s === 429)} refused (429)`
          : '';
      console.log(
        `   round ${i}/${rounds}, quiet ${phaseName === 'alone' ? 'alone' : 'with the noisy client'}: ${lat.length} vends, p50 ${pct(lat, 0.5).toFixed(1)} ms, p99 ${pct(lat, 0.99).toFixed(1)} ms, refused ${refused}${noisyPart}`,
      );
    }
  }
  const quietOf = (runs) => runs.flatMap((r) => r.slice(0, quiet.length));
  const figures = (runs) => {
    const q = quietOf(runs);
    const lat = q.flatMap((x) => x.latencies);
    return {
      vends: lat.length,
      p50Ms: pct(lat, 0.5),
      p99Ms: pct(lat, 0.99),
      refused: q.reduce((n, x) => n + count(x, (s) => s === 429), 0),
      otherFailures: q.reduce(
        (n, x) => n + count(x, (s) => s !== 429 && (s < 200 || s >= 300)) + x.errors,
        0,
      ),
    };
  };
  const noisyRuns = phases.with.map((r) => r[quiet.length]);
  return {
    quietClients: quiet.length,
    quietRate,
    noisyRate: noisy.rate,
    alone: figures(phases.alone),
    with: figures(phases.with),
    noisy: {
      accepted: noisyRuns.reduce((n, x) => n + count(x, (s) => s >= 200 && s < 300), 0),
      refused: noisyRuns.reduce((n, x) => n + count(x, (s) => s === 429), 0),
      other: noisyRuns.reduce(
        (n, x) => n + count(x, (s) => s !== 429 && (s < 200 || s >= 300)) + x.errors,
        0,
      ),
      seconds: rounds * seconds,
    },
  };
}
