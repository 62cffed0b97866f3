/**
 * The one logger core is given: the extension hands it its log channel (which has this shape), the
 * CLI its own or none. Never given the API key, nor message contents at info level.
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
