/**
 * `npm run test:e2e`: the browser tests, split into shards that run at once, each its own Vitest with its
 * own built server over its own fresh database (tests/e2e/global-setup.ts), so no shard sees another's
 * rows. Within a shard the files run one after another, as they always have. The specs wait on a
 * browser and a server far more than they compute, so two shards on two cores take little more than half
 * the time of one (decision 085).
 *
 * E2E_SHARDS sets how many (default 2; 1 runs them all in one Vitest). Arguments go to Vitest: naming spec
 * files runs just those, in one Vitest.
 */
import { spawn } from 'node:child_process';
import { ensureBuilt, REPO_ROOT } from './built-server';

const args = process.argv.slice(2);
const namesFiles = args.some((arg) => !arg.startsWith('-'));
const shards = namesFiles ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);

// Built once here, not by each shard's setup at the same moment.
ensureBuilt();

/** Runs one Vitest over the e2e config; its lines go out whole, prefixed with the shard's number. */
function runShard(index: number): Promise<number> {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/e2e/vitest.config.ts', ...shardArgs, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = shards > 1 ? `[e2e ${index}/${shards}] ` : '';
  for (const stream of [child.stdout!, child.stderr!]) {
    let partial = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => partial && process.stdout.write(`${prefix}${partial}\n`));
  }
  return new Promise((done) => child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
if (shards > 1) console.log(failed ? `\n${failed} of ${shards} e2e shards failed` : `\nall ${shards} e2e shards passed`);
process.exit(failed ? 1 : 0);
