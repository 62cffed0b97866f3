/**
 * What a restore would do, decided from git's listing of the paths that differ between the files
 * now (the store's index after a snapshot) and the target state. Pure but for the one question it
 * asks the disk (is a name taken?), so the rules read in one place:
 *
 * - a path the target lacks is removed; one it holds is written, unless the name is taken on disk
 *   by something the snapshot did not record (an ignored file, one over the size limit): left alone;
 * - a recorded folder that is a link now shows as the link (a file of the index) removed and the
 *   folder's files added: the link goes and the folder comes back (git never writes through a
 *   link), so a file the link's target holds does not count as "taken". When the link is left
 *   alone (changed outside), so is everything below it; a link the snapshot did not record (an
 *   ignored one) is never replaced, and nothing below it is written. Such folders are listed as
 *   what they are, never as "ignored or over the size limit";
 * - paths changed outside the agent since the base state are listed apart (left alone unless the
 *   user chooses to overwrite them); without a base, every path that differs counts.
 */
import { nulFields } from './git';
import { CheckpointStoreError, type FileChange, type RestorePlan, type WorkspaceState } from './types';

/** A path's entry in a state's tree. */
export interface TreeEntry {
  path: string;
  /** git's file mode: 100644, 100755 or 120000 (a link). */
  mode: string;
  object: string;
}

/** A change between two states, with the path's entry in the second (meaningless for a deletion). */
export interface EntryChange extends FileChange {
  target: TreeEntry;
  /** The path's mode in the first state (000000 when it was not there). */
  fromMode: string;
}

const LINK_MODE = '120000';

/** git's `--raw -z` diff: ":<mode before> <mode after> <object before> <object after> <status>", then the path. */
export function parseRawDiff(output: Buffer): EntryChange[] {
  const fields = nulFields(output);
  const changes: EntryChange[] = [];
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const [, fromMode, mode, , object, status] = /^:(\d+) (\d+) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])/.exec(fields[index]!) ?? [];
    if (fromMode === undefined || mode === undefined || object === undefined || status === undefined) throw new CheckpointStoreError('git-failed', `git printed an unexpected diff line: ${fields[index]!.slice(0, 80)}`);
    const file = fields[index + 1]!;
    changes.push({ path: file, kind: status === 'A' ? 'added' : status === 'D' ? 'deleted' : 'modified', fromMode, target: { path: file, mode, object } });
  }
  return changes;
}

export interface PlanFacts {
  to: WorkspaceState;
  now: WorkspaceState;
  /** The paths that differ from the files now to the target. */
  changes: readonly EntryChange[];
  /** Paths changed outside the agent since the base state; 'all' when no base is known. */
  outside: ReadonlySet<string> | 'all';
  /** Whether something is at the name on disk (only asked of paths the target adds). */
  occupied(file: string): Promise<boolean>;
  /** The first folder above `file` that is a link on disk, if one is (only asked of paths the target adds). */
  linkAbove(file: string): Promise<string | undefined>;
}

/** The plan, and the target's entry (mode and object) of every path it would write. */
export async function planFrom(facts: PlanFacts): Promise<{ plan: RestorePlan; targets: Map<string, TreeEntry> }> {
  const plan: RestorePlan = { to: facts.to, now: facts.now, restore: [], remove: [], changedOutside: [], skipped: [], linkedFolders: [] };
  const targets = new Map<string, TreeEntry>();
  const isOutside = (file: string): boolean => facts.outside === 'all' || facts.outside.has(file);
  const links = linksOverFolders(facts.changes);
  const ignoredLinks = new Set<string>();
  for (const change of facts.changes) {
    const link = links.size > 0 ? linkAboveIn(change.path, links) : undefined;
    // A path below a link that is left alone is left alone with it (writing it would replace the link).
    if (isOutside(change.path) || (link !== undefined && isOutside(link))) plan.changedOutside.push(change.path);
    if (change.kind === 'deleted') {
      plan.remove.push(change.path);
      continue;
    }
    if (link === undefined && change.kind === 'added') {
      // A link the snapshot did not record (an ignored one) stays: nothing is written below it.
      const ignoredLink = await facts.linkAbove(change.path);
      if (ignoredLink !== undefined) {
        ignoredLinks.add(ignoredLink);
        continue;
      }
      // Taken by what the snapshot did not record: an ignored file, or one over the size limit.
      if (await facts.occupied(change.path)) {
        plan.skipped.push(change.path);
        continue;
      }
    }
    plan.restore.push(change.path);
    targets.set(change.path, change.target);
  }
  plan.linkedFolders = [...new Set([...links, ...ignoredLinks])].sort();
  return { plan, targets };
}

/** Links the files now hold where the target holds a folder: a recorded folder replaced by a link. */
function linksOverFolders(changes: readonly EntryChange[]): Set<string> {
  const removedLinks = new Set(changes.filter((change) => change.kind === 'deleted' && change.fromMode === LINK_MODE).map((change) => change.path));
  const links = new Set<string>();
  if (removedLinks.size === 0) return links;
  for (const change of changes) {
    if (change.kind === 'deleted') continue;
    const link = linkAboveIn(change.path, removedLinks);
    if (link !== undefined) links.add(link);
  }
  return links;
}

/** The first folder above `file` that is among `links`. */
function linkAboveIn(file: string, links: ReadonlySet<string>): string | undefined {
  for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1)) {
    const folder = file.slice(0, end);
    if (links.has(folder)) return folder;
  }
  return undefined;
}
