import type { z } from "zod/v4";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/models/clean-text";
import { parseMoney } from "~/models/money";

/**
 * The line editor shared by the quote and order pages (order/document-form.server.ts) and the
 * purchase order pages (purchase-order/purchase-order-form.server.ts). It works without
 * JavaScript: every button posts the whole form back, the lines as `lines[i].code`,
 * `lines[i].quantity` and `lines[i].<price field>` (unitPrice on a quote or order, unitCost on a
 * purchase order). Here: reading the posted lines, the figures typed on them, Add line and Remove,
 * and the save's refusals. Each editor keeps its own fields, how a code becomes a product and how
 * a line is priced, and names its own messages (an i18n key in its namespace).
 */

/** What of an editor's state these read and change: its rows and its errors (field name -> i18n keys). */
type LineEditorState<Row extends { errors: string[] }> = { rows: Row[]; errors: Record<string, string[]> };

/** A text field as posted, cut at `max` characters; "" when it is missing or a file. */
export function formText(form: FormData, name: string, max = 2000): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** A line as posted: its code (a SKU, an EAN or search text), quantity and price as typed. */
export type PostedLine<Price extends string> = { code: string; quantity: string } & Record<Price, string>;

/** The posted lines' indexes (`lines[3].code` …), in their order, at most `maxLines`. */
function postedLineIndexes(form: FormData, priceField: string, maxLines: number): number[] {
  const field = new RegExp(`^lines\\[(\\d{1,3})\\]\\.(code|quantity|${priceField})$`);
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const match = field.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes].sort((a, b) => a - b).slice(0, maxLines);
}

/** The lines as posted, in their order, each field trimmed. */
export function postedLines<Price extends string>(
  form: FormData,
  priceField: Price,
  maxLines: number,
): PostedLine<Price>[] {
  return postedLineIndexes(form, priceField, maxLines).map(
    (i) =>
      ({
        code: formText(form, `lines[${i}].code`, 100).trim(),
        quantity: formText(form, `lines[${i}].quantity`, 20).trim(),
        [priceField]: formText(form, `lines[${i}].${priceField}`, 20).trim(),
      }) as PostedLine<Price>,
  );
}

/**
 * Text with control characters is refused on its field, whatever the intent and however long the
 * value (a NUL would not even reach the database): a posted line's on its row, any other line
 * field's on the form. `state.rows` are the posted lines, in their order.
 */
export function refuseControlCharacters(
  form: FormData,
  state: LineEditorState<{ errors: string[] }>,
  priceField: string,
  maxLines: number,
) {
  const rowIndexes = postedLineIndexes(form, priceField, maxLines);
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || !hasControlCharacters(value)) continue;
    const line = /^lines\[(\d{1,3})\]\./.exec(key);
    const row = line ? state.rows[rowIndexes.indexOf(Number(line[1]))] : undefined;
    if (row) {
      if (!row.errors.includes(CONTROL_CHARACTERS_MESSAGE)) row.errors.push(CONTROL_CHARACTERS_MESSAGE);
    } else state.errors[line ? "form" : key.slice(0, 40)] = [CONTROL_CHARACTERS_MESSAGE];
  }
}

/** Whether a field or a row holds control characters: the editor answers 400, whatever the intent. */
export function hasRefusedControlCharacters(state: LineEditorState<{ errors: string[] }>): boolean {
  return (
    Object.values(state.errors).some((errors) => errors.includes(CONTROL_CHARACTERS_MESSAGE)) ||
    state.rows.some((row) => row.errors.includes(CONTROL_CHARACTERS_MESSAGE))
  );
}

/** A quantity as typed: whole units from 1 to `max`; anything else puts `message` in `errors` and is 0. */
export function readQuantity(text: string, max: number, errors: string[], message: string): number {
  const quantity = Number(text);
  if (/^\d{1,6}$/.test(text) && quantity >= 1 && quantity <= max) return quantity;
  errors.push(message);
  return 0;
}

/** An amount as typed ("12,5" is "12.50"), null when empty; text that is no amount puts `message` in `errors` and is null. */
export function readMoney(text: string, errors: string[], message: string): string | null {
  const amount = text ? parseMoney(text) : null;
  if (text && amount === null) errors.push(message);
  return amount;
}

/** The form with the posted line `at` (0 the first) taken out and the lines after it moved up. */
export function formWithoutLine(form: FormData, at: number, priceField: string, maxLines: number): FormData {
  const rest = new FormData();
  for (const [key, value] of form.entries()) if (!key.startsWith("lines[")) rest.append(key, value);
  postedLines(form, priceField, maxLines)
    .filter((_, i) => i !== at)
    .forEach((line, i) => {
      rest.set(`lines[${i}].code`, line.code);
      rest.set(`lines[${i}].quantity`, line.quantity);
      rest.set(`lines[${i}].${priceField}`, line[priceField]);
    });
  return rest;
}

/**
 * The editor after Add line (`addLine`: an empty row more, up to `maxLines`) or Remove
 * (`removeLine-N`: what `withoutLine(N)` resolves); null for any other intent.
 */
export async function changeLines<Row extends { errors: string[] }, State extends LineEditorState<Row>>(
  intent: string,
  state: State,
  editor: { maxLines: number; emptyRow: () => Row; withoutLine: (at: number) => Promise<State> },
): Promise<State | null> {
  if (intent === "addLine") {
    if (state.rows.length < editor.maxLines) state.rows.push(editor.emptyRow());
    return state;
  }
  const remove = /^removeLine-(\d{1,3})$/.exec(intent);
  if (!remove) return null;
  const next = await editor.withoutLine(Number(remove[1]));
  if (next.rows.length === 0) next.rows.push(editor.emptyRow());
  return next;
}

/** Adds `message` to a field's errors ("form": the whole form's). */
export function addError(errors: Record<string, string[]>, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

/** The filled rows as the schema reads a document's lines: the product resolved (0 if none) and the figures as typed. */
export function lineInputs<Price extends string>(
  rows: ({ product: { id: number } | null; quantity: string } & Record<Price, string>)[],
  priceField: Price,
) {
  return rows.map(
    (row) =>
      ({
        productId: row.product?.id ?? 0,
        quantity: row.quantity,
        [priceField]: row[priceField] || null,
      }) as { productId: number; quantity: string } & Record<Price, string | null>,
  );
}

/** The schema's refusals of a save, each on its field; a line's are on its row already. */
export function addSchemaIssues(errors: Record<string, string[]>, issues: readonly z.core.$ZodIssue[]) {
  for (const issue of issues) {
    if (issue.path[0] === "lines" && typeof issue.path[1] === "number") continue;
    addError(errors, String(issue.path[0] ?? "form"), issue.message);
  }
}
