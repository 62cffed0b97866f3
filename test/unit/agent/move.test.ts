// The one move (core/agent/move.ts): its steps in order, the agent `navigating` from the move to
// the note, prompts and other moves waiting for it, with the editor's questions as ports.
import { strict as assert } from 'node:assert';
import { AgentSession, makeMove, type AgentEvent, type MoveEvent, type MovePorts } from '../../../src/core/agent';
import type { FilesDifference, FilesOutcome, MoveAnswer } from '../../../src/core/navigation';
import { inMemorySession, messageRole, type Session } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { history } from './support/history';
import { ScriptedProvider, type Script } from './support/scriptedProvider';

const RESTORED: FilesOutcome = { restored: 2, removed: 1, leftAlone: 0, skipped: 0 };
const DIFFERENCE: FilesDifference = { paths: ['a.txt', 'b.txt'], outside: [] };

async function setup(scripts: Script[] = []) {
  const clock = steppingClock();
  const session = inMemorySession('/work/project', clock);
  await history(session, 3);
  const agent = agentOn(session, scripts, clock);
  const phases: string[] = [];
  agent.onEvent((event: AgentEvent) => {
    if (event.type === 'state') phases.push(event.state.phase.kind);
  });
  return { session, agent, phases, clock };
}

function agentOn(session: Session, scripts: Script[], clock = steppingClock()): AgentSession {
  return new AgentSession({
    session,
    provider: new ScriptedProvider(scripts, { contextWindow: 200000 }),
    tools: [],
    settings: { model: 'claude-sonnet-4-5' },
    clock,
    root: '/work/project',
    delay: async () => undefined,
  });
}

/** Ports that answer as told and write down what the move did, in order. */
function recorder(agent: AgentSession, answers: { summary?: 'never' | 'ask' | 'always'; ask?: 'escape' | MoveAnswer; files?: 'none' | 'restore' | 'ask' } = {}) {
  const did: string[] = [];
  const told: MoveEvent[] = [];
  const ports: MovePorts<string> = {
    agent: async () => agent,
    summarySetting: async () => answers.summary ?? 'never',
    ask: async (question, preview) => {
      const parts = [question.summary ? 'the summary' : undefined, question.files ? `${question.files.paths.length} files${preview ? ' with a preview' : ''}` : undefined];
      did.push(`asked ${parts.filter((part) => part !== undefined).join(' and ')}`);
      return answers.ask === 'escape' ? undefined : (answers.ask ?? { summary: { summarize: true } });
    },
    summarizing: (work) => work(),
    planFiles: async (_session, newLeafId) => {
      did.push(`files planned for ${newLeafId}`);
      const kind = answers.files ?? 'none';
      if (kind === 'ask') return { kind, difference: DIFFERENCE, restore: (overwrite) => `state of ${newLeafId}${overwrite ? ', overwriting' : ''}`, preview: async () => undefined };
      return kind === 'restore' ? { kind, pending: `state of ${newLeafId}` } : { kind };
    },
    restore: async (pending) => {
      did.push(`restore ${pending} while ${agent.state.phase.kind}`);
      return RESTORED;
    },
    fork: {
      write: async () => {
        throw new Error('no fork here');
      },
      open: async () => {
        throw new Error('no fork here');
      },
      tellForked: () => undefined,
    },
    tellMove: (event) => {
      did.push(`told ${event.report.kind} while ${agent.state.phase.kind}`);
      told.push(event);
    },
    setInput: (input) => did.push(`input: ${input}`),
    inform: (message) => did.push(`informed: ${message}`),
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  };
  return { ports, did, told };
}

function userMessages(session: Session) {
  return session.getBranch().filter((entry) => messageRole(entry) === 'user');
}

