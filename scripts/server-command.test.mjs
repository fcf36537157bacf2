import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from './server-command.mjs';

const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'));

describe('[SCRIPTS] the server command', () => {
  it('npm start runs the server with the node arguments the benchmarks measure it with', () => {
    expect(pkg.scripts.start).toBe(
      `node scripts/build-web-if-needed.mjs && node ${SERVER_NODE_ARGS.join(' ')}`,
    );
  });
});
