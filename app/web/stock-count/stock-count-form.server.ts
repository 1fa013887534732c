import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import type { CountSerialProblem } from "~/models/serial/serial-count.server";
import { lineMode } from "~/models/stock-count/stock-count";
import {
  cancelStockCount,
  commitStockCount,
  countLine,
  createStockCount,
  type LineResult,
  removeCountLine,
  type StockCountRow,
} from "~/models/stock-count/stock-count.server";
import {
  commitFormSchema,
  countVersionFormSchema,
  newCountSchema,
  scanSchema,
  serialsFormSchema,
  setLineSchema,
} from "~/models/stock-count/stock-count-schema";
import { parseForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

/**
 * The stock count pages' forms: plain POST forms, each answered with a redirect and a toast (or,
 * refused, the page again with its messages), so all of it works without JavaScript. With
 * JavaScript the scan field sends `enhanced` and gets its answer as data instead, so it keeps its
 * focus and the lines update without a page load. Each form carries the count's version as the
 * page read it: a change after the count was committed or cancelled is refused as stale, as the
 * other documents' forms refuse it ("toast.staleEdit"), and changes nothing.
 */

/** What the scan field shows of its last answer (JavaScript). */
export type ScanAnswer = { tone: "success" | "warning" | "error"; message: string; values?: Toast["values"] };

export type CountActionData = {
  intent: string;
  result?: SubmissionResult<string[]>;
  scanned?: ScanAnswer;
  /** a refused line quantity, under its row's field */
  lineError?: { productId: number; message: string; values?: Record<string, number> };
  /** a serial-tracked line's serials refused: the list as typed and each problem, under its box */
  serialError?: {
    productId: number;
    text: string;
    message: string;
    values?: Record<string, number>;
    problems: CountSerialProblem[];
  };
  toast?: Toast;
};

const checkFields: Toast = {
  type: "error",
  title: "toast.validationError",
  description: "toast.checkFields",
};
const staleEdit: Toast = { type: "error", title: "toast.error", description: "toast.staleEdit" };
const toastOf = (answer: ScanAnswer): Toast => ({
  type: answer.tone,
  title:
    answer.tone === "error" ? "toast.error" : answer.tone === "warning" ? "toast.warning" : "toast.success",
  description: answer.message,
  values: answer.values,
});

/** The new count form on /inventory/count: to the count's page, ready to scan. */
export async function newCountForm(form: FormData, userId: number) {
  const submission = parseForm(form, newCountSchema);
  if (submission.status !== "success") {
    return data<CountActionData>({ intent: "create", result: submission.reply(), toast: checkFields }, 400);
  }
  const created = await createStockCount(submission.value, userId);
  if (!created.ok) {
    return data<CountActionData>(
      {
        intent: "create",
        result: submission.reply({
          fieldErrors:
            created.reason === "unknownLocation"
              ? { locationId: ["stock-count:errors.unknownLocation"] }
              : { categoryId: ["stock-count:errors.unknownCategory"] },
        }),
        toast: checkFields,
      },
      400,
    );
  }
  return redirectWithToast(`/inventory/count/${created.count.id}`, {
    type: "success",
    title: "toast.success",
    description: "stock-count:toast.created",
    values: { number: created.count.number },
  });
}

/** The count page's forms, by intent. The count exists (the route read it). */
export async function countPageForm(request: Request, form: FormData, count: StockCountRow, userId: number) {
  const url = new URL(request.url);
  const page = `/inventory/count/${count.id}`;
  const here = `${page}${url.search}`;
  const closed = () =>
    redirectWithToast(page, { type: "error", title: "toast.error", description: "stock-count:toast.closed" });
  const stale = () => redirectWithToast(page, staleEdit);
  switch (form.get("intent")) {
    case "scan":
      return scan(form, count, userId, page);
    case "set": {
      const submission = parseForm(form, setLineSchema);
      const productId = idParam(String(form.get("productId") ?? "")) ?? 0;
      if (submission.status !== "success") {
        const message = Object.values(submission.error ?? {}).flat()[0] ?? "validation.invalid";
        return data<CountActionData>(
          { intent: "set", lineError: { productId, message }, toast: checkFields },
          400,
        );
      }
      const { quantity, previous, version } = submission.value;
      const result = await countLine(
        count.id,
        { code: null, productId: submission.value.productId, quantity, mode: "set", previous },
        userId,
        version,
      );
      if (result.ok) return redirect(here);
      if (result.reason === "stale") return stale();
      if (result.reason === "closed") return closed();
      if (result.reason === "notFound") throw recordNotFound("stockCount");
      return data<CountActionData>(
        {
          intent: "set",
          lineError: {
            productId,
            message: `stock-count:errors.${result.reason}`,
            values: { counted: "counted" in result ? (result.counted ?? 0) : 0 },
          },
          toast: checkFields,
        },
        result.reason === "productNotFound" ? 404 : result.reason === "lineMoved" ? 409 : 400,
      );
    }
    case "serials":
      return countSerialsForm(form, count, userId, here, { stale, closed });
    case "remove": {
      const lineId = idParam(String(form.get("lineId") ?? ""));
      if (!lineId) throw data({ message: "lineId is missing or not a number" }, { status: 400 });
      const removed = await removeCountLine(count.id, lineId, formVersion(form));
      if (removed.ok)
        return redirectWithToast(here, {
          type: "success",
          title: "toast.success",
          description: "stock-count:toast.removed",
        });
      if (removed.reason === "stale") return stale();
      if (removed.reason === "closed") return closed();
      if (removed.reason === "notFound") throw recordNotFound("stockCount");
      return redirectWithToast(here, {
        type: "error",
        title: "toast.error",
        description: "stock-count:toast.lineGone",
      });
    }
    case "commit": {
      const version = formVersion(form);
      const submission = parseForm(form, commitFormSchema);
      // A choice that is not one reads as not chosen: what nobody counted is left as it is.
      const zeroUncounted = submission.status === "success" ? submission.value.zeroUncounted : false;
      const result = await commitStockCount(count.id, { zeroUncounted, version }, userId);
      if (result.ok) {
        return redirectWithToast(page, {
          type: "success",
          title: "toast.success",
          description:
            result.unitsMissing || result.unitsFound
              ? "stock-count:toast.committedSerials"
              : "stock-count:toast.committed",
          values: {
            number: result.count.number,
            moved: result.moved,
            missing: result.unitsMissing,
            found: result.unitsFound,
          },
        });
      }
      if (result.reason === "notFound") throw recordNotFound("stockCount");
      if (result.reason === "stale") return stale();
      if (result.reason === "closed") return closed();
      // The review lists every problem again, as it stands now.
      return redirectWithToast(`${page}?step=confirm`, {
        type: "error",
        title: "toast.error",
        description:
          result.reason === "empty"
            ? "stock-count:toast.empty"
            : result.reason === "serialsMoved"
              ? "stock-count:toast.serialsMoved"
              : "stock-count:toast.problems",
        values: result.reason === "serialsMoved" ? { serials: result.serials.join(", ") } : undefined,
      });
    }
    case "cancel": {
      const result = await cancelStockCount(count.id, formVersion(form));
      if (result.ok) {
        return redirectWithToast(page, {
          type: "success",
          title: "toast.success",
          description: "stock-count:toast.cancelled",
          values: { number: count.number },
        });
      }
      if (result.reason === "notFound") throw recordNotFound("stockCount");
      return result.reason === "stale" ? stale() : closed();
    }
    default:
      throw data({ message: "Unknown intent" }, { status: 400 });
  }
}

/** The longest list the page's box keeps as typed after a refusal. */
const MAX_SERIALS_TEXT = 200_000;

/**
 * A serial-tracked line's box (issue #31): the serials found on the shelf replace the line's,
 * back to the line (its anchor) with a toast; refused, the page again with the list as typed and
 * every problem under the box, each serial named.
 */
async function countSerialsForm(
  form: FormData,
  count: StockCountRow,
  userId: number,
  here: string,
  answers: { stale: () => Promise<Response>; closed: () => Promise<Response> },
) {
  const productId = idParam(String(form.get("productId") ?? "")) ?? 0;
  const typed = form.get("serials");
  const text = typeof typed === "string" ? typed.slice(0, MAX_SERIALS_TEXT) : "";
  const refuse = (
    status: number,
    message: string,
    problems: CountSerialProblem[] = [],
    values?: Record<string, number>,
  ) =>
    data<CountActionData>(
      { intent: "serials", serialError: { productId, text, message, values, problems }, toast: checkFields },
      status,
    );
  const submission = parseForm(form, serialsFormSchema);
  if (submission.status !== "success")
    return refuse(400, Object.values(submission.error ?? {}).flat()[0] ?? "validation.invalid");
  const { serials, previous, version } = submission.value;
  const result = await countLine(
    count.id,
    { code: null, productId: submission.value.productId, quantity: null, mode: "set", previous, serials },
    userId,
    version,
  );
  if (result.ok) {
    const { line } = result;
    return redirectWithToast(`${here}#line-${line.id}-serials`, {
      type: "success",
      title: "toast.success",
      description: "stock-count:toast.serialsCounted",
      values: { name: line.name ?? "", counted: line.counted },
    });
  }
  switch (result.reason) {
    case "notFound":
      throw recordNotFound("stockCount");
    case "stale":
      return answers.stale();
    case "closed":
      return answers.closed();
    case "serials":
      return refuse(400, "stock-count:errors.serialsRefused", result.problems);
    case "lineMoved":
      return refuse(409, "stock-count:errors.lineMoved", [], { counted: result.counted ?? 0 });
    case "productNotFound":
      return refuse(404, "stock-count:errors.productNotFound");
    default:
      return refuse(400, `stock-count:errors.${result.reason}`);
  }
}

/**
 * The version a remove, cancel or commit form sent. The field is hidden: a version that is not one
 * came from no page of ours, so it is a 400, not a message on the page.
 */
function formVersion(form: FormData) {
  const submission = parseForm(form, countVersionFormSchema);
  if (submission.status !== "success")
    throw data(
      { message: "version is not a count's version: a whole number from 1, or empty" },
      { status: 400 },
    );
  return submission.value.version;
}

/**
 * A scan or a typed code: one more unit of the product, or its quantity set. A code no product has
 * is kept as a line of its own and said so; the scanning goes on either way.
 */
async function scan(form: FormData, count: StockCountRow, userId: number, page: string) {
  const enhanced = form.get("enhanced") === "1";
  const answer = async (status: number, scanned: ScanAnswer, result?: SubmissionResult<string[]>) =>
    enhanced || status >= 400
      ? data<CountActionData>({ intent: "scan", scanned, result, toast: toastOf(scanned) }, status)
      : redirectWithToast(page, toastOf(scanned));
  const submission = parseForm(form, scanSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "validation.invalid";
    return answer(400, { tone: "error", message }, submission.reply());
  }
  const { code, quantity, version } = submission.value;
  const result: LineResult = await countLine(
    count.id,
    { code, productId: null, quantity, mode: lineMode(quantity) },
    userId,
    version,
  );
  if (result.ok) {
    const { line } = result;
    if (line.productId === null)
      return answer(200, {
        tone: "warning",
        message: "stock-count:toast.unknown",
        values: { code: line.code ?? "" },
      });
    // A serial-tracked product's line is open: its serials go in its box (issue #31).
    return line.tracking !== null && line.tracking !== "none"
      ? answer(200, {
          tone: "warning",
          message: "stock-count:toast.bySerials",
          values: { name: line.name ?? "" },
        })
      : answer(200, {
          tone: "success",
          message: "stock-count:toast.counted",
          values: { name: line.name ?? "", counted: line.counted },
        });
  }
  switch (result.reason) {
    case "notFound":
      throw recordNotFound("stockCount");
    case "closed":
      return answer(409, { tone: "error", message: "stock-count:toast.closed" });
    case "stale":
      return answer(409, { tone: "error", message: "toast.staleEdit" });
    case "tooMany":
      return answer(
        400,
        { tone: "error", message: "stock-count:errors.tooMany" },
        submission.reply({ fieldErrors: { quantity: ["stock-count:errors.tooMany"] } }),
      );
    case "productNotFound":
      return answer(404, { tone: "error", message: "stock-count:errors.productNotFound" });
    case "countedBySerials":
      // A quantity typed for a serial-tracked product: its serials count (issue #31).
      return answer(
        400,
        { tone: "error", message: "stock-count:errors.countedBySerials" },
        submission.reply({ fieldErrors: { quantity: ["stock-count:errors.countedBySerials"] } }),
      );
    default:
      // A scan sends no serials and sets nothing: what is left cannot come back from it.
      return answer(400, { tone: "error", message: "validation.invalid" });
  }
}