describe('one move', () => {
  it('holds navigating from the move through the files restore to the note, then idle', async () => {
    const { session, agent, phases } = await setup();
    const from = session.leafId;
    const target = session.getBranch()[1]!;
    const { ports, did, told } = recorder(agent, { files: 'restore' });
    const done = await makeMove(session, { kind: 'entry', entryId: target.id }, ports);
    assert.deepEqual(done, { outcome: 'moved' });
    assert.deepEqual(did, [`files planned for ${target.id}`, `restore state of ${target.id} while navigating`, 'told go while navigating']);
    assert.deepEqual(phases, ['navigating', 'idle']);
    assert.equal(session.leafId, target.id);
    assert.deepEqual(told[0]!.report, { kind: 'go', from, to: target.id, files: RESTORED });
  });

  it('reports where it came from, and puts a user message\'s text into the input with the input focused', async () => {
    const { session, agent } = await setup();
    const from = session.leafId;
    const second = userMessages(session)[1]!;
    const { ports, did, told } = recorder(agent);
    await makeMove(session, { kind: 'entry', entryId: second.id }, ports, { fromTree: { since: 42 } });
    assert.equal(session.leafId, second.parentId);
    assert.deepEqual(told, [{ report: { kind: 'go', from, to: second.parentId, editedId: second.id }, fromTree: { since: 42 }, focusesInput: true }]);
    assert.equal(did.at(-1), `input: old question 2 ${'x'.repeat(400)}`);
  });

  it('makes input sent during the move wait until the note is told', async () => {
    const { session, agent } = await setup();
    const target = session.getBranch()[1]!;
    const { ports, did } = recorder(agent, { files: 'restore' });
    let sent: Promise<unknown> = Promise.resolve();
    ports.restore = async () => {
      // Sent while the files are restored: it goes on once the note is told.
      sent = agent.afterMove().then(() => did.push('input goes on'));
      await Promise.resolve();
      did.push('restored');
      return RESTORED;
    };
    await makeMove(session, { kind: 'entry', entryId: target.id }, ports);
    await sent;
    assert.deepEqual(did, [`files planned for ${target.id}`, 'restored', 'told go while navigating', 'input goes on']);
  });

  it('makes moves asked at once one after the other', async () => {
    const { session, agent } = await setup();
    const [first, second] = [session.getBranch()[1]!, session.getBranch()[3]!];
    const a = recorder(agent, { files: 'restore' });
    const b = recorder(agent, { files: 'restore' });
    const order: string[] = [];
    a.ports.tellMove = (event) => order.push(`first told, position ${event.report.to}`);
    b.ports.restore = async () => {
      order.push(`second restores, position ${session.leafId}`);
      return undefined;
    };
    b.ports.tellMove = (event) => order.push(`second told, from ${event.report.from}`);
    await Promise.all([makeMove(session, { kind: 'entry', entryId: first.id }, a.ports), makeMove(session, { kind: 'entry', entryId: second.id }, b.ports)]);
    // The second's `from` was read before either moved; it restores only after the first was told.
    assert.deepEqual(order.slice(0, 2), [`first told, position ${first.id}`, `second restores, position ${second.id}`]);
  });

  it('asks the summary and the files in one question, and makes the move its answer asks', async () => {
    const { session, agent } = await setup();
    const target = userMessages(session)[1]!;
    const { ports, did, told } = recorder(agent, { summary: 'ask', files: 'ask', ask: { summary: { summarize: false }, files: { overwriteOutside: true } } });
    assert.deepEqual(await makeMove(session, { kind: 'entry', entryId: target.id }, ports), { outcome: 'moved' });
    assert.deepEqual(did.slice(0, 3), [`files planned for ${target.parentId}`, 'asked the summary and 2 files with a preview', `restore state of ${target.parentId}, overwriting while navigating`]);
    assert.equal(told[0]!.report.summaryEntryId, undefined);
  });

  it('asks nothing when the settings decide both parts, and keeps the files when the answer says so', async () => {
    const { session, agent } = await setup();
    const target = session.getBranch()[1]!;
    const decided = recorder(agent, { summary: 'never', files: 'restore' });
    await makeMove(session, { kind: 'back', to: target.id }, decided.ports);
    assert.deepEqual(decided.did, [`files planned for ${target.id}`, `restore state of ${target.id} while navigating`, 'told back while navigating']);
    const kept = recorder(agent, { files: 'ask', ask: { files: 'keep' } });
    await makeMove(session, { kind: 'back', to: null }, kept.ports);
    assert.deepEqual(kept.did, ['files planned for null', 'asked 2 files with a preview', 'told back while navigating']);
    assert.equal(session.leafId, null);
  });

  it('moves nothing when the question is escaped', async () => {
    const { session, agent, phases } = await setup();
    const leaf = session.leafId;
    const target = userMessages(session)[0]!;
    const escaped = recorder(agent, { summary: 'ask', ask: 'escape' });
    assert.deepEqual(await makeMove(session, { kind: 'entry', entryId: target.id }, escaped.ports), { outcome: 'cancelled' });
    assert.deepEqual(escaped.did, [`files planned for ${target.parentId}`, 'asked the summary']);
    const noFiles = recorder(agent, { files: 'ask', ask: 'escape' });
    assert.deepEqual(await makeMove(session, { kind: 'beforeCompaction', compactionId: 'c1', parentId: target.id }, noFiles.ports), { outcome: 'cancelled' });
    assert.deepEqual(noFiles.did, [`files planned for ${target.id}`, 'asked 2 files with a preview']);
    assert.equal(session.leafId, leaf);
    assert.deepEqual(phases, []);
  });

  it('goes before a compaction, and Back, with no summary question, navigating throughout, each told with its kind', async () => {
    const { session, agent } = await setup();
    const leaf = session.leafId;
    const parent = session.getBranch()[2]!;
    const undo = recorder(agent, { summary: 'always', files: 'restore' });
    await makeMove(session, { kind: 'beforeCompaction', compactionId: 'c1', parentId: parent.id }, undo.ports);
    assert.deepEqual(undo.told, [{ report: { kind: 'undoCompaction', from: leaf, to: parent.id, compactionId: 'c1', files: RESTORED } }]);
    // Navigating throughout: another writer's continuation is not followed in the middle of it.
    assert.deepEqual(undo.did, [`files planned for ${parent.id}`, `restore state of ${parent.id} while navigating`, 'told undoCompaction while navigating']);
    const back = recorder(agent);
    await makeMove(session, { kind: 'back', to: leaf }, back.ports);
    assert.deepEqual(back.told, [{ report: { kind: 'back', from: parent.id, to: leaf } }]);
    await makeMove(session, { kind: 'back', to: null }, back.ports);
    assert.equal(session.leafId, null);
  });

  it('restores a fork\'s files in the fork, under its agent\'s navigating, before its selected text goes into the input', async () => {
    const { session: source, agent } = await setup();
    const fork = inMemorySession('/work/project', steppingClock());
    const forkAgent = agentOn(fork, []);
    const user = userMessages(source)[2]!;
    const { ports, did } = recorder(agent, { files: 'restore' });
    ports.fork = {
      write: async (from, entryId, position, files) => {
        did.push(`fork of ${from === source ? 'the source' : 'another'} ${position} ${entryId}, files ${files.kind}`);
        return { file: '/work/fork.jsonl', selectedText: 'the selected text' };
      },
      open: async (file, then) => {
        did.push(`open ${file}`);
        return then(fork, forkAgent);
      },
      tellForked: (file, restored) => did.push(`forked ${file}, ${restored === RESTORED ? 'restored' : 'no restore'}`),
    };
    ports.restore = async (pending, session) => {
      did.push(`restore ${pending} in ${session === fork ? 'the fork' : 'the source'} while ${forkAgent.state.phase.kind}`);
      return RESTORED;
    };
    const done = await makeMove(source, { kind: 'fork', entryId: user.id, position: 'before' }, ports);
    assert.deepEqual(done, { outcome: 'moved', forkFile: '/work/fork.jsonl' });
    assert.deepEqual(did, [
      `files planned for ${user.parentId}`,
      `fork of the source before ${user.id}, files restore`,
      'open /work/fork.jsonl',
      'restore state of ' + user.parentId + ' in the fork while navigating',
      'input: the selected text',
      'forked /work/fork.jsonl, restored',
    ]);
  });
});
