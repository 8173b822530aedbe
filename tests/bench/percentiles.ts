// The benchmarks' one percentile: nearest rank (the smallest value with at least p % of the
// values at or below it), so p100 is the maximum and an empty list reads 0.

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? 0;
}

export const median = (values: readonly number[]): number => percentile(values, 50);
