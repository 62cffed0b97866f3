/**
 * The environment variable Arbor's integration test runners set for the extension host: only then
 * does `activate` return its internal objects (`exports.testing`) beside the public API.
 */
export const TEST_EXPORTS_ENV = 'ARBOR_TEST_EXPORTS';
