/** Reading optional fields out of `details` JSON written by whoever wrote the file (pi, Arbor, an extension). */
import type { Json } from './types';

type JsonObject = { [key: string]: Json };

export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** The strings of a JSON array field; anything else is ignored. */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
