/**
 * Where pi keeps its own files, as pi 0.73.1 finds them: the agent folder is
 * `$PI_CODING_AGENT_DIR` (a leading `~` expanded) or `~/.pi/agent`; a project's own files are in
 * its `.pi` folder; `$PI_CODING_AGENT_SESSION_DIR` names a folder for all sessions. The environment
 * and the home folder are passed in, so nothing here reads the process's own.
 */
import * as path from 'node:path';
import { expandHome } from '../session/layout';

/** A project's pi folder (`<cwd>/.pi`). */
export const PI_PROJECT_DIR = '.pi';
export const PI_AGENT_DIR_ENV = 'PI_CODING_AGENT_DIR';
export const PI_SESSION_DIR_ENV = 'PI_CODING_AGENT_SESSION_DIR';

export type Environment = Readonly<Record<string, string | undefined>>;

export interface PiEnvironment {
  /** pi's agent folder (global AGENTS.md, SYSTEM.md, settings.json, sessions/). */
  agentDir: string;
  /** True when `$PI_CODING_AGENT_DIR` names the agent folder (the user chose it on purpose). */
  agentDirFromEnv: boolean;
  /** `$PI_CODING_AGENT_SESSION_DIR` with `~` expanded, when set. */
  sessionDir: string | undefined;
}

/** An empty variable counts as unset, as pi reads it. */
export function piEnvironment(env: Environment, home: string): PiEnvironment {
  const agentDirEnv = env[PI_AGENT_DIR_ENV];
  const sessionDirEnv = env[PI_SESSION_DIR_ENV];
  return {
    agentDir: agentDirEnv ? expandHome(agentDirEnv, home) : path.join(home, PI_PROJECT_DIR, 'agent'),
    agentDirFromEnv: Boolean(agentDirEnv),
    sessionDir: sessionDirEnv ? expandHome(sessionDirEnv, home) : undefined,
  };
}
