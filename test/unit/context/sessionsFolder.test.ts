/**
 * Where new sessions go: pi's own folder for the workspace when pi is there, compared with the
 * folder pi itself computes for the same cwd, and listed by pi's `SessionManager.list` (what
 * `pi --resume` shows).
 */
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { browseStartFolders, piEnvironment, sessionsFolderFor, type SessionsFolderInput } from '../../../src/core/context';
import { createSessionFile } from '../../../src/core/session';
import { steppingClock, user } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { usePiAgentDirEnv } from './support';

describe('the folder for new sessions: where pi keeps them when pi is there', () => {
  const tmp = useTempDir();
  const agentDir = (): string => path.join(tmp(), 'pi-agent');
  const home = (): string => path.join(tmp(), 'home');
  const cwd = (): string => path.join(tmp(), 'work', 'my project');
  const defaultRoot = (): string => path.join(tmp(), 'vscode-storage', 'sessions');
  usePiAgentDirEnv(agentDir);

  const input = (overrides: Partial<SessionsFolderInput> = {}): SessionsFolderInput => ({
    cwd: cwd(),
    defaultRoot: defaultRoot(),
    pi: piEnvironment({ PI_CODING_AGENT_DIR: agentDir() }, home()),
    agentDirExists: true,
    home: home(),
    ...overrides,
  });

  it("uses the folder pi computes for the same cwd, and pi's SessionManager.list lists a session created there", async () => {
    mkdirSync(agentDir(), { recursive: true });
    const pi = await loadPi();
    const location = sessionsFolderFor(input());
    assert.equal(location.dir, pi.SessionManager.create(cwd()).getSessionDir());
    assert.deepEqual([location.root, location.source], [path.join(agentDir(), 'sessions'), 'pi agent folder']);
    const session = await createSessionFile({ dir: location.dir, cwd: cwd(), clock: steppingClock() });
    await session.appendMessage(user('Hello from Arbor'));
    await session.sync();
    const listed = await pi.SessionManager.list(cwd());
    assert.deepEqual(
      listed.map((info) => [info.path, info.id, info.firstMessage]),
      [[session.file, session.id, 'Hello from Arbor']],
    );
  });

  it('names the folder exactly as pi does for a cwd with colons and backslashes', async () => {
    const pi = await loadPi();
    for (const odd of ['/srv/a:b\\c/d', '/x', '/with space/and-dash']) {
      assert.equal(sessionsFolderFor(input({ cwd: odd })).dir, pi.SessionManager.create(odd).getSessionDir());
    }
  });

  it("uses pi's folder when $PI_CODING_AGENT_DIR names one that does not exist yet", () => {
    assert.deepEqual(sessionsFolderFor(input({ agentDirExists: false })).source, 'pi agent folder');
  });

  it("uses ~/.pi/agent's folder when pi is installed there, and the caller's default when pi is not", () => {
    const pi = piEnvironment({}, home());
    assert.equal(pi.agentDir, path.join(home(), '.pi', 'agent'));
    assert.deepEqual(sessionsFolderFor(input({ pi, agentDirExists: true })), {
      dir: path.join(home(), '.pi', 'agent', 'sessions', `--${cwd().slice(1).replace(/\//g, '-')}--`),
      root: path.join(home(), '.pi', 'agent', 'sessions'),
      source: 'pi agent folder',
    });
    assert.deepEqual(sessionsFolderFor(input({ pi, agentDirExists: false })), {
      dir: path.join(defaultRoot(), `--${cwd().slice(1).replace(/\//g, '-')}--`),
      root: defaultRoot(),
      source: 'default',
    });
  });

  it("puts sessions straight into $PI_CODING_AGENT_SESSION_DIR, where pi's CLI lists them with that variable set", async () => {
    const sessionDir = path.join(tmp(), 'all-sessions');
    const location = sessionsFolderFor(input({ pi: piEnvironment({ PI_CODING_AGENT_SESSION_DIR: sessionDir }, home()), agentDirExists: false }));
    assert.deepEqual(location, { dir: sessionDir, root: sessionDir, source: 'pi session dir' });
    const session = await createSessionFile({ dir: location.dir, cwd: cwd(), clock: steppingClock() });
    await session.appendMessage(user('Kept with all the others'));
    await session.sync();
    const pi = await loadPi();
    assert.deepEqual((await pi.SessionManager.list(cwd(), sessionDir)).map((info) => info.path), [session.file]);
  });

  it("puts sessions into pi's sessionDir setting, with ~ expanded as pi expands it", () => {
    assert.deepEqual(sessionsFolderFor(input({ piSessionDirSetting: '~/pi-sessions' })), {
      dir: path.join(home(), 'pi-sessions'),
      root: path.join(home(), 'pi-sessions'),
      source: 'pi settings',
    });
    assert.equal(sessionsFolderFor(input({ piSessionDirSetting: 42 })).source, 'pi agent folder');
  });

  it('lets arbor.sessionsDirectory override every pi location', () => {
    const mine = path.join(tmp(), 'mine');
    const location = sessionsFolderFor(input({ arborDirectory: mine, piSessionDirSetting: '~/x', pi: piEnvironment({ PI_CODING_AGENT_SESSION_DIR: '/y' }, home()) }));
    assert.deepEqual([location.root, location.source], [mine, 'arbor setting']);
    assert.equal(path.dirname(location.dir), mine);
  });

  it("starts Browse… in the workspace folder when the sessions live in the extension's own storage, and in a folder the user chose otherwise", () => {
    const internal = sessionsFolderFor(input({ agentDirExists: false, pi: piEnvironment({}, home()) }));
    assert.equal(internal.source, 'default');
    assert.deepEqual(browseStartFolders(internal, cwd()), [cwd()]);
    const mine = path.join(tmp(), 'mine');
    const chosen = sessionsFolderFor(input({ arborDirectory: mine }));
    assert.deepEqual(browseStartFolders(chosen, cwd()), [chosen.dir, mine, cwd()]);
    const pis = sessionsFolderFor(input());
    assert.deepEqual(browseStartFolders(pis, cwd()), [pis.dir, path.join(agentDir(), 'sessions'), cwd()]);
  });
});
