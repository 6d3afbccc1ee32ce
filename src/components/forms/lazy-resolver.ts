import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "@/schemas/zod";

type AnySchema = z.ZodType<unknown, unknown>;

export type LazyResolver<S extends AnySchema> = Resolver<z.input<S> & FieldValues, unknown, z.output<S>> & {
  /** Starts loading zod and the schema (the form's onFocus): the first submit then does not wait. */
  preload: () => void;
};

/**
 * A react-hook-form resolver for a shared zod schema that loads zod, the schema and its Japanese
 * messages on first use instead of with the page (issue 21: zod is ~95 KiB compressed, more than
 * the rest of a form page's own code). Same schema and messages as the server; the form validates
 * once they are there (on submit, or sooner when `preload` ran on the first focus).
 */
export function lazyZodResolver<S extends AnySchema>(loadSchema: () => Promise<S>): LazyResolver<S> {
  let ready: Promise<Resolver<z.input<S> & FieldValues, unknown, z.output<S>>> | undefined;
  const load = () =>
    (ready ??= Promise.all([loadSchema(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<z.input<S> & FieldValues, unknown, z.output<S>>,
      (e: unknown) => {
        ready = undefined; // a failed chunk load is retried on the next submit
        throw e;
      },
    ));
  const resolver: Resolver<z.input<S> & FieldValues, unknown, z.output<S>> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
