// The fixture MCP server over stdio: `node stdioServer.mjs '<options JSON>'`. Options beyond the
// fixture's own (fixtureServer.mjs): `failStart` writes `FIXTURE_SECRET` from its environment to
// stderr and exits before answering; `holdOn` keeps the process alive after stdin closes, as a
// server that ignores the end of its input would; `startDelayMs` answers nothing (initialize
// included) for that long, as a server that takes its time to start; `startedFile` has its pid
// appended to that file as the process starts (before anything else), so a test can tell whether
// a server was ever started without talking to it.
import { appendFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createFixtureState } from './fixtureServer.mjs';

const options = JSON.parse(process.argv[2] ?? '{}');
if (options.startedFile) appendFileSync(options.startedFile, `${process.pid}\n`);
process.stderr.write(`fixture starting with token ${process.env.FIXTURE_SECRET ?? '(none)'}\n`);
if (options.failStart) {
  process.stderr.write(`cannot start: token ${process.env.FIXTURE_SECRET} refused\n`);
  process.exit(3);
}
if (options.holdOn) {
  setInterval(() => undefined, 1000);
  process.on('SIGTERM', () => undefined);
}
if (options.startDelayMs) await new Promise((resolve) => setTimeout(resolve, options.startDelayMs));
const state = createFixtureState({ ...options, onCrash: () => setTimeout(() => process.exit(7), 10) });
await state.createServer().connect(new StdioServerTransport());
