/**
 * The one runtime import of the SDK, loaded by `client.ts` through a dynamic import. It names only
 * the base client: a static, named import is what lets the bundler drop the rest of the SDK (a
 * dynamic import of the SDK itself would keep every module it could reach).
 */
export { BaseAnthropic } from '@anthropic-ai/sdk/client';
