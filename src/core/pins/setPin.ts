/** Pinning and unpinning an entry of a session: one `arbor.pin` custom entry, after checking the target. */
import { isKnownEntry, type Session } from '../session';
import { pinData, pinnedIds, PIN_CUSTOM_TYPE } from './pinEntry';
import { isPinnable } from './pinnable';

export class PinError extends Error {
  constructor(
    readonly reason: 'entry-not-found' | 'not-pinnable',
    message: string,
  ) {
    super(message);
    this.name = 'PinError';
  }
}

/** Appends the pin entry (it becomes the position, as a label does) and returns its id; nothing is written when the state would not change. */
export async function setPinned(session: Session, targetId: string, pinned: boolean): Promise<string | undefined> {
  const target = session.getEntry(targetId);
  if (!target) throw new PinError('entry-not-found', `Entry ${targetId} not found`);
  if (!isKnownEntry(target) || !isPinnable(target)) throw new PinError('not-pinnable', `Entry ${targetId} is not a message: only messages can be pinned`);
  if (pinnedIds(session.entries).has(targetId) === pinned) return undefined;
  return session.appendCustomEntry(PIN_CUSTOM_TYPE, pinData(targetId, pinned));
}
