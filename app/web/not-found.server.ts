import { data } from "@remix-run/node";
import type { RecordKind } from "~/components/ErrorPage/ScreenError";

/** A missing record: the screen's error boundary says which, inside the app, with a way back. */
export function recordNotFound(kind: RecordKind) {
  return data({ notFound: kind }, { status: 404 });
}
