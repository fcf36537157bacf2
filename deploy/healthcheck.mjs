// The image's HEALTHCHECK. An api (or both) process is healthy when GET /api/v1/health/ready
// answers 200: the database answers and every committed migration is applied. A worker serves no
// HTTP; it is healthy while it runs (a lost database stops it, and the restart policy brings it
// back).
if (process.env.APP_ROLE === 'worker') process.exit(0);
const port = process.env.PORT || '3000';
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`, {
    signal: AbortSignal.timeout(4000),
  });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
