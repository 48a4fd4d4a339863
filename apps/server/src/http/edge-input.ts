import type { FastifyInstance, FastifyRequest } from 'fastify';
import { englishOf, m } from '@cod/shared';
import { AppError } from '../lib/app-error.js';
import { JSON_LIMITS, jsonNestingDepthExceeds } from '../lib/json-bounds.js';

/** The refusals at the edge as catalogue tokens (docs/decisions/0041): their English is EDGE_MESSAGES. */
export const EDGE_REFUSALS = {
  tooDeep: m('edge.too_deep', { max: JSON_LIMITS.maxDepth }),
  tooManyValues: m('edge.too_many_values', { max: JSON_LIMITS.maxValues }),
  invalidCharacter: (field: string) => m('edge.invalid_character', { name: field }),
  invalidKey: m('edge.invalid_key'),
  invalidFileName: m('edge.invalid_file_name'),
  malformedMultipart: m('edge.malformed_upload'),
} as const;

export const EDGE_MESSAGES = {
  tooDeep: englishOf(EDGE_REFUSALS.tooDeep),
  tooManyValues: englishOf(EDGE_REFUSALS.tooManyValues),
  invalidCharacter: (field: string) => englishOf(EDGE_REFUSALS.invalidCharacter(field)),
  invalidKey: englishOf(EDGE_REFUSALS.invalidKey),
  invalidFileName: englishOf(EDGE_REFUSALS.invalidFileName),
  malformedMultipart: englishOf(EDGE_REFUSALS.malformedMultipart),
} as const;

// PostgreSQL refuses NUL in text, and a lone UTF-16 surrogate in json/jsonb ("\ud800" has no UTF-8
// form); JavaScript strings hold both. Refused here, once, for every route. The surrogate test is
// first a plain character class (fast on megabytes); only a string with a surrogate gets the exact one.
const SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasInvalidText = (value: string) =>
  value.includes('\u0000') || (SURROGATE.test(value) && LONE_SURROGATE.test(value));

type TKey = string | number;
interface TNode {
  value: object;
  parent: TNode | null;
  key: TKey;
  depth: number;
}

function pathOf(root: readonly TKey[], node: TNode | null, last?: TKey): TKey[] {
  const path: TKey[] = last === undefined ? [] : [last];
  for (let at = node; at?.parent; at = at.parent) path.unshift(at.key);
  return [...root, ...path];
}

/** 'products.0.customer_full_name' -> 'customer full name' (the field a user typed into). */
function fieldName(path: readonly TKey[]): string {
  const named = [...path].reverse().find((key) => typeof key === 'string');
  return named ? named.replace(/[_-]+/g, ' ') : 'value';
}

function refuse(path: readonly TKey[], message: string): AppError {
  return AppError.validation({ [path.length ? path.join('.') : '_']: [message] });
}

/**
 * Walks parsed input without recursion (so no depth can overflow the stack) and refuses, with the
 * field's path: nesting deeper than JSON_LIMITS.maxDepth, more than JSON_LIMITS.maxValues values,
 * and NUL or a lone surrogate in any string or key. Paths are only built for the refusal.
 */
export function assertCleanInput(input: unknown, root: readonly TKey[] = []): void {
  if (typeof input === 'string') {
    if (hasInvalidText(input)) throw refuse(root, EDGE_REFUSALS.invalidCharacter(fieldName(root)));
    return;
  }
  if (input === null || typeof input !== 'object' || Buffer.isBuffer(input)) return;
  const stack: TNode[] = [{ value: input, parent: null, key: '', depth: 1 }];
  let values = 1;
  const visit = (node: TNode, key: TKey, item: unknown) => {
    if (++values > JSON_LIMITS.maxValues) throw refuse(root, EDGE_REFUSALS.tooManyValues);
    if (typeof item === 'string') {
      if (hasInvalidText(item)) {
        const path = pathOf(root, node, key);
        throw refuse(path, EDGE_REFUSALS.invalidCharacter(fieldName(path)));
      }
    } else if (item !== null && typeof item === 'object') {
      if (node.depth >= JSON_LIMITS.maxDepth) throw refuse(root, EDGE_REFUSALS.tooDeep);
      stack.push({ value: item, parent: node, key, depth: node.depth + 1 });
    }
  };
  while (stack.length) {
    const node = stack.pop()!;
    if (Array.isArray(node.value)) {
      for (let index = 0; index < node.value.length; index++) visit(node, index, node.value[index]);
      continue;
    }
    for (const key of Object.keys(node.value)) {
      if (hasInvalidText(key)) throw refuse(pathOf(root, node), EDGE_REFUSALS.invalidKey);
      visit(node, key, (node.value as Record<string, unknown>)[key]);
    }
  }
}

