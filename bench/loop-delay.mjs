// Preloaded into the server by the upload-attack benchmark (node --import): the server's own
// event-loop delay, so a stall can be told from the machine being busy. On SIGUSR2 the server
// prints the largest delay and the 99th percentile since the last signal, and starts again.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => (ns / 1e6).toFixed(1);
  process.stderr.write(`event-loop-delay max=${ms(histogram.max)} p99=${ms(histogram.percentile(99))}\n`);
  histogram.reset();
});
