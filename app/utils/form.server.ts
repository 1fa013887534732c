import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/**
 * Parses a page form with the same zod schema the API uses. Auto-coercion is off: the schemas
 * themselves accept the strings a form sends and the values JSON sends, so both paths agree.
 */
export function parseForm<S extends z.ZodTypeAny>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}
