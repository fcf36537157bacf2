// What the benchmarks share about their PostgreSQL server: a database's URL beside the server's,
// and one statement run on the server's own database (create and drop the benchmark databases).
import pg from 'pg';

export const withDb = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export async function adminQuery(url, sql) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}
