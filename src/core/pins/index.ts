// Pins: messages no compaction may lose (entries in the file, carried into summaries verbatim).
export * from './pinEntry';
export * from './pinnable';
export * from './pinnedSection';
export * from './budget';
export * from './setPin';
export * from './pinIndex';
