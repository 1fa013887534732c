import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MarginCalculator } from "~/components/MarginCalculator/MarginCalculator";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { pageTitle } from "~/i18n/page-title";
import { env } from "~/infra/env.server";
import { type CalculatorValues, EMPTY_VALUES, evaluate } from "~/models/margin-input";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";

export const handle = { i18n: ["common", "margin"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { vatRate: env().VAT_RATE };
}

// Without JavaScript the form posts here and the page shows the server's result.
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readForm(request);
  const values = Object.fromEntries(
    Object.keys(EMPTY_VALUES).map((key) => [key, String(form.get(key) ?? "")]),
  ) as CalculatorValues;
  const posted = evaluate(values, env().VAT_RATE);
  return data({ values, posted }, { status: Object.keys(posted.errors).length ? 400 : 200 });
}

export const meta = pageTitle("margin:title");

export default function MarginCalculatorPage() {
  const { t } = useTranslation("margin");
  const { vatRate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      <MarginCalculator
        key={actionData ? JSON.stringify(actionData.values) : "empty"}
        vatRate={vatRate}
        values={actionData?.values ?? EMPTY_VALUES}
        posted={actionData?.posted}
      />
    </>
  );
}
