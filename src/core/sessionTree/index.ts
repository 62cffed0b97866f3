// The session as a tree to show (no vscode): pi's node tree and Arbor's display tree, and the Session
// Tree view's logic: filters, row presentation, paging of long levels, what a change refreshes.
export * from './displayTree';
export * from './filter';
export * from './rows';
export * from './rowText';
export * from './rowTooltip';
export * from './window';
export * from './update';
export * from './fileRows';
export * from './moveNote';
export * from './markedRow';
