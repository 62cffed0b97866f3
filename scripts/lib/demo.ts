// `npm start -- --demo`: Arbor without a key. Starts the fake Anthropic server with its demo
// conversation, a temporary workspace, and the editor's environment pointing Arbor at the server
// (ANTHROPIC_BASE_URL: a workspace's settings cannot choose the endpoint): a streamed Markdown
// reply with code, a `read` then an `edit` of README.md (the edit asks for approval, so the
// approval card shows; `read` never asks), a long reply, and summaries for Compact Session.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { demoHandler } from '../../test/support/fakeAnthropic/demoScript';
import { startFakeAnthropic, type FakeAnthropic } from '../../test/support/fakeAnthropic/server';
import { prepareWorkspace } from './codeServer';
import { fixturesDir } from './paths';

/** Any non-empty key: the fake server takes every key, and the real API never sees this one. */
export const DEMO_API_KEY = 'arbor-demo-key';

export interface Demo {
  folder: string;
  fake: FakeAnthropic;
  /**
   * For the editor's environment: the extension host reads ANTHROPIC_API_KEY when no key is stored,
   * and ANTHROPIC_BASE_URL when the user settings name no endpoint.
   */
  env: Record<string, string>;
  close(): Promise<void>;
}

const README = `# Arbor demo

This folder is a scratch workspace for trying Arbor against a local fake Anthropic server.
The agent's \`read\` and \`edit\` tools work on this file.
`;

const SLUGIFY = `export function slugify(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
`;

export async function startDemo(): Promise<Demo> {
  const fake = await startFakeAnthropic({ handler: demoHandler({ chunkDelayMs: 15 }) });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-demo-'));
  prepareWorkspace(folder, {
    workspaceFiles: { 'sessions/synthetic-branched.jsonl': path.join(fixturesDir, 'synthetic-branched.jsonl') },
    workspaceSettings: {
      // A 200k window: the meter's numbers are easy to read.
      'arbor.model': 'claude-sonnet-4-5',
      // The smallest allowed, so that a few demo replies already give Compact Session work to do.
      'arbor.compaction.keepRecentTokens': 1000,
      'arbor.thinking': 'off',
    },
  });
  fs.writeFileSync(path.join(folder, 'README.md'), README);
  fs.mkdirSync(path.join(folder, 'src'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'src', 'slugify.ts'), SLUGIFY);
  return {
    folder,
    fake,
    env: { ANTHROPIC_API_KEY: DEMO_API_KEY, ANTHROPIC_BASE_URL: fake.url },
    close: async () => {
      await fake.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** What to try, printed under the URL. */
export function demoGuide(fake: FakeAnthropic): string {
  return [
    `Demo mode: Arbor talks to a fake Anthropic server on ${fake.url} (no key, no network).`,
    'Open the Arbor view in the activity bar, then send, one after the other:',
    '  1. "Show me an example"         a streamed Markdown reply with highlighted code',
    '  2. "Change README.md"           a read, then an edit with its approval card (read never asks)',
    '  3. "Tell me more"               a long reply: watch the token meter in the status bar grow',
    'Then: "Arbor: Compact Session" (palette, or click the meter) → a compaction card, the meter drops;',
    '"Edit & branch" on a message → a sibling branch in the Session Tree; "Arbor: Undo Compaction".',
    'sessions/synthetic-branched.jsonl in the workspace is a ready-made branched session ("Arbor: Open Session…").',
  ].join('\n');
}
