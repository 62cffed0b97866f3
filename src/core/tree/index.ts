// The Session Tree view's logic: filters, row presentation, paging of long levels, what a change refreshes.
export * from './filter';
export * from './rows';
export * from './rowText';
export * from './rowTooltip';
export * from './window';
export * from './update';
