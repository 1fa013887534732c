// What each kind's check gives the import job: its rows as the preview shows them, with the
// record as it will be written. Types only: each check is in its aggregate's folder.
import type { CustomerInput } from "~/models/customer/customer-schema";
import type { ProductInput } from "~/models/product/product-schema";
import type { ImportMessage, ImportRowView } from "./import";

/** A product row's write: the whole product as it will be. */
export type ProductImportInput = Omit<ProductInput, "version">;

/** A customer row's write: the whole customer as it will be. */
export type CustomerImportInput = Omit<CustomerInput, "version">;

/**
 * A category row's write. Its parent is a category of the catalogue (`parentId`) or one a line
 * above creates (`parentLine`: the job learns its id when it writes that line), or none.
 */
export type CategoryImportInput = {
  name: string;
  description: string | null;
  parentId: number | null;
  parentLine: number | null;
};

export type ImportInput = ProductImportInput | CustomerImportInput | CategoryImportInput;

/** A checked row: what the preview shows, and what the import writes. */
export type CheckedRow<Input extends ImportInput = ImportInput> = ImportRowView & {
  input: Input | null;
  /** the version of the matched record the check compared against: the import refuses a later one */
  recordVersion: number | null;
};

export type ImportCheck<Input extends ImportInput = ImportInput> =
  | {
      ok: true;
      columns: string[];
      ignored: string[];
      /** the checked rows, in file order, a batch at a time */
      batches: AsyncGenerator<CheckedRow<Input>[]>;
    }
  | { ok: false; error: ImportMessage };
