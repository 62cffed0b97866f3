// Workspace checkpoints: the private store, the `arbor.files` entries, the recorder.
export * from './types';
export * from './entries';
export * from './store';
export { findGit, type GitProgram } from './gitProgram';
export * from './recorder';
export { isStorePath } from './paths';
export * from './prune';
export { notRecordedText } from './notRecorded';
export { readRestoreJournal, journalHolderAlive, RESTORE_INTERRUPTED, RESTORE_JOURNAL, type RestoreJournal, type JournalReading } from './restoreJournal';
