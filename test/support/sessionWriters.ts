/** `SessionWriter` over pi's `SessionManager` and over Arbor's `Session`. */
import type { Session, SessionEntry } from '../../src/core/session';
import type { PiSessionManager } from './pi';
import type { SessionWriter } from './randomSession';

export function piWriter(sm: PiSessionManager): SessionWriter {
  const done = <T>(value: T): Promise<T> => Promise.resolve(value);
  return {
    ids: () => sm.getEntries().map((entry) => entry.id),
    pathIds: () => sm.getBranch().map((entry) => entry.id),
    entry: (id) => sm.getEntry(id) as SessionEntry | undefined,
    appendMessage: (message) => done(sm.appendMessage(message as never)),
    appendThinkingLevelChange: (level) => done(sm.appendThinkingLevelChange(level)),
    appendModelChange: (provider, modelId) => done(sm.appendModelChange(provider, modelId)),
    appendCompaction: (summary, firstKept, tokensBefore, details) => done(sm.appendCompaction(summary, firstKept as string, tokensBefore, details, false)),
    appendContextEdit: (targetId, replacement) => done(sm.appendContextEdit(targetId, replacement as never)),
    appendUsage: (kind, provider, model, usage, note) => done(sm.appendUsage(kind, provider, model, usage as never, note).id),
    appendCustomEntry: (customType, data) => done(sm.appendCustomEntry(customType, data)),
    appendCustomMessage: (customType, content, display, details) => done(sm.appendCustomMessageEntry(customType, content, display, details)),
    appendLabel: (targetId, label) => done(sm.appendLabelChange(targetId, label)),
    appendSessionInfo: (name) => done(sm.appendSessionInfo(name)),
    branch: (id) => done(sm.branch(id)),
    resetLeaf: () => done(sm.resetLeaf()),
    branchWithSummary: (id, summary, details) => done(sm.branchWithSummary(id, summary, details, false)),
  };
}

export function arborWriter(session: Session): SessionWriter {
  return {
    ids: () => session.entries.filter((entry) => !(entry.type === 'custom' && entry.customType === 'arbor.position')).map((entry) => entry.id),
    pathIds: () => session.getBranch().map((entry) => entry.id),
    entry: (id) => session.getEntry(id),
    appendMessage: (message) => session.appendMessage(message as never),
    appendThinkingLevelChange: (level) => session.appendThinkingLevelChange(level),
    appendModelChange: (provider, modelId) => session.appendModelChange(provider, modelId),
    appendCompaction: (summary, firstKeptEntryId, tokensBefore, details) => session.appendCompaction({ summary, firstKeptEntryId, tokensBefore, details: details as never }),
    appendCustomEntry: (customType, data) => session.appendCustomEntry(customType, data as never),
    appendCustomMessage: (customType, content, display, details) =>
      session.appendCustomMessage({ customType, content, display, ...(details === undefined ? {} : { details: details as never }) }),
    appendLabel: (targetId, label) => session.appendLabel(targetId, label),
    appendSessionInfo: (name) => session.appendSessionInfo(name),
    appendContextEdit: (targetId, replacement) => session.appendContextEdit(targetId, replacement),
    appendUsage: (kind, provider, model, usage, note) => session.appendUsage({ kind, provider, model, usage, ...(note === undefined ? {} : { note }) }),
    branch: (id) => session.branch(id),
    resetLeaf: () => session.resetLeaf(),
    branchWithSummary: (id, summary, details) => session.branchWithSummary(id, { summary, ...(details === undefined ? {} : { details: details as never }) }),
  };
}
