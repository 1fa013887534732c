import type { CountSerialProblem } from "~/models/serial/serial-count.server";
import type { CommitResult, LineResult, RemoveLineResult } from "~/models/stock-count/stock-count.server";
import { apiError, englishText } from "~/web/api.server";

/** A change naming a version the count no longer has (locked.server.ts). */
const STALE_COUNT = "The count has changed since you read it: read it again and make your change again";

/** The API answer for a line refused: 404 for the count or the product, 409 closed, 400 too many. */
export function lineRefusal(result: Exclude<LineResult, { ok: true }>): Response {
  switch (result.reason) {
    case "notFound":
      return apiError(404, englishText("stock-count:errors.notFound"));
    case "productNotFound":
      return apiError(404, englishText("stock-count:errors.productNotFound"));
    case "closed":
      return apiError(409, "This count is closed: it takes no more changes");
    case "stale":
      return apiError(409, STALE_COUNT);
    case "lineMoved":
      return apiError(409, englishText("stock-count:errors.lineMoved", { counted: result.counted ?? 0 }));
    case "tooMany":
      return apiError(400, englishText("stock-count:errors.tooMany"), {
        quantity: [englishText("stock-count:errors.tooMany")],
      });
    case "countedBySerials":
      return apiError(400, englishText("stock-count:errors.countedBySerials"), {
        serials: [englishText("stock-count:errors.countedBySerials")],
      });
    case "notTracked":
      return apiError(400, englishText("stock-count:errors.notTracked"), {
        serials: [englishText("stock-count:errors.notTracked")],
      });
    case "serials": {
      const texts = result.problems.map(serialProblemText);
      return apiError(400, `Serials refused: ${texts.join("; ")}`, { serials: texts });
    }
  }
}

/** A refused serial's message, naming it (issue #31). */
export const serialProblemText = (problem: CountSerialProblem) =>
  englishText(`serials:serialProblems.${problem.problem}`, problem);

/** The API answer for a line's removal refused: 404 for the count or the line, 409 closed or stale. */
export function removeLineRefusal(result: Exclude<RemoveLineResult, { ok: true }>): Response {
  switch (result.reason) {
    case "notFound":
      return apiError(404, englishText("stock-count:errors.notFound"));
    case "lineNotFound":
      return apiError(404, englishText("stock-count:toast.lineGone"));
    case "closed":
      return apiError(409, "This count is closed: it takes no more changes");
    case "stale":
      return apiError(409, STALE_COUNT);
  }
}

/** The API answer for a commit refused: 404, or 409 naming every problem at once. */
export function commitRefusal(result: Exclude<CommitResult, { ok: true }>): Response {
  switch (result.reason) {
    case "notFound":
      return apiError(404, englishText("stock-count:errors.notFound"));
    case "closed":
      return apiError(409, `This count is ${result.status}: it takes no more changes`);
    case "stale":
      return apiError(409, STALE_COUNT);
    case "empty":
      return apiError(409, englishText("stock-count:errors.empty"));
    case "problems": {
      const errors: Record<string, string[]> = {};
      if (result.unknownCodes.length)
        errors.unknownCodes = result.unknownCodes.map(
          (code) => `No product has the code ${code}: remove its line`,
        );
      if (result.belowZero.length)
        errors.belowZero = result.belowZero.map(
          (p) =>
            `${p.name} (${p.sku}): ${p.stockLevel} in stock now, counted ${p.counted} against ${p.expected}: count it again`,
        );
      if (result.unexpectedSerials.length)
        errors.unexpectedSerials = result.unexpectedSerials.map(
          (s) =>
            `${s.serial} (${s.name}, ${s.sku}): ${englishText(`serials:state.${s.state}`)}${s.locationName ? ` at ${s.locationName}` : ""}${s.orderNumber ? ` (${s.orderNumber})` : ""}: settle it on its document or take it off the line`,
        );
      if (result.countBySerials.length)
        errors.countBySerials = result.countBySerials.map(
          (p) =>
            `${p.name} (${p.sku}) is counted by serials: ${p.counted} counted, ${p.serials} serials given`,
        );
      return apiError(409, englishText("stock-count:errors.problems"), errors);
    }
    case "serialsMoved":
      return apiError(
        409,
        englishText("stock-count:errors.serialsMoved", { serials: result.serials.join(", ") }),
        {
          serials: result.serials,
        },
      );
  }
}
