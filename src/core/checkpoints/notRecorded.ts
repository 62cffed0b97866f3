/**
 * What the user is told about paths a snapshot left out (a nested repository, a file over the size
 * limit): never silent, as plain text. The paths are the workspace's own names, which a hostile
 * repository chooses, so each goes through `plainText` and the list is cut.
 */
import { formatSize } from '../util/byteSize';
import { plainText } from '../util/plainText';
import type { SkippedFile } from './types';

/** Paths named in one notice; the rest are counted. */
const MAX_NAMED = 10;
/** A path's characters in the notice (a megabyte-long name is cut). */
const MAX_PATH_LENGTH = 120;

/** "Workspace checkpoints do not record 2 paths: vendor/lib (a nested repository), big.bin (6.0MB, over the size limit). …" */
export function notRecordedText(skipped: readonly SkippedFile[]): string {
  const named = skipped.slice(0, MAX_NAMED).map((skip) => `${plainText(skip.path, MAX_PATH_LENGTH)} (${skipReasonText(skip)})`);
  const more = skipped.length > MAX_NAMED ? ` and ${skipped.length - MAX_NAMED} more` : '';
  const count = skipped.length === 1 ? '1 path' : `${skipped.length} paths`;
  return `Workspace checkpoints do not record ${count}: ${named.join(', ')}${more}. A restore leaves ${skipped.length === 1 ? 'it' : 'them'} as ${skipped.length === 1 ? 'it is' : 'they are'}.`;
}

function skipReasonText(skip: SkippedFile): string {
  switch (skip.reason) {
    case 'nested-repository':
      return 'a nested repository';
    case 'too-large':
      return skip.size !== undefined ? `${formatSize(skip.size)}, over the size limit` : 'over the size limit';
    case 'unreadable':
      return 'unreadable';
  }
}
