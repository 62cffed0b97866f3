// What Arbor knows about the project the way pi knows it: context files, pi's settings, pi's folders.
export * from './piEnvironment';
export * from './contextFs';
export * from './contextAccess';
export * from './projectContext';
export * from './projectPrompt';
export * from './piSettings';
export * from './compactionSettings';
export * from './sessionsFolder';
export * from './loadedFiles';
