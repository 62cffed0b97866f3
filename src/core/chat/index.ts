export * from './approvalView';
export * from './items';
export * from './buildItems';
export * from './streamingReply';
export * from './toolSummary';
export * from './window';
