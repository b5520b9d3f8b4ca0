/**
 * The small request of the upload-attack benchmark, in a process of its own so that building and
 * sending the attack files never delays it: GET /api/health one at a time (5 ms apart) from the
 * 'start' message to the 'stop' message, then the answer times go back to the parent.
 */
const url = process.argv[2];
let running = false;
const times: number[] = [];

async function loop() {
  while (running) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 5));
  }
}

let done: Promise<void> = Promise.resolve();
process.on('message', async (message: string) => {
  if (message === 'start') {
    // A few unmeasured requests first: the first fetch of a process loads its HTTP client.
    for (let i = 0; i < 5; i++) await (await fetch(`${url}/api/health`)).arrayBuffer();
    times.length = 0;
    running = true;
    done = loop();
    process.send!('started');
  } else if (message === 'stop') {
    running = false;
    await done;
    const sorted = [...times].sort((a, b) => a - b);
    process.send!({ maxMs: Math.round(sorted.at(-1) ?? 0), count: sorted.length, p50: +(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1) });
  } else if (message === 'exit') process.exit(0);
});
