/**
 * Protected paths: files a `write` or an `edit` always asks about, whatever the user allowed
 * beforehand (settings, "allow always", `--yes`). Each makes a program act later without the user
 * asking it to, or widens what the agent itself may do, so a model led astray by a file it read
 * could otherwise turn one approval into many:
 *
 * - `.vscode/`: workspace settings (any extension's, terminal and task settings), tasks that run
 *   when the folder opens, launch configurations.
 * - `*.code-workspace`: the same settings and tasks for a multi-root workspace.
 * - `.git/` (and a `.git` file, which names the repository folder git uses): hooks and config
 *   (`core.hooksPath`, `core.fsmonitor`) that git runs at the user's next commit or status;
 *   `.hg/` likewise for Mercurial's hooks.
 * - `.devcontainer/` and `.devcontainer.json`: commands a dev container runs when it is built.
 * - `.pi/`: pi's project settings, system prompts and extensions (code pi loads), which Arbor
 *   reads too.
 * - `AGENTS.override.md`, `AGENTS.md`, `CLAUDE.md`: instructions every later session of pi, Arbor
 *   and other agents starts with.
 *
 * A name matches in any folder of the path (a nested repository, a sub-project), without regard to
 * case (case-insensitive file systems, `.VSCode` is `.vscode` there), after removing what Windows
 * ignores at the end of a name (dots, spaces, an alternate data stream `:…`) and characters some
 * file systems ignore inside one. It is judged on the path as the tool resolves it, links followed
 * (a link into `.git` asks), and on the path as written (writing through `.vscode` asks even when
 * `.vscode` is itself a link elsewhere: VS Code reads the file through it).
 */
import * as path from 'node:path';
import { CONTEXT_FILE_NAMES } from '../../context/projectContext';
import { isInside, resolveWorkspacePath } from './paths';

const PROTECTED_FOLDERS = new Set(['.vscode', '.git', '.hg', '.devcontainer', '.pi']);
/** The context files among them: every name pi and Arbor read instructions from (`AGENTS.override.md`…). */
const PROTECTED_FILES = new Set(['.git', '.devcontainer.json', ...CONTEXT_FILE_NAMES.map((name) => name.toLowerCase())]);
const PROTECTED_SUFFIXES = ['.code-workspace'];
/** Zero-width and joining characters: some file systems ignore them in names (`.g\u200cit` is `.git` there). */
const IGNORED_IN_NAMES = /[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;

/** Whether a workspace-relative path (either separator) names a protected file or lies in a protected folder. */
export function isProtectedPath(relative: string): boolean {
  const names = relative.split(/[\\/]+/).filter((name) => name !== '' && name !== '.').map(comparableName);
  return names.some((name, index) => {
    const last = index === names.length - 1;
    if (!last && PROTECTED_FOLDERS.has(name)) return true;
    return last && (PROTECTED_FILES.has(name) || PROTECTED_FOLDERS.has(name) || PROTECTED_SUFFIXES.some((suffix) => name.endsWith(suffix)));
  });
}

/**
 * The protected file a tool would change at `given`, workspace-relative for the approval card (as
 * written, or where a link leads when only that is protected), or undefined when it is not
 * protected. A path the tools refuse (outside the workspace, unresolvable) is left to the tool,
 * which says why.
 */
export async function protectedTarget(root: string, given: string): Promise<string | undefined> {
  let target;
  try {
    target = await resolveWorkspacePath(root, given);
  } catch {
    return undefined;
  }
  const written = relativeInside([target.root, path.resolve(root)], path.resolve(target.root, given));
  const resolved = relativeInside([target.root], target.real);
  const hit = [written, resolved].find((relative) => relative !== undefined && isProtectedPath(relative));
  return hit?.split(path.sep).join('/');
}

function relativeInside(roots: readonly string[], target: string): string | undefined {
  const root = roots.find((candidate) => isInside(candidate, target));
  return root === undefined ? undefined : path.relative(root, target);
}

/** A name as the file systems that ignore case and trailing characters compare it. */
function comparableName(name: string): string {
  return name.normalize('NFC').replace(IGNORED_IN_NAMES, '').toLowerCase().replace(/:.*$/, '').replace(/[. ]+$/, '');
}
