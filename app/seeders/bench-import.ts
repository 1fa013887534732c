/** SKUs of the products the benchmark's timed import adds (`IMP-<run>-<n>`); no imports. */
export const BENCH_IMPORT_SKU_PREFIX = "IMP-";
