/**
 * Reply checkpoints in a folder someone else prepared: links planted at the names an older Arbor
 * used beside the session are never written through, and a checkpoint found there is distrusted
 * (a link, a FIFO, a device, an oversized or malformed file is refused at once and logged).
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { AgentSession } from '../../../src/core/agent';
import type { Logger } from '../../../src/core/util/logger';
import { createAnthropicProvider } from '../../../src/core/llm';
import { createSessionFile, openSessionFile } from '../../../src/core/session';
import { assistant, steppingClock, user } from '../../support/builders';
import { chunks, reply, slow, text, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';

const LONG_REPLY = 'A reply that streams for longer than the checkpoint interval, one small piece at a time. '.repeat(4);
const VICTIM_TEXT = 'export PATH="$HOME/bin:$PATH"\n';

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');
const listed = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder).sort() : []);

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (level: string) => (message: string) => void lines.push(`${level}: ${message}`);
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

describe('reply checkpoints beside a stranger\'s session', function () {
  this.timeout(30000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  /** `<tmp>/sessions` holds the session, `<tmp>/victims` the user's files, `<tmp>/storage/checkpoints` is Arbor's own. */
  function layout() {
    const sessions = path.join(dir(), 'sessions');
    const victims = path.join(dir(), 'victims');
    mkdirSync(sessions);
    mkdirSync(victims);
    return { sessions, victims, checkpoints: path.join(dir(), 'storage', 'checkpoints') };
  }

  it('never writes through links planted at the old checkpoint names while a reply streams', async () => {
    const { sessions, victims, checkpoints } = layout();
    const clock = steppingClock();
    const session = await createSessionFile({ dir: sessions, cwd: dir(), clock });
    const file = session.file!;
    const bashrc = path.join(victims, 'bashrc');
    const profile = path.join(victims, 'profile');
    writeFileSync(bashrc, VICTIM_TEXT);
    writeFileSync(profile, VICTIM_TEXT);
    const before = { bashrc: sha256(bashrc), profile: sha256(profile) };
    symlinkSync(bashrc, `${file}.partial.json.tmp`);
    symlinkSync(profile, `${file}.partial.json`);
    symlinkSync(path.join(victims, 'created'), `${file}.partial.json.tmp.tmp`);
    const sessionFolderBefore = listed(sessions);

    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => clock().getTime(), retry: { maxAttempts: 1 } });
    const agent = await AgentSession.create({ session, provider, settings: { model: 'claude-sonnet-4-6' }, clock, root: dir(), checkpointEveryMs: 10, checkpointFolder: checkpoints });
    let checkpointed = false;
    agent.onEvent((event) => {
      if (event.type === 'text_delta' && listed(checkpoints).some((name) => name.endsWith('.json'))) checkpointed = true;
    });
    server().script(reply(text(LONG_REPLY), chunks(16), slow({ chunkDelayMs: 25 })));
    await agent.prompt('Explain slowly');

    assert.deepEqual({ bashrc: sha256(bashrc), profile: sha256(profile) }, before, 'the link targets are byte-identical');
    assert.deepEqual(listed(victims), ['bashrc', 'profile'], 'nothing was created outside');
    assert.equal(readlinkSync(`${file}.partial.json.tmp`), bashrc);
    assert.equal(readlinkSync(`${file}.partial.json`), profile);
    assert.deepEqual(listed(sessions), sessionFolderBefore, 'the session folder holds the same names');
    assert.equal(checkpointed, true, 'the reply was checkpointed in Arbor\'s own folder while it streamed');
    assert.deepEqual(listed(checkpoints), [], 'and the checkpoint was removed once the reply was in the file');
    assert.equal(session.getBranch().at(-1)!.type, 'message');
  });

  describe('a checkpoint an older version left beside the session', () => {
    /** A session ending in a user message, with `plant` run on the old checkpoint name; then reopened by an agent. */
    async function reopenWith(plant: (checkpointPath: string, ids: { sessionId: string; userId: string }) => void) {
      const { sessions, checkpoints } = layout();
      const clock = steppingClock();
      const first = await createSessionFile({ dir: sessions, cwd: dir(), clock });
      const userId = await first.appendMessage(user('question'));
      await first.sync();
      const file = first.file!;
      plant(`${file}.partial.json`, { sessionId: first.id, userId });
      const bytes = readFileSync(file, 'utf8');
      const logger = recordingLogger();
      const { session } = await openSessionFile(file, { clock });
      const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => clock().getTime() });
      const agent = await AgentSession.create({ session, provider, settings: { model: 'claude-sonnet-4-6' }, clock, root: dir(), logger, checkpointFolder: checkpoints });
      return { file, bytes, logger, session, agent, checkpointPath: `${file}.partial.json`, userId };
    }

    const checkpointJson = (sessionId: string, parentId: string, message: unknown): string => JSON.stringify({ version: 1, sessionId, parentId, message });

    it('recovers it once when it is a regular file of the right shape, then removes it', async () => {
      const { session, checkpointPath, userId } = await reopenWith((at, ids) => writeFileSync(at, checkpointJson(ids.sessionId, ids.userId, assistant('Half of my', { stopReason: 'aborted' }))));
      const recovered = session.getBranch().at(-1)!;
      assert.equal(recovered.parentId, userId);
      assert.deepEqual((recovered as { message: { content: unknown } }).message.content, [{ type: 'text', text: 'Half of my' }]);
      assert.equal(existsSync(checkpointPath), false);
    });

    const refusals: { name: string; plant: (at: string, ids: { sessionId: string; userId: string }) => void; reason: RegExp; stays: boolean }[] = [
      { name: 'a FIFO', plant: (at) => execFileSync('mkfifo', [at]), reason: /not a regular file/, stays: true },
      { name: 'a link to /dev/zero', plant: (at) => symlinkSync('/dev/zero', at), reason: /symbolic link/, stays: true },
      {
        name: 'a link to a valid checkpoint',
        plant: (at, ids) => {
          writeFileSync(`${at}.target`, checkpointJson(ids.sessionId, ids.userId, assistant('planted')));
          symlinkSync(`${at}.target`, at);
        },
        reason: /symbolic link/,
        stays: true,
      },
      {
        name: 'a file over the size limit',
        plant: (at) => {
          writeFileSync(at, '');
          truncateSync(at, 64 * 1024 * 1024); // sparse: nothing is written
        },
        reason: /larger than/,
        stays: true,
      },
      {
        name: 'an assistant message whose content is not a list of blocks',
        plant: (at, ids) => writeFileSync(at, checkpointJson(ids.sessionId, ids.userId, { ...assistant('x'), content: 'not blocks' })),
        reason: /content/,
        stays: true,
      },
      {
        name: 'an assistant message without usage',
        plant: (at, ids) => writeFileSync(at, checkpointJson(ids.sessionId, ids.userId, { ...assistant('x'), usage: 'none' })),
        reason: /usage/,
        stays: true,
      },
      { name: 'text that is not JSON', plant: (at) => writeFileSync(at, '{"version":1,'), reason: /JSON/, stays: true },
    ];
    for (const { name, plant, reason, stays } of refusals) {
      it(`refuses ${name} at once, logs why, and leaves the session as it was`, async () => {
        const { file, bytes, logger, session, checkpointPath } = await reopenWith(plant);
        assert.equal(readFileSync(file, 'utf8'), bytes, 'the session file is unchanged');
        assert.deepEqual(session.getBranch().map((entry) => entry.type), ['message']);
        const warnings = logger.lines.filter((line) => line.startsWith('warn: '));
        assert.equal(warnings.length, 1, logger.lines.join('\n'));
        assert.match(warnings[0]!, reason);
        assert.equal(lstatSync(checkpointPath, { throwIfNoEntry: false }) !== undefined, stays);
      });
    }
  });
});
