import type { Kysely } from 'kysely';

interface StoredOption {
  id: string;
  text: string;
  correct: boolean;
  weight?: number;
}

const roundWeight = (w: number) => Math.round(w * 1e5) / 1e5;

/**
 * Every option of a choice question gets a weight in percent, chosen so that each question keeps
 * the marks it gave before:
 * - single choice (all or nothing): the correct option 100, the others 0;
 * - multiple choice, all or nothing: the correct options share 100, the others 0 (only which weights
 *   are positive matters to all-or-nothing marking);
 * - multiple choice, partial credit: the old rule (right - wrong) / right options is kept as the
 *   marking mode 'legacy-partial', because weights of +-1/k rounded like Moodle's fractions (and
 *   1/11, 1/12 that Moodle does not offer) would move some marks by a rounding step; the options get
 *   +100/k and -100/k, the weights that rule stands for.
 * Options already carrying a weight are left alone. Frozen papers in attempts are not touched: a
 * paper without weights keeps being graded by the rules it was made under.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: number; type: string; options: string | null; scoring: string | null }[] = await db
    .selectFrom('questions')
    .select(['id', 'type', 'options', 'scoring'])
    .where('type', 'in', ['single', 'multiple'])
    .where('options', 'is not', null)
    .execute();
  for (const row of rows) {
    let options: StoredOption[];
    try {
      options = JSON.parse(row.options as string) as StoredOption[];
    } catch {
      continue;
    }
    if (!Array.isArray(options) || options.every((o) => typeof o.weight === 'number')) continue;
    const right = options.filter((o) => o.correct).length;
    const share = right ? roundWeight(100 / right) : 0;
    const legacy = row.type === 'multiple' && row.scoring === 'partial';
    const weighted = options.map((o) => ({
      ...o,
      weight: row.type === 'single' ? (o.correct ? 100 : 0) : o.correct ? share : legacy ? -share : 0,
    }));
    await db
      .updateTable('questions')
      .set({ options: JSON.stringify(weighted), scoring: legacy ? 'legacy-partial' : row.scoring })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const rows: { id: number; options: string | null; scoring: string | null }[] = await db
    .selectFrom('questions')
    .select(['id', 'options', 'scoring'])
    .where('type', 'in', ['single', 'multiple'])
    .where('options', 'is not', null)
    .execute();
  for (const row of rows) {
    const options = (JSON.parse(row.options as string) as StoredOption[]).map(({ weight, ...o }) => ({ ...o, correct: (weight ?? (o.correct ? 1 : 0)) > 0 }));
    await db
      .updateTable('questions')
      .set({ options: JSON.stringify(options), scoring: row.scoring === 'legacy-partial' ? 'partial' : row.scoring })
      .where('id', '=', row.id)
      .execute();
  }
}
