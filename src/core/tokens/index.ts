// Token estimation and context-size accounting (no vscode, no I/O).
export * from './estimator';
export * from './piEstimator';
export * from './editSavings';
export * from './tokenizerEstimator';
export * from './usage';
export * from './calibration';
export * from './pathCalibration';
export * from './projected';
export * from './contextTokens';
export * from './meterText';
export * from './meter';
export * from './meterLive';
export * from './totals';
export * from './totalsText';
export * from './apportion';
export * from './breakdown';
