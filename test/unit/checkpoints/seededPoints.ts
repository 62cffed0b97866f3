/** Which stop points a kill test visits: a few seeded ones, the same on every run. */
import { seededRandom } from '../../support/randomSession';

/** `count` distinct stop points among 1..`of`, the same ones on every run (a fixed seed). */
export function seededPoints(seed: number, of: number, count: number): number[] {
  const random = seededRandom(seed);
  const points = new Set<number>();
  while (points.size < Math.min(count, of)) points.add(1 + Math.floor(random() * of));
  return [...points].sort((a, b) => a - b);
}
