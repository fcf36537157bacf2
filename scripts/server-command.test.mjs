import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

describe('[SCRIPTS] the server command', () => {
  it('npm start runs the server with the node arguments the benchmarks measure it with', () => {
    expect(pkg.scripts.start).toBe(
      `node scripts/build-web-if-needed.mjs && node ${SERVER_NODE_ARGS.join(' ')}`,
    );
  });

  it('the image runs the same command as npm start (without npm, so node receives SIGTERM)', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
    expect(JSON.parse(cmd?.[1] ?? 'null')).toEqual(['node', ...SERVER_NODE_ARGS]);
  });
});
