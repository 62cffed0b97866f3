// Recall: the original messages behind the compaction summaries of a branch.
export * from './summarized';
export * from './recall';
export * from './summarizedDocument';
