// How the server process is started: `npm start` (package.json, which must say the same: checked
// by scripts/server-command.test.mjs) and the benchmarks, which measure it as it runs there.
//
// --max-semi-space-size=64: V8's young generation may grow to 64 MB semi-spaces instead of 16.
// A vend allocates a few tens of kilobytes (request, JSON of its batch, answers), so under load
// the default one was scavenged every ~65 ms, 5-6 ms each, copying the objects of the requests in
// flight each time: 450 ms of every 6 s in the server's GC at ~1,700 vends/s (--trace-gc), 230 ms
// with 64 MB semi-spaces, and the longest pause no longer (~10 ms). Issue 17.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64', '--import', 'tsx', 'apps/api/src/server.ts'];
