/**
 * A write or edit as the session recorded it, found by its tool call id: the diff its result
 * recorded and the path its call named, for rebuilding its diff (recordedDiff.ts) when Arbor no
 * longer holds what it wrote. The session file may be hostile: fields are checked, not trusted,
 * and the path is only ever resolved inside the workspace, as the tools resolve it.
 */
import { asObject } from '../session/jsonFields';
import { resolveFile } from '../workspace/paths';
import { isKnownEntry, type SessionEntry } from '../session';
import { readRegularFile } from '../util/safeFiles';

/** Past this the file on disk is not read: the recorded excerpt is shown instead. */
export const MAX_DISK_BYTES = 10 * 1024 * 1024;

export interface RecordedWrite {
  toolName: 'write' | 'edit';
  /** The path the call named, when it named one. */
  path: string | undefined;
  /** `details.diff` as recorded (checked by the rebuild, not here). */
  diff: unknown;
}

/** The successful write or edit of call `toolCallId` in `entries` (the last one when a file repeats an id). */
export function findRecordedWrite(entries: readonly SessionEntry[], toolCallId: string): RecordedWrite | undefined {
  let found: RecordedWrite | undefined;
  let path: string | undefined;
  for (const entry of entries) {
    if (!isKnownEntry(entry) || entry.type !== 'message') continue;
    const message = entry.message;
    if (message.role === 'toolResult' && message.toolCallId === toolCallId && message.isError !== true && isWriteTool(message.toolName)) {
      found = { toolName: message.toolName, path: undefined, diff: asObject(message.details)?.['diff'] };
    } else if (message.role === 'assistant' && Array.isArray(message.content)) {
      for (const block of message.content) {
        const args = block?.type === 'toolCall' && block.id === toolCallId ? asObject(block.arguments) : undefined;
        if (args && typeof args['path'] === 'string') path = args['path'];
      }
    }
  }
  return found && { ...found, path };
}

/** The file's text now, when it is a regular file inside the workspace no larger than MAX_DISK_BYTES; else undefined. */
export async function workspaceFileText(root: string, given: string): Promise<string | undefined> {
  try {
    const target = await resolveFile(root, given);
    return (await readRegularFile(target.real, MAX_DISK_BYTES)).toString('utf8');
  } catch {
    return undefined;
  }
}

function isWriteTool(name: unknown): name is 'write' | 'edit' {
  return name === 'write' || name === 'edit';
}
