import { z } from "zod/v4";

/**
 * The messages of every zod schema here. Schemas name their messages as i18n keys; what they leave
 * to zod (a wrong JSON type, a key no schema knows) is answered in zod v3's English, word for
 * word, as the API always has: the move to zod v4 changed no answer (docs/decisions.md, "zod v4
 * for every schema").
 */

/**
 * zod v3's `required_error` and `invalid_type_error` as zod v4's `error` param (v4 ignores the old
 * names without a word). The same rules as v3: `required` for any problem of a missing value
 * (undefined), `invalid` for a value of the wrong type; any other problem keeps its own message,
 * or zod's. On a union a wrong type is `invalid_union`, not `invalid_type`: `invalid` never
 * applies there (it did not in v3 either).
 */
export function typeMessages(messages: { required?: string; invalid?: string }) {
  return {
    error: (issue: z.core.$ZodRawIssue) =>
      issue.input === undefined
        ? messages.required
        : issue.code === "invalid_type"
          ? messages.invalid
          : undefined,
  };
}

/**
 * A transform as zod v3 ran it: only on a value nothing refused yet. A refused value (a too long
 * text) goes no further, nor does the object holding it, so a rule after it (an EAN's check
 * digit, a rule across fields) adds no second message. zod v4 runs a transform on a value whose
 * refusals are not fatal, and what comes after it too: this makes those refusals fatal first.
 */
export function whenValid<I, O>(transform: (value: I, ctx: z.RefinementCtx<I>) => O) {
  return (value: I, ctx: z.RefinementCtx<I>): O => {
    if (ctx.issues.length === 0) return transform(value, ctx);
    for (const issue of ctx.issues) (issue as { continue?: boolean }).continue = false;
    return z.NEVER;
  };
}

/**
 * The params of a length rule (min, max) on a text or a list, run as zod v3 ran it: only on a value
 * of that type. zod v4 measures anything that has a length: an array sent for a text would be
 * "required" as well as of the wrong type, a long text sent for a list "too many lines".
 */
export function lengthRule(message?: string) {
  return { error: message, when: (payload: z.core.ParsePayload) => !z.core.util.aborted(payload) };
}

/** What made zod v3 stop at a value: its type (or, in an object or array, a part's), not a rule it broke. */
const FATAL = new Set(["invalid_type", "invalid_value", "invalid_union", "invalid_key", "invalid_element"]);
const isFatal = (issue: z.core.$ZodIssue) =>
  FATAL.has(issue.code) && !(issue.code === "invalid_type" && issue.expected === "int");

/**
 * A union as zod v3 answered it: the first option that fits; else the first whose only refusals
 * are rules of its values (a password too short, an unknown key), with those messages; else
 * "Invalid input". zod v4 answers "Invalid input" whenever no option fits.
 */
export function unionOf<const T extends readonly [z.core.SomeType, ...z.core.SomeType[]]>(options: T) {
  const answer = new z.core.$ZodCheck({ check: "custom", when: () => true });
  answer._zod.check = (payload) => {
    const last = payload.issues.at(-1);
    if (last?.code !== "invalid_union") return;
    const fitting = (last.errors as z.core.$ZodIssue[][]).find((issues) => !issues.some(isFatal));
    if (fitting) payload.issues.splice(-1, 1, ...(fitting as z.core.$ZodRawIssue[]));
  };
  return z.union(options).check(answer);
}

/** zod v3's name of a value's type ("nan" for NaN, "array", "null"). */
function typeName(value: unknown): string {
  if (typeof value === "number") return Number.isNaN(value) ? "nan" : "number";
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  if (value instanceof Date) return "date";
  return typeof value;
}

const quoted = (values: readonly unknown[], separator = " | ") =>
  values.map((value) => (typeof value === "string" ? `'${value}'` : String(value))).join(separator);

/** zod v3's default English message of an issue that no schema gave a message of its own. */
function zodV3Message(issue: z.core.$ZodRawIssue): string | undefined {
  const def = issue.inst?._zod.def;
  const type = def && "type" in def ? def.type : undefined;
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Required";
      if (issue.expected === "int") return "Expected integer, received float";
      return `Expected ${issue.expected}, received ${typeName(issue.input)}`;
    case "invalid_value":
      if (type === "literal") return `Invalid literal value, expected ${JSON.stringify(issue.values[0])}`;
      if (issue.input === undefined) return "Required";
      if (typeof issue.input !== "string")
        return `Expected ${quoted(issue.values)}, received ${typeName(issue.input)}`;
      return `Invalid enum value. Expected ${quoted(issue.values)}, received '${issue.input}'`;
    case "unrecognized_keys":
      return `Unrecognized key(s) in object: ${quoted(issue.keys, ", ")}`;
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const limit = small ? issue.minimum : issue.maximum;
      const bound = issue.inclusive ? (small ? "at least" : "at most") : small ? "more than" : "less than";
      if (issue.origin === "array") return `Array must contain ${bound} ${limit} element(s)`;
      if (issue.origin === "string")
        return `String must contain ${issue.inclusive ? bound : small ? "over" : "under"} ${limit} character(s)`;
      const compared = issue.inclusive
        ? `${small ? "greater" : "less"} than or equal to`
        : `${small ? "greater" : "less"} than`;
      return `Number must be ${compared} ${limit}`;
    }
    case "invalid_format":
      return issue.format === "regex" ? "Invalid" : `Invalid ${issue.format}`;
    case "not_multiple_of":
      return `Number must be a multiple of ${issue.divisor}`;
    case "invalid_union":
    case "custom":
      return "Invalid input";
    default:
      return undefined;
  }
}

z.config({ customError: zodV3Message });

/**
 * An optional record id, as a form (text) or the API (a number) sends it: null when empty, else a
 * whole number PostgreSQL's integer holds (one that is not there is the caller's 404, not a 400).
 */
export function optionalRecordId(message: string) {
  return z
    .union([z.string(), z.number()], typeMessages({ invalid: message }))
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === "") return null;
      const text = String(value).trim();
      if (!/^\d{1,10}$/.test(text) || Number(text) === 0 || Number(text) > 2_147_483_647) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(text);
    });
}

/** An optional text of at most `max` characters, trimmed; empty is null. */
export function optionalText(max: number) {
  return z
    .string(typeMessages({ invalid: "validation.invalid" }))
    .trim()
    .max(max, lengthRule("validation.tooLong"))
    .nullish()
    .transform(whenValid((v) => v || null));
}
