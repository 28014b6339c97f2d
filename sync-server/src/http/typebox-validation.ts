/**
 * Request validation with TypeBox's own compiler instead of Fastify's Ajv. Ajv is set up by
 * Fastify to coerce types (a number becomes a string), which would let a wrongly typed body
 * through; here a body must match its schema exactly, while the query string, path
 * parameters and headers (always text on the wire) are converted first.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { Kind, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';

/** What Fastify puts in `error.validation`; the error handler names the field from it. */
export interface ValidationIssue {
  instancePath: string;
  message: string;
}

/** The issue reported for a request without a body where its route reads one. */
export const EMPTY_BODY = 'empty-body';

export const typeboxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({
  schema,
  method,
  url,
  httpPart,
}) => {
  if (!isTypeBoxSchema(schema)) {
    throw new Error(
      `Route ${method} ${url} : le schéma « ${httpPart ?? '?'} » doit être construit avec TypeBox.`,
    );
  }
  const checker = TypeCompiler.Compile(schema);
  const convert = httpPart !== 'body';
  return (input: unknown) => {
    // No body at all (an empty one is read as none, see body-parsers.ts; Fastify passes null).
    if (httpPart === 'body' && (input === undefined || input === null)) {
      return { error: [{ instancePath: '', message: EMPTY_BODY }] as unknown as Error };
    }
    const value = convert ? Value.Convert(schema, input) : input;
    if (checker.Check(value)) return { value };
    const first = checker.Errors(value).First();
    const issue: ValidationIssue = {
      instancePath: first?.path ?? '',
      message: first?.message ?? 'invalid',
    };
    return { error: [issue] as unknown as Error };
  };
};

function isTypeBoxSchema(schema: unknown): schema is TSchema {
  return typeof schema === 'object' && schema !== null && Kind in schema;
}
