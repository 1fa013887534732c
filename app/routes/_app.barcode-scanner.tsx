import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ScannerScreen } from "~/components/Scanner/ScannerScreen";
import { pageTitle } from "~/i18n/page-title";
import { can } from "~/models/user/permissions";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { makesDocument, scannedList, scannerAction } from "~/web/scanner-page.server";

export const handle = { i18n: ["common", "scanner", "orders"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { ...(await scannedList(request, user.id)), canMakeDocument: can(user.role, "order:write") };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (makesDocument(form)) await requireUser(request, { permission: "order:write" });
  return scannerAction(request, form, user);
}

export const meta = pageTitle("scanner:title");

export default function ScannerPage() {
  const list = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const documentError = actionData && "documentError" in actionData ? actionData.documentError : null;
  return <ScannerScreen {...list} documentError={documentError} />;
}
