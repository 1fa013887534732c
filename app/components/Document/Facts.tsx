import { Fragment, type ReactNode } from "react";
import * as doc from "./Document.css";

/** A fact of a document's page: its term and its value. False, empty, null or nothing: not shown. */
export type Fact = { term: string; value: ReactNode; testId?: string } | false | "" | null | undefined;

/**
 * A document's facts (its supplier or places, when each step happened and by whom), as one list of
 * terms: the purchase order's, the transfer's, the return's and the claim's pages.
 */
export function Facts({ facts, testId }: { facts: Fact[]; testId: string }) {
  return (
    <dl className={doc.facts} data-testid={testId}>
      {facts.map((fact) =>
        fact ? (
          <Fragment key={fact.term}>
            <dt className={doc.term}>{fact.term}</dt>
            <dd className={doc.value} data-testid={fact.testId}>
              {fact.value}
            </dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  );
}

/**
 * A fact with its detail after a dot, when there is one: when a step happened and by whom
 * ("27.11.2026 14.05 · Maija Manager"), a place and its address.
 */
export function withDetail(fact: string, detail: string | null | undefined): string {
  return detail ? `${fact} · ${detail}` : fact;
}
