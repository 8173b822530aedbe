/** How the page writes the report's numbers: rates as percentages, hours as hours or days. */
export const percent = (rate: number | null): string =>
  rate === null ? '–' : `${(rate * 100).toFixed(rate * 100 < 10 ? 1 : 0)} %`;

export function duration(hours: number | null): string {
  if (hours === null) return '–';
  if (Math.abs(hours) < 48) return `${Number(hours.toFixed(1))} h`;
  return `${Number((hours / 24).toFixed(1))} d`;
}

/** A week's Monday as "Apr 6". */
export const weekLabel = (weekStart: string): string =>
  new Date(`${weekStart}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
