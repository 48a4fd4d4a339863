import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that validates with a shared schema after turning the form's values
 * into the request (a signed quantity from "remove 3", variants dropped while switched off...).
 * The form's field names are the request's, so each message lands under its field.
 */
export function mappedResolver<TForm extends FieldValues, S extends z.ZodType>(
  schema: S,
  toRequest: (values: TForm) => unknown,
): Resolver<TForm, unknown, z.output<S>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return (values, context, options) =>
    resolve(toRequest(values) as FieldValues, context, options as never) as unknown as ReturnType<
      Resolver<TForm, unknown, z.output<S>>
    >;
}
