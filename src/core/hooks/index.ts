// Hooks for other extensions around compaction and moves in the tree (no vscode).
export * from './types';
export * from './chain';
export * from './answers';
export * from './hooks';
