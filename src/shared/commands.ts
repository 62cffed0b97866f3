// Every Arbor command id, in one table: the manifest's `contributes.commands` lists exactly these
// (a unit test compares the two both ways), the glue registers each once from this table
// (src/vscode/commands/table.ts), and every caller, tree item, notice button and the webview names
// a command through it, never by a string of its own. Imports nothing: the webview reads it too.
export const COMMAND = {
  newSession: 'arbor.newSession',
  openSession: 'arbor.openSession',
  compactSession: 'arbor.compactSession',
  undoCompaction: 'arbor.undoCompaction',
  undoRestore: 'arbor.undoRestore',
  stop: 'arbor.stop',
  acceptEdit: 'arbor.acceptEdit',
  rejectEdit: 'arbor.rejectEdit',
  setApiKey: 'arbor.setApiKey',
  clearApiKey: 'arbor.clearApiKey',
  selectModel: 'arbor.selectModel',
  showLog: 'arbor.showLog',
  openSessionFile: 'arbor.openSessionFile',
  showSessionProblems: 'arbor.showSessionProblems',
  showContext: 'arbor.showContext',
  allowContextFile: 'arbor.allowContextFile',
  focusInput: 'arbor.focusInput',
  addSelectionToChat: 'arbor.addSelectionToChat',
  treeActivate: 'arbor.tree.activate',
  treeBranchFromHere: 'arbor.tree.branchFromHere',
  treeForkIntoNewSession: 'arbor.tree.forkIntoNewSession',
  treeSetLabel: 'arbor.tree.setLabel',
  treeRemoveLabel: 'arbor.tree.removeLabel',
  treePin: 'arbor.tree.pin',
  treeUnpin: 'arbor.tree.unpin',
  treeShowSummarized: 'arbor.tree.showSummarized',
  treeCopyText: 'arbor.tree.copyText',
  treeCompactUpToHere: 'arbor.tree.compactUpToHere',
  treeUndoCompaction: 'arbor.tree.undoCompaction',
  treeShowInFile: 'arbor.tree.showInFile',
  treeShowChanges: 'arbor.tree.showChanges',
  treeRestoreFilesToHere: 'arbor.tree.restoreFilesToHere',
  restoreFilesBeforeTurn: 'arbor.restoreFilesBeforeTurn',
  showTurnFileChanges: 'arbor.showTurnFileChanges',
  showCheckpointStorage: 'arbor.showCheckpointStorage',
  treeFilter: 'arbor.tree.filter',
  treeShowAll: 'arbor.tree.showAll',
  treeShowUserMessages: 'arbor.tree.showUserMessages',
  treeShowLabeled: 'arbor.tree.showLabeled',
  treeShowSettingsEntries: 'arbor.tree.showSettingsEntries',
  treeHideSettingsEntries: 'arbor.tree.hideSettingsEntries',
  treeRevealCurrent: 'arbor.tree.revealCurrent',
  switchBranch: 'arbor.switchBranch',
  setLabel: 'arbor.setLabel',
  forkSession: 'arbor.forkSession',
  exportSession: 'arbor.exportSession',
  renameSession: 'arbor.renameSession',
  searchSessions: 'arbor.searchSessions',
  sessionsRefresh: 'arbor.sessions.refresh',
  sessionsOpen: 'arbor.sessions.open',
  sessionsRename: 'arbor.sessions.rename',
  sessionsDelete: 'arbor.sessions.delete',
  sessionsOpenFile: 'arbor.sessions.openFile',
} as const;

export type CommandName = keyof typeof COMMAND;
export type CommandId = (typeof COMMAND)[CommandName];

/** The focus commands VS Code makes for Arbor's views (`<view id>.focus`): not contributed, not registered by us. */
export const VIEW_FOCUS = {
  chat: 'arbor.chat.focus',
  sessionTree: 'arbor.sessionTree.focus',
} as const;
