import type * as v from 'valibot';

/**
 * A reply schema that describes exactly the app type T: its output must be assignable to T (the constraint) and T
 * to its output (the rest parameter, which asks for an argument that cannot be given when a field of T is missing
 * from the schema or narrowed by it). So the types the server builds and the schema the replies are checked with
 * cannot drift apart: a field added to one and not the other stops `astro check`.
 */
export const exactly =
  <T>() =>
  <S extends v.GenericSchema<unknown, T>>(
    schema: S,
    ..._same: [T] extends [v.InferOutput<S>] ? [] : [missing: 'the schema leaves out or narrows a field of the type']
  ): S =>
    schema;
