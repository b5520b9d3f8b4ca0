// Preloaded into the server by the upload-attack benchmark (node --import). The server's own
// event-loop delay, and how much of it the main thread spent working: on a shared machine a timer
// is also late when the process merely waits for a core, which is not a stall the server caused.
// On SIGUSR2 the server prints, since the last signal: the largest delay, its 99th percentile, and
// the longest delay during which the main thread itself was on the CPU (Linux: its utime + stime).
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

const statFile = `/proc/self/task/${process.pid}/stat`;
/** CPU time of the main thread, in ms (clock ticks of 10 ms), or undefined off Linux. */
function mainThreadCpuMs() {
  try {
    const stat = fs.readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const TICK = 10;
let busiest = 0;
let last = performance.now();
let lastCpu = mainThreadCpuMs();
setInterval(() => {
  const now = performance.now();
  const cpu = mainThreadCpuMs();
  const late = now - last - TICK;
  if (late > 0 && cpu !== undefined && lastCpu !== undefined) busiest = Math.max(busiest, Math.min(late, cpu - lastCpu));
  last = now;
  lastCpu = cpu;
}, TICK).unref();

process.on('SIGUSR2', () => {
  const ms = (ns) => (ns / 1e6).toFixed(1);
  process.stderr.write(`event-loop-delay max=${ms(histogram.max)} p99=${ms(histogram.percentile(99))} busy=${busiest.toFixed(0)}\n`);
  histogram.reset();
  busiest = 0;
});
