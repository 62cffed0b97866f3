// Full-text search across sessions: the pure matcher and the file reader.
export * from './query';
export * from './entryText';
export * from './snippet';
export * from './sessionText';
export * from './disk/searchFiles';
