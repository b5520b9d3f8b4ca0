/**
 * Rasch calibration benchmark: one subject's bank of 2,000 questions and 200,000 first-attempt
 * answers on random papers of 20 to 50 questions each (every student their own item set, the
 * costly case: no two students share their elementary symmetric functions).
 *
 *   node --import tsx bench/rasch.ts [--items 2000] [--responses 200000] [--seed 1]
 *
 * Prints the time of the calibration alone (data generation excluded; wall clock and this process's
 * CPU time, which a busy machine does not inflate) and how well the known difficulties came back.
 */
import { parseArgs } from 'node:util';
import { calibrateRasch, type RaschResponse } from '../server/analysis/rasch';
import { prng } from './random';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '2000' },
    responses: { type: 'string', default: '200000' },
    seed: { type: 'string', default: '1' },
  },
});
const nItems = Number(values.items);
const nResponses = Number(values.responses);
const random = prng(Number(values.seed));
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const truth = Array.from({ length: nItems }, () => normal());
const responses: RaschResponse[] = [];
let person = 0;
while (responses.length < nResponses) {
  person++;
  const theta = normal();
  const k = Math.min(20 + Math.floor(random() * 31), nResponses - responses.length);
  const paper = new Set<number>();
  while (paper.size < k) paper.add(Math.floor(random() * nItems));
  for (const item of paper) {
    const p = 1 / (1 + Math.exp(truth[item] - theta));
    responses.push({ person, item, correct: random() < p });
  }
}

const started = performance.now();
const cpu = process.cpuUsage();
const result = calibrateRasch(responses);
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const cpuSeconds = (used.user + used.system) / 1e6;

const calibrated = result.items.filter((item) => item.status === 'calibrated');
const mean = calibrated.reduce((s, item) => s + truth[item.item], 0) / calibrated.length;
let squares = 0;
let within2se = 0;
for (const item of calibrated) {
  const error = item.difficulty! - (truth[item.item] - mean);
  squares += error * error;
  if (Math.abs(error) <= 2 * item.se!) within2se++;
}
const statuses: Record<string, number> = {};
for (const item of result.items) statuses[item.status] = (statuses[item.status] ?? 0) + 1;

console.log(`rasch: ${nItems} items, ${responses.length} responses, ${person} students`);
console.log(`  calibration ${seconds.toFixed(2)} s (CPU ${cpuSeconds.toFixed(2)} s), ${result.iterations} iterations, converged ${result.converged}`);
console.log(`  statuses ${JSON.stringify(statuses)}, informative students ${result.informativePersons}`);
console.log(
  `  recovery: RMSE ${Math.sqrt(squares / calibrated.length).toFixed(3)} logits, ` +
    `${((100 * within2se) / calibrated.length).toFixed(1)}% within 2 SE`,
);
