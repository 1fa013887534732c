import { createContext, useContext } from "react";

/**
 * True inside a DataTable's rows, where the table's style sheet draws what a cell holds (a badge, a
 * code) from its element and attributes: a page of 50 rows would repeat their classes ~250 times.
 */
export const InTableRows = createContext(false);

export function useInTableRows(): boolean {
  return useContext(InTableRows);
}
