// pi's MCP configuration as Arbor reads it (no vscode; files read through an injected reader).
export * from './readConfig';
export * from './exposure';
export * from './expand';
export * from './diff';
export { DEFAULT_MCP_TIMEOUT_SECONDS, MAX_MCP_TIMEOUT_MS } from './spec';
export * from './projectPermission';
export * from './writeEntry';
