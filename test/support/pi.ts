/**
 * The reference build, @mariozechner/pi-coding-agent 0.73.1, loaded as an oracle (ESM-only, so
 * it is imported dynamically). Only its public exports are used.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type PiModule = typeof import('@mariozechner/pi-coding-agent');

let loaded: Promise<PiModule> | undefined;

export function loadPi(): Promise<PiModule> {
  loaded ??= import('@mariozechner/pi-coding-agent');
  return loaded;
}
