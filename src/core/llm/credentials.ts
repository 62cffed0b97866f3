/**
 * The environment variables that hold a credential for the model: `ANTHROPIC_API_KEY`, which the
 * extension and the CLI read, and `ANTHROPIC_AUTH_TOKEN`, the bearer token the Anthropic SDK and
 * other Anthropic tools read. Commands the agent runs get the environment without them: a command
 * chosen by a model, or by a file the model was shown, must not be able to print or send the key.
 */
export const CREDENTIAL_ENV_VARS: readonly string[] = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN'];

/** A copy of `env` without the credential variables. */
export function withoutCredentials(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy: NodeJS.ProcessEnv = { ...env };
  for (const name of CREDENTIAL_ENV_VARS) delete copy[name];
  return copy;
}
