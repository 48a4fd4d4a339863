import type { z } from 'zod';
import { AppError } from './app-error.js';

export const VALIDATE_MESSAGES = {
  tooDeep: 'The request is nested too deeply.',
} as const;

/** Parses input with a shared zod schema; failures become 422 with per-field messages. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  throw AppError.validation(errors);
}

/**
 * The edge (http/edge-input.ts) bounds the nesting of every request, so a schema's recursion
 * (a refine that serialises, a recursive schema) cannot overflow; should input reach a schema by
 * another road, an overflow is still the client's too-deep input (422), never a 500.
 */
function safeParse<T extends z.ZodType>(schema: T, input: unknown) {
  try {
    return schema.safeParse(input);
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message))
      throw AppError.validation({ _: [VALIDATE_MESSAGES.tooDeep] });
    throw error;
  }
}
