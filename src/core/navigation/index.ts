// Moving in the session tree: the summary question and the branches to switch to (no vscode).
export * from './summaryChoice';
export * from './branchLeaves';
export * from './branchItems';
