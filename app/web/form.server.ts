import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod/v4";
import { refusingControlCharacters } from "~/models/clean-text";
import type { FormConstraint } from "./form-constraint";

/**
 * Parses a page form with the same zod schema the API uses. Auto-coercion is off: the schemas
 * themselves accept the strings a form sends and the values JSON sends, so both paths agree.
 * Control characters are refused on their field first (clean-text.ts).
 */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema: refusingControlCharacters(schema), disableAutoCoercion: true });
}

/** A rule only the database can check: a value another record already has. */
export type StoredCheck = { field: string; inUse: (value: string) => Promise<boolean>; message: string };

/**
 * The reply to a refused form with every field's error at once: the schema's, and the stored checks
 * (a SKU or an e-mail in use) of the fields the schema did not already refuse. Empty when nothing
 * is wrong, so the caller goes on to write.
 */
export async function refusedReply<S extends { status?: string; error?: Record<string, unknown> | null }>(
  submission: S & {
    reply: (options?: {
      fieldErrors?: Record<string, string[]>;
      hideFields?: string[];
    }) => SubmissionResult<string[]>;
  },
  form: FormData,
  checks: StoredCheck[] = [],
  options: { hideFields?: string[] } = {},
): Promise<SubmissionResult<string[]> | null> {
  const fieldErrors: Record<string, string[]> = {};
  for (const check of checks) {
    const value = form.get(check.field);
    if (typeof value !== "string" || !value.trim() || submission.error?.[check.field]) continue;
    if (await check.inUse(value.trim())) fieldErrors[check.field] = [check.message];
  }
  if (submission.status === "success" && Object.keys(fieldErrors).length === 0) return null;
  return submission.reply({ fieldErrors, ...options });
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

const constraints = new WeakMap<z.ZodType, FormConstraint>();

/** The constraint attributes of a form's schema, for its loader to hand to the page (see useSchemaForm). */
export function formConstraint(schema: z.ZodType): FormConstraint {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(fieldsOf(schema));
    constraints.set(schema, constraint);
  }
  return constraint;
}

/**
 * The schema whose fields the form has: a transform of the whole value (a customer's VAT number
 * made its canonical form) adds no field, and conform's getZodConstraint refuses one at the root.
 */
function fieldsOf(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodPipe && schema.out instanceof z.ZodTransform
    ? fieldsOf(schema.in as z.ZodType)
    : schema;
}
