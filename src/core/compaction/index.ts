// Compaction and branch summaries (no vscode, no I/O beyond the Session API).
export * from './settings';
export * from './entryMessages';
export * from './cutPoint';
export * from './cutAdjust';
export * from './prepare';
export * from './fileOps';
export * from './serialize';
export * from './prompts';
export * from './summarizer';
export * from './chunking';
export * from './compact';
export * from './compactSession';
export * from './orphans';
export * from './autoGuard';
export * from './branchEntries';
export * from './branchSummary';
export * from './navigate';
