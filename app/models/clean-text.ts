import { z } from "zod/v4";

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

/**
 * Where in a parsed form or JSON value a string holds a control character (keys included).
 * A walk with a stack of its own, not recursion: a JSON body nested a few thousand levels deep
 * (well inside the size limit) would otherwise overflow the call stack, a 500 instead of a 400.
 * A node's path is built from its parents only when it is refused, so depth costs no copies.
 */
export function controlCharacterPaths(value: unknown, path: Path = []): Path[] {
  type Node = { value: unknown; key: string | number | null; parent: Node | null };
  const pathOf = (node: Node | null, key?: string): Path => {
    const keys: Path = key === undefined ? [] : [key];
    for (let at = node; at && at.key !== null; at = at.parent) keys.push(at.key);
    return [...path, ...keys.reverse()];
  };
  const found: Path[] = [];
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop() as Node;
    const current = node.value;
    if (typeof current === "string") {
      if (hasControlCharacters(current)) found.push(pathOf(node));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: node });
    } else if (
      current &&
      typeof current === "object" &&
      Object.getPrototypeOf(current) === Object.prototype
    ) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i];
        // A refused key is reported as it is; what it holds is not looked at.
        if (hasControlCharacters(key)) stack.push({ value: CONTROL_KEY, key, parent: node });
        else stack.push({ value: item, key, parent: node });
      }
    } else if (current === CONTROL_KEY) {
      found.push(pathOf(node));
    }
  }
  return found;
}
const CONTROL_KEY = Symbol("a key holding a control character");

/**
 * The schema, preceded by the control-character rule: a field holding one gets that message, every
 * other field still gets the schema's own messages in the same answer.
 */
export function refusingControlCharacters<S extends z.ZodType>(
  schema: S,
): z.ZodType<z.output<S>, z.input<S>> {
  return z.unknown().transform((value, ctx) => {
    const refused = controlCharacterPaths(value);
    const key = (path: PropertyKey[]) => path.map(String).join(".");
    const refusedKeys = new Set(refused.map(key));
    for (const path of refused) {
      ctx.addIssue({ code: "custom", path, message: CONTROL_CHARACTERS_MESSAGE });
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        if (!refusedKeys.has(key(issue.path))) ctx.addIssue(issue);
      }
      return z.NEVER;
    }
    return refused.length ? z.NEVER : result.data;
  }) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}
