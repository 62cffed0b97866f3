/**
 * The one logger shape: core is given one, and so is the extension's glue (only the composition root
 * holds the output channel itself, which has this shape, for Show Log); the CLI passes its own or
 * none. Never given the API key, nor message contents at info level.
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
