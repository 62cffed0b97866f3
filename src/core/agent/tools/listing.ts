/**
 * The end of every listing tool (ls, find, grep): the lines cut at the byte limit, the notices
 * after a blank line in one bracket, and the details (pi's field names) only when there is any.
 */
import type { Json } from '../../session';
import { textResult } from './define';
import type { ToolResult } from './tool';
import { formatSize } from '../../util/byteSize';
import { truncateHead, truncationDetails } from '../../workspace/truncate';

export interface ListingLimit {
  /** Whether this limit was hit. */
  hit: boolean;
  notice: string;
  details: { [key: string]: Json };
}

export function listingResult(lines: readonly string[], limits: readonly ListingLimit[]): ToolResult {
  // Entry and match limits already bound the number of lines; only bytes are left to cut.
  const truncation = truncateHead(lines.join('\n'), { maxLines: Number.MAX_SAFE_INTEGER });
  const hit = limits.filter((limit) => limit.hit);
  if (truncation.truncated) {
    hit.push({ hit: true, notice: `Output cut at ${formatSize(truncation.maxBytes)}`, details: { truncation: truncationDetails(truncation) } });
  }
  if (hit.length === 0) return textResult(truncation.content);
  const text = `${truncation.content}\n\n[${hit.map((limit) => limit.notice).join('. ')}]`;
  return textResult(text, Object.assign({}, ...hit.map((limit) => limit.details)) as { [key: string]: Json });
}
