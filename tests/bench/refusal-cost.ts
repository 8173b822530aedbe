// What one refusal costs the API process: every booking is refused (503) while the load
// generator offers BENCH_REFUSAL_RATE a second (1,500) for three rounds of 6,000, and the
// process's CPU (all threads, from process.cpuUsage) is divided by the refusals. The API is the
// built one (apps/api/dist): `npm run build` first. `npx tsx tests/bench/refusal-cost.ts`.
import { Admission } from '../../apps/api/dist/infra/http/admission';
import { startBookingService } from './booking-setup';
import { percentile } from './percentiles';

const RATE = Number(process.env.BENCH_REFUSAL_RATE ?? 1500);
const COUNT = 6000;

async function main(): Promise<void> {
  const service = await startBookingService({ prefix: 'medbook_refusal', connections: 256 });
  try {
    const calendarId = await service.calendar(1);
    // From here on no command finds a place (the set-up above needed some).
    Admission.prototype.enterOrWait = function refuseCommands(this: Admission, routeClass) {
      if (routeClass === 'commands') return false;
      return this.tryEnter(routeClass);
    };
    const idleFrom = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const idle = process.cpuUsage(idleFrom);
    process.stdout.write(
      `idle for 4 s: ${((idle.user + idle.system) / 1000).toFixed(0)} ms of CPU\n`,
    );
    for (let round = 1; round <= 3; round += 1) {
      const from = process.cpuUsage();
      const result = await service.load({
        mode: 'open',
        calendarId,
        starts: service.slotStarts(Math.ceil(COUNT / 288) + 1).slice(0, COUNT),
        rate: RATE,
      });
      const cpu = process.cpuUsage(from);
      const refused = result.statuses.filter((status) => status === 503).length;
      process.stdout.write(
        `round ${round}: ${refused} of ${result.statuses.length} refused at ${RATE}/s offered; ` +
          `API CPU ${((cpu.user + cpu.system) / refused).toFixed(0)} µs per refusal; ` +
          `p50 ${percentile(result.latencies, 50).toFixed(1)} ms, p99 ${percentile(result.latencies, 99).toFixed(1)} ms\n`,
      );
    }
  } finally {
    await service.close();
  }
}

void main();
