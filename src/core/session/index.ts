// The session engine's public surface.
export * from './types';
export * from './jsonl';
export * from './migrate';
export * from './tree';
export * from './treeView';
export * from './context';
export * from './convert';
export * from './session';
export * from './position';
export * from './layout';
export * from './fork';
export * from './text';
export * from './disk/sessionFile';
export * from './disk/catalog';
export * from './disk/backupFile';
export * from './kind';
export * from './describe';
