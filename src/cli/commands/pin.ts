/**
 * `arbor pin <file> <id> [--remove]`: pins entry ID (or unpins it) by appending an `arbor.pin`
 * entry, as the editor's Pin does. A pinned message that a later compaction summarizes is carried
 * into its summary verbatim. Nothing is written when the entry is already in the state asked for.
 */
import { PinError, setPinned } from '../../core/pins';
import { openSessionFile } from '../../core/session';
import type { Command } from '../command';
import { InputError } from '../io';
import { loadForCli } from '../load';

export interface PinReport {
  targetId: string;
  pinned: boolean;
  /** The pin entry appended; absent when nothing changed. */
  pinEntryId?: string;
}

export const pinCommand: Command = {
  name: 'pin',
  usage: '<id> [--remove]',
  summary: 'pin an entry so that compactions carry it into their summaries verbatim (--remove unpins)',
  extraPositionals: ['id'],
  flags: [{ name: 'remove', kind: 'boolean' }],
  async run({ file, args, io, positionals }) {
    const [targetId] = positionals as [string];
    const pinned = !args.flags.has('remove');
    await loadForCli(file); // one-line errors for missing or foreign files
    const { session } = await openSessionFile(file, { createIfMissing: false, clock: () => io.now() });
    let pinEntryId: string | undefined;
    try {
      pinEntryId = await setPinned(session, targetId, pinned);
    } catch (error) {
      if (error instanceof PinError) throw new InputError(`${file}: ${error.message}`);
      throw error;
    }
    await session.sync();
    const report: PinReport = { targetId, pinned, ...(pinEntryId !== undefined ? { pinEntryId } : {}) };
    const state = pinned ? 'pinned' : 'unpinned';
    return {
      json: () => report,
      text: () => (pinEntryId === undefined ? `${targetId} was already ${state}\n` : `${state}: ${targetId}\n`),
    };
  },
};
