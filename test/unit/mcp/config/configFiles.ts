/** The two configuration files of one test, written for real in its temp folder. */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { readMcpConfig, readMcpConfigFile, type McpConfig } from '../../../../src/core/mcp/config';

export const HOME = '/home/tester';

export interface ConfigPlace {
  agentDir: string;
  userFile: string;
  /** The session's folder, which holds `.pi/mcp.json`. */
  workspace: string;
  projectFile: string;
}

export function configPlace(tmp: string): ConfigPlace {
  const agentDir = path.join(tmp, 'agent');
  const workspace = path.join(tmp, 'project');
  return { agentDir, userFile: path.join(agentDir, 'mcp.json'), workspace, projectFile: path.join(workspace, '.pi', 'mcp.json') };
}

/** Writes `content` (JSON.stringify'd unless already text) at `file`, folders included. */
export function writeConfig(file: string, content: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

/** Reads as the extension does: the real reader, the project file only when `trusted`. */
export function readAt(place: ConfigPlace, trusted = true): Promise<McpConfig> {
  return readMcpConfig({
    userFile: place.userFile,
    projectFile: trusted ? place.projectFile : undefined,
    sessionDir: place.workspace,
    home: HOME,
    readFile: readMcpConfigFile,
  });
}
