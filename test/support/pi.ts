/**
 * The reference build, `@earendil-works/pi-coding-agent` 1.6.0 (repository earendil-works/pi),
 * loaded as an oracle. Its code is never copied into the repository.
 *
 * The package is ESM-only and its root needs Node >= 22.19 (its settings manager and resource
 * loader use undici 8 and `fs.globSync`), while the unit tests run on Node 20. Everything they
 * compare with (the session manager, context building, compaction, token estimates, messages,
 * tools) loads on Node 20 from pi's own files: this module imports those files by their file URL
 * (its `exports` map names only the root). What needs the newer Node runs in a child process:
 * `piNode22.ts`.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The installed package (the devDependency). */
export const PI_PACKAGE_DIR = path.resolve(__dirname, '../../node_modules/@earendil-works/pi-coding-agent');

/* eslint-disable @typescript-eslint/consistent-type-imports */
type SessionModule = typeof import('../../node_modules/@earendil-works/pi-coding-agent/dist/core/session-manager.js');
type CompactionModule = typeof import('../../node_modules/@earendil-works/pi-coding-agent/dist/core/compaction/index.js');
type MessagesModule = typeof import('../../node_modules/@earendil-works/pi-coding-agent/dist/core/messages.js');
type ToolsModule = typeof import('../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/index.js');
type UsageModule = typeof import('../../node_modules/@earendil-works/pi-coding-agent/dist/core/usage-totals.js');
type PiAiModule = typeof import('@earendil-works/pi-ai/compat');
type PiAiTranscript = Pick<PiAiModule, 'getCurrentSystemMessage' | 'getSystemMessageText'>;
/* eslint-enable @typescript-eslint/consistent-type-imports */

/** pi's functions the unit tests use, all loadable on Node 20 (with pi-ai's system-message replay). */
export type PiModule = SessionModule & CompactionModule & MessagesModule & ToolsModule & UsageModule & PiAiTranscript;

/** pi's `SessionManager` instance (the writer and reader of session files). */
export type PiSessionManager = ReturnType<PiModule['SessionManager']['inMemory']>;

/** One of pi's files (a path under `dist/`), imported by file URL. */
export function importPiFile<T = Record<string, unknown>>(file: string): Promise<T> {
  return import(pathToFileURL(path.join(PI_PACKAGE_DIR, 'dist', file)).href) as Promise<T>;
}

let loaded: Promise<PiModule> | undefined;
let loadedAi: Promise<PiAiModule> | undefined;

/**
 * pi-ai 1.6.0 (`@earendil-works/pi-ai`, the oracle's own dependency): its `compat` entry holds
 * everything its root does plus the model table and the providers' stream functions by name.
 */
export function loadPiAi(): Promise<PiAiModule> {
  loadedAi ??= import('@earendil-works/pi-ai/compat');
  return loadedAi;
}

export function loadPi(): Promise<PiModule> {
  loaded ??= (async () => {
    const parts = await Promise.all(['core/session-manager.js', 'core/compaction/index.js', 'core/messages.js', 'core/tools/index.js', 'core/usage-totals.js'].map((file) => importPiFile(file)));
    const { getCurrentSystemMessage, getSystemMessageText } = await loadPiAi();
    return Object.assign({ getCurrentSystemMessage, getSystemMessageText }, ...parts) as PiModule;
  })();
  return loaded;
}
