/**
 * `npm run fake-anthropic [-- --port N] [--key KEY] [--delay MS]`: the fake Anthropic server with
 * the demo conversation, for trying the UI without a key. Prints its URL on the first line of
 * output, then one line per request (method, path, status, outcome; never headers or contents).
 */
import { parseArgs } from 'node:util';
import { demoHandler } from './demoScript';
import { startFakeAnthropic } from './server';
import { errorMessage } from '../../../src/core/util/errors';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      key: { type: 'string' },
      delay: { type: 'string', default: '20' },
    },
  });
  const port = Number(values.port);
  const chunkDelayMs = Number(values.delay);
  if (!Number.isInteger(port) || port < 0 || !(chunkDelayMs >= 0)) {
    throw new Error('--port must be a whole number and --delay a number of milliseconds');
  }
  const server = await startFakeAnthropic({
    port,
    ...(values.key === undefined ? {} : { apiKey: values.key }),
    handler: demoHandler({ chunkDelayMs }),
  });
  process.stdout.write(`${server.url}\n`);
  process.stderr.write(
    `Fake Anthropic server with the demo conversation. Try:\n` +
      `  ANTHROPIC_BASE_URL=${server.url} ANTHROPIC_API_KEY=${values.key ?? 'any-key'} ...\n` +
      `Ctrl+C stops it.\n`,
  );
  let logged = 0;
  const log = setInterval(() => {
    for (const r of server.requests.slice(logged)) {
      if (r.outcome === 'pending') break;
      process.stderr.write(`${r.method} ${r.path} ${r.status ?? '-'} ${r.outcome}\n`);
      logged++;
    }
  }, 200);
  const stop = (): void => {
    clearInterval(log);
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((thrown: unknown) => {
  process.stderr.write(`fake-anthropic: ${errorMessage(thrown)}\n`);
  process.exit(1);
});
