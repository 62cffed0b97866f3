/**
 * Reading tool arguments as the model sent them (unvalidated JSON). Wrong types are reported to the
 * model in plain words rather than coerced, so it can correct the call.
 */
import type { Json } from '../../session';
import { ToolFailure, type ToolArgs } from './define';
import { previewJson } from '../../util/jsonText';

export function requiredString(args: ToolArgs, name: string): string {
  const value = args[name];
  if (typeof value !== 'string') throw invalid(name, 'a string', value);
  return value;
}

export function optionalString(args: ToolArgs, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(name, 'a string', value);
  return value;
}

/** A whole number no smaller than `min` (models send 1-based line numbers, counts, seconds). */
export function optionalInteger(args: ToolArgs, name: string, min: number): number | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw invalid(name, `a whole number of at least ${min}`, value);
  }
  return value;
}

/** A positive number (seconds may have a fraction). */
export function optionalPositiveNumber(args: ToolArgs, name: string): number | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw invalid(name, 'a positive number', value);
  return value;
}

export function optionalBoolean(args: ToolArgs, name: string): boolean | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalid(name, 'true or false', value);
  return value;
}

function invalid(name: string, expected: string, value: Json | undefined): ToolFailure {
  const got = value === undefined ? 'nothing' : previewJson(value, { indent: 0, maxChars: 60 }).slice(0, 60);
  return new ToolFailure(`Invalid arguments: "${name}" must be ${expected} (got ${got}).`);
}
