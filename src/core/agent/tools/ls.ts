/** `ls`: a folder's entries, sorted without regard to case, folders marked with a trailing '/'. */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { optionalInteger, optionalString } from './args';
import { argumentsSchema, defineTool, param, textResult } from './define';
import { listingResult } from './listing';
import { resolveFolder } from '../../workspace/paths';
import { caseInsensitive } from '../../workspace/walk';
import type { Tool } from './tool';
import { DEFAULT_MAX_BYTES } from '../../workspace/truncate';

export const LS_DEFAULT_LIMIT = 500;

export function createLsTool(): Tool {
  return defineTool({
    spec: {
      name: 'ls',
      description:
        `List a folder of the workspace: entries sorted alphabetically, dotfiles included, folders ending in '/'. ` +
        `At most ${LS_DEFAULT_LIMIT} entries (or the given limit) and ${DEFAULT_MAX_BYTES / 1024}KB.`,
      inputSchema: argumentsSchema({
        path: param('string', 'Folder to list, relative to the workspace folder (default: the workspace folder)'),
        limit: param('number', `Most entries to list (default ${LS_DEFAULT_LIMIT})`),
      }),
    },
    needsApproval: false,
    async run(args, context) {
      const given = optionalString(args, 'path') || '.';
      const limit = optionalInteger(args, 'limit', 1) ?? LS_DEFAULT_LIMIT;
      const target = await resolveFolder(context.root, given);
      const names = (await fs.readdir(target.real)).sort(caseInsensitive);
      if (names.length === 0) return textResult('(empty folder)');
      const shown: string[] = [];
      for (const name of names.slice(0, limit)) {
        // Entries that vanish or cannot be inspected are left out.
        const entry = await fs.stat(path.join(target.real, name)).catch(() => undefined);
        if (entry) shown.push(entry.isDirectory() ? `${name}/` : name);
      }
      return listingResult(shown, [
        { hit: names.length > limit, notice: `${limit} of ${names.length} entries shown; use limit=${limit * 2} for more`, details: { entryLimitReached: limit } },
      ]);
    },
  });
}
