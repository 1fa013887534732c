import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as detail from "~/components/ProductList/ProductDetail.css";
import { BatchActions, BatchFacts, BatchFigures, BatchLines } from "~/components/Repricing/BatchView";
import { pageTitle } from "~/i18n/page-title";
import {
  getPriceBatch,
  LINES_PAGE_SIZE,
  LISTED_AT_MOST,
  listPriceBatchLines,
  priceBatchTotals,
} from "~/models/price-batch/price-batch.server";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam, pageNumber } from "~/web/params";
import { batchForm } from "~/web/price-batch/price-batch-form.server";

// /products/reprice/:id: a batch's preview (apply it), or an applied batch (undo it).
export const handle = { i18n: ["common", "repricing", "products", "prices"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "price:bulk" });
  const id = idParam(params.id);
  const batch = id ? await getPriceBatch(id) : null;
  if (!batch) throw recordNotFound("priceBatch");
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const pages = Math.max(1, Math.ceil(batch.products / LINES_PAGE_SIZE));
  const [totals, lines, belowCost, claims] = await Promise.all([
    priceBatchTotals(batch.id),
    listPriceBatchLines(batch.id, {
      limit: LINES_PAGE_SIZE,
      offset: (Math.min(page, pages) - 1) * LINES_PAGE_SIZE,
    }),
    batch.belowCost
      ? listPriceBatchLines(batch.id, { only: "belowCost", limit: LISTED_AT_MOST, offset: 0 })
      : Promise.resolve([]),
    batch.claims
      ? listPriceBatchLines(batch.id, { only: "claims", limit: LISTED_AT_MOST, offset: 0 })
      : Promise.resolve([]),
  ]);
  return { batch, totals, lines, belowCost, claims, page: Math.min(page, pages), pages };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "price:bulk" });
  const id = idParam(params.id);
  const batch = id ? await getPriceBatch(id) : null;
  if (!batch) throw recordNotFound("priceBatch");
  return batchForm(await readForm(request), batch.id, user);
}

export default function PriceBatchPage() {
  const { t } = useTranslation("repricing");
  const { batch, totals, lines, belowCost, claims, page, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <Link to="/products/reprice" className={detail.back}>
        ← {t("title")}
      </Link>
      <PageHeader
        title={t("batch.title", { id: batch.id })}
        actions={
          <Link to="/products/reprice" className={buttonClass("secondary")}>
            {t("batch.newBatch")}
          </Link>
        }
      />
      <BatchFacts batch={batch} />
      <BatchFigures batch={batch} totals={totals} />
      <BatchActions batch={batch} belowCost={belowCost} />
      <BatchLines
        batch={batch}
        lines={lines}
        belowCost={belowCost}
        claims={claims}
        page={page}
        pages={pages}
      />
    </>
  );
}

export const meta = pageTitle("repricing:title");
