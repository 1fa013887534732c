import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { refusingControlCharacters } from "~/models/clean-text";

/**
 * Parses a page form with the same zod schema the API uses. Auto-coercion is off: the schemas
 * themselves accept the strings a form sends and the values JSON sends, so both paths agree.
 * Control characters are refused on their field first (clean-text.ts).
 */
export function parseForm<S extends z.ZodTypeAny>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema: refusingControlCharacters(schema), disableAutoCoercion: true });
}

/**
 * The posted form. A body that is no readable form (JSON, plain text, broken multipart) is the
 * client's mistake: a 400 with a message, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(
      {
        message:
          "The request body is not a form: send application/x-www-form-urlencoded or multipart/form-data",
      },
      { status: 400 },
    );
  }
}
