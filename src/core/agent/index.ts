// The agent turn loop (no vscode). Tools live in ./tools.
export * from './agentSession';
export * from './options';
export * from './turnLoop';
export * from './events';
export * from './checkpoint';
export * from './requestMessages';
export * from './contextTracker';
export * from './partialReply';
export * from './streamReply';
export * from './toolRunner';
export * from './systemPrompt';
export * from './runState';
export * from './compactionControl';
export * from './promptWatch';
