/**
 * Command arguments only Arbor's own code can make. VS Code runs a command from a `command:` link
 * (in a notification, a hover, a Markdown preview, another extension's trusted text) with arguments
 * parsed from JSON, and JSON cannot carry a property keyed by a symbol: a value sealed here proves
 * the call came from code in the extension host that holds Arbor's module (Arbor itself) or its API
 * (tests, automation; see `ArborApi.commandArgument`).
 */

const SEAL: unique symbol = Symbol('arbor.sealedArgument');

export interface Sealed<T> {
  readonly [SEAL]: T;
}

export function seal<T>(value: T): Sealed<T> {
  return Object.freeze({ [SEAL]: value });
}

export function isSealed(arg: unknown): arg is Sealed<unknown> {
  return typeof arg === 'object' && arg !== null && Object.prototype.hasOwnProperty.call(arg, SEAL);
}

/** What was sealed. */
export function unseal<T>(sealed: Sealed<T>): T {
  return sealed[SEAL];
}