/**
 * Bad input at the edge (docs/decisions/0039): every route's path parameters, query string and
 * body pass here before the handler, whatever parser produced them (JSON, text, a scope's own).
 * The JSON parser itself refuses deep nesting before parsing, so no later walk or validator can
 * recurse into it; multipart parts are checked as the handler reads them. Register before any route.
 */
export function registerEdgeInput(app: FastifyInstance): void {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestingDepthExceeds(text, JSON_LIMITS.maxDepth)) {
      done(refuse([], EDGE_REFUSALS.tooDeep), undefined);
      return;
    }
    defaultJsonParser(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    assertCleanInput(request.params);
    assertCleanInput(request.query);
    if (!Buffer.isBuffer(request.body)) assertCleanInput(request.body);
    if (typeof request.isMultipart === 'function' && request.isMultipart()) guardMultipart(request);
  });
}

/** A body that is not what its content type says (a multipart body cut short): 400, like bad JSON. */
export class MalformedBodyError extends Error {
  readonly statusCode = 400;
  readonly code = 'bad_request';
}

type TPart = {
  type?: unknown;
  fieldname?: unknown;
  filename?: unknown;
  value?: unknown;
  file?: { resume(): unknown; destroyed?: boolean; errored?: unknown };
  /** Every part read so far by name; request.file() skips the text fields before its file. */
  fields?: Record<string, TPart | TPart[]>;
};

function checkFields(part: TPart): void {
  for (const [name, entry] of Object.entries(part.fields ?? {})) {
    if (hasInvalidText(name)) throw refuse([], EDGE_REFUSALS.invalidKey);
    for (const field of Array.isArray(entry) ? entry : [entry]) {
      if (field?.type === 'field') assertCleanInput(field.value, [name]);
    }
  }
}

function checkPart<T>(part: T): T {
  if (!part || typeof part !== 'object') return part;
  const { fieldname, filename, value, file } = part as TPart;
  // When the whole body has already arrived, a part cut short is destroyed before the handler sees
  // it, and a stream listener attached now would wait for ever.
  if (file?.errored || file?.destroyed) throw new MalformedBodyError(EDGE_MESSAGES.malformedMultipart);
  try {
    if (typeof fieldname === 'string' && hasInvalidText(fieldname)) throw refuse([], EDGE_REFUSALS.invalidKey);
    const field = typeof fieldname === 'string' ? fieldname : 'file';
    if (typeof filename === 'string' && hasInvalidText(filename)) {
      throw refuse([field], EDGE_REFUSALS.invalidFileName);
    }
    if (value !== undefined) assertCleanInput(value, [field]);
    checkFields(part as TPart);
  } catch (error) {
    // The upload is not read: drain it so the request can end and the refusal be sent.
    file?.resume();
    throw error;
  }
  return part;
}

/**
 * @fastify/multipart hands parts out lazily (request.file(), .files(), .parts()), after this hook;
 * each is wrapped so a part's field name, file name and field value are checked as it is read.
 */
function guardMultipart(request: FastifyRequest): void {
  const target = request as unknown as Record<string, unknown>;
  const file = target.file as ((...args: unknown[]) => Promise<unknown>) | undefined;
  if (typeof file === 'function')
    target.file = async (...args: unknown[]) => checkPart(await file.apply(request, args));
  for (const name of ['files', 'parts']) {
    const iterate = target[name] as ((...args: unknown[]) => AsyncIterable<unknown>) | undefined;
    if (typeof iterate !== 'function') continue;
    target[name] = async function* (...args: unknown[]) {
      for await (const part of iterate.apply(request, args)) yield checkPart(part);
    };
  }
}
