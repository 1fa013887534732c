import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/i18n/use-format";
import type { VatBreakdownRow } from "~/models/order/document-amounts";
import { useHydrated } from "~/web/use-hydrated";
import * as s from "./DocumentPrint.css";
import type { DocumentNamespace } from "./LineEditor";

/** The shop as its letterhead prints it. */
export type PrintedShop = {
  name: string;
  address: string | null;
  businessId: string | null;
  email: string | null;
  phone: string | null;
};

/**
 * A printed document's page (A4 in print, a sheet on screen): a way back to the document and a
 * print button above the sheet. The button needs JavaScript, so it appears only then; without it
 * the browser's own Print does the same.
 */
export function PrintFrame({
  ns,
  back,
  number,
  testId,
  children,
}: {
  ns: DocumentNamespace;
  /** the document's own page */
  back: string;
  number: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const hydrated = useHydrated();
  return (
    <main className={s.screen}>
      <nav className={s.toolbar}>
        <Link to={back}>← {t("print.back", { number })}</Link>
        {hydrated ? (
          <button type="button" className={s.printButton} onClick={() => window.print()}>
            {t("print.print")}
          </button>
        ) : null}
      </nav>
      <article className={s.sheet} data-testid={testId}>
        {children}
      </article>
    </main>
  );
}

/** The sheet's head: the shop's letterhead, the document's title and its facts (number, dates). */
export function Letterhead({
  ns,
  shop,
  title,
  facts,
}: {
  ns: DocumentNamespace;
  shop: PrintedShop;
  title: string;
  facts: [label: string, value: string, testId?: string][];
}) {
  const { t } = useTranslation(ns);
  return (
    <header className={s.head}>
      <div>
        <p className={s.shopName}>{shop.name}</p>
        {shop.address ? <p className={s.shopLine}>{shop.address}</p> : null}
        {shop.businessId ? (
          <p className={s.shopLine}>
            {t("print.businessId")} {shop.businessId}
          </p>
        ) : null}
        {shop.email ? <p className={s.shopLine}>{shop.email}</p> : null}
        {shop.phone ? <p className={s.shopLine}>{shop.phone}</p> : null}
      </div>
      <div>
        <h1 className={s.title}>{title}</h1>
        <dl className={s.facts}>
          {facts.map(([label, value, testId]) => (
            <Fact key={label} label={label} value={value} testId={testId} />
          ))}
        </dl>
      </div>
    </header>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <>
      <dt className={s.term}>{label}</dt>
      <dd className={s.value} data-testid={testId}>
        {value}
      </dd>
    </>
  );
}

/** A printed line: what was sold or ordered, how many, at what each, its VAT rate and its total. */
export type PrintedLine = {
  id: number;
  productName: string;
  sku: string;
  quantity: number;
  unitAmount: string;
  vatRate: string;
  total: string;
};

/** The printed lines; the headings of the amounts say whether they carry VAT. */
export function PrintedLines({
  ns,
  lines,
  unitHeading,
  totalHeading,
}: {
  ns: DocumentNamespace;
  lines: PrintedLine[];
  unitHeading: string;
  totalHeading: string;
}) {
  const { t } = useTranslation(ns);
  const format = useFormat();
  const number = `${s.td} ${s.number}`;
  const quantityHeading = t("table.quantity");
  const vatHeading = t("print.vatRate");
  return (
    <table className={s.lines} data-testid="printed-lines">
      <colgroup>
        <col />
        <col className={s.skuColumn} />
        <col className={s.quantityColumn} />
        <col className={s.amountColumn} />
        <col className={s.rateColumn} />
        <col className={s.amountColumn} />
      </colgroup>
      <Headings
        text={[t("table.product"), t("print.sku")]}
        figures={[quantityHeading, unitHeading, vatHeading, totalHeading]}
      />
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} className={s.row} data-testid="printed-line">
            <td className={s.td}>{line.productName}</td>
            <td className={`${s.td} ${s.code}`}>{line.sku}</td>
            <td className={number} data-label={quantityHeading}>
              {format.number(line.quantity)}
            </td>
            <td className={number} data-label={unitHeading}>
              {format.money(line.unitAmount)}
            </td>
            <td className={number} data-label={vatHeading}>
              {format.rate(line.vatRate)}
            </td>
            <td className={number} data-label={totalHeading}>
              {format.money(line.total)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A printed table's headings: the text columns first, then the figures (right-aligned). */
function Headings({ text, figures }: { text: string[]; figures: string[] }) {
  return (
    <thead>
      <tr className={s.row}>
        {text.map((heading) => (
          <th key={heading} className={s.th} scope="col">
            {heading}
          </th>
        ))}
        {figures.map((heading) => (
          <th key={heading} className={`${s.th} ${s.number}`} scope="col">
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The printed VAT per rate: net, VAT and gross of each. */
export function PrintedVat({ ns, rows }: { ns: DocumentNamespace; rows: VatBreakdownRow[] }) {
  const { t } = useTranslation(ns);
  const format = useFormat();
  const number = `${s.td} ${s.number}`;
  return (
    <table className={s.vatTable} data-testid="printed-vat">
      <caption className={s.caption}>{t("print.vatBreakdown")}</caption>
      <Headings text={[t("totals.rate")]} figures={[t("totals.net"), t("totals.vat"), t("totals.gross")]} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.rate} className={s.row} data-testid="printed-vat-row">
            <td className={s.td}>{format.rate(row.rate)}</td>
            <td className={number}>{format.money(row.net)}</td>
            <td className={number}>{format.money(row.vat)}</td>
            <td className={number}>{format.money(row.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The printed sums: label and amount per line, the last (the total) in bold when asked. */
export function PrintedSums({
  sums,
}: {
  sums: { label: string; amount: string; grand?: boolean; testId?: string }[];
}) {
  return (
    <dl className={s.sums}>
      {sums.map(({ label, amount, grand, testId }) => (
        <Sum key={label} label={label} amount={amount} grand={grand} testId={testId} />
      ))}
    </dl>
  );
}

function Sum({
  label,
  amount,
  grand,
  testId,
}: {
  label: string;
  amount: string;
  grand?: boolean;
  testId?: string;
}) {
  return (
    <>
      <dt className={grand ? s.grandTotal : undefined}>{label}</dt>
      <dd className={grand ? `${s.sumValue} ${s.grandTotal}` : s.sumValue} data-testid={testId}>
        {amount}
      </dd>
    </>
  );
}

/** The document's note, under everything else, when it has one. */
export function PrintedNote({ heading, text }: { heading: string; text: string | null }) {
  if (!text) return null;
  return (
    <section className={s.notes}>
      <h2 className={s.heading}>{heading}</h2>
      {text}
    </section>
  );
}
