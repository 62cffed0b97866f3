// Moving in the session tree: the summary question, the branches to switch to, the move itself (no vscode).
export * from './summaryChoice';
export * from './branchLeaves';
export * from './branchItems';
export * from './navigate';
export * from './moveReport';
export * from './filesChoice';
export * from './filesTarget';
export * from './moveQuestion';
