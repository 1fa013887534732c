/**
 * What the camera reads: the codes on the boxes an electronics shop sells (EAN-13, EAN-8, UPC-A,
 * UPC-E) and Code 128 (shelf and warehouse labels), named as the BarcodeDetector API names them.
 */
export const CAMERA_FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128"] as const;

/**
 * Which reader to use: the browser's own BarcodeDetector when it reads at least the shop's main
 * formats (EAN-13 and Code 128), else the zxing library, loaded only then.
 */
export function chooseReader(hasDetector: boolean, supported: readonly string[]): "native" | "library" {
  return hasDetector && supported.includes("ean_13") && supported.includes("code_128") ? "native" : "library";
}

/** A code as read: digits and letters only, as the scanner's field takes a typed one. */
export function cleanCode(raw: string): string {
  return raw.trim().replace(/[^\dA-Za-z\-_.]/g, "");
}
