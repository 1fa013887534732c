import { z } from "zod";

/**
 * Control characters (U+0000 to U+001F but tab, line feed and carriage return, and U+007F) have no
 * place in anything staff type, and PostgreSQL refuses the NUL character outright. Every form,
 * JSON body and imported row is checked here, in one place, before any rule of its own.
 */
const CONTROL_CLASS = "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]";
const CONTROL = new RegExp(CONTROL_CLASS);
const CONTROL_ALL = new RegExp(CONTROL_CLASS, "g");

export const CONTROL_CHARACTERS_MESSAGE = "validation.controlCharacters";

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Search text and scanned codes are cleaned rather than refused. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_ALL, "");
}

type Path = (string | number)[];

/** Where in a parsed form or JSON value a string holds a control character (keys included). */
export function controlCharacterPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === "string") return hasControlCharacters(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => controlCharacterPaths(item, [...path, i]));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).flatMap(([key, item]) =>
      hasControlCharacters(key) ? [[...path, key]] : controlCharacterPaths(item, [...path, key]),
    );
  }
  return [];
}

/**
 * The schema, preceded by the control-character rule: a field holding one gets that message, every
 * other field still gets the schema's own messages in the same answer.
 */
export function refusingControlCharacters<S extends z.ZodTypeAny>(
  schema: S,
): z.ZodType<z.output<S>, z.ZodTypeDef, z.input<S>> {
  return z.unknown().transform((value, ctx) => {
    const refused = controlCharacterPaths(value);
    const key = (path: Path) => path.join(".");
    const refusedKeys = new Set(refused.map(key));
    for (const path of refused) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: CONTROL_CHARACTERS_MESSAGE });
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        if (!refusedKeys.has(key(issue.path))) ctx.addIssue(issue as z.IssueData);
      }
      return z.NEVER;
    }
    return refused.length ? z.NEVER : result.data;
  }) as unknown as z.ZodType<z.output<S>, z.ZodTypeDef, z.input<S>>;
}
