import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/tables';
import { QuizMemo } from '../exam/quizMemo';
import { AppError } from '../lib/errors';
import { createHash } from 'node:crypto';
import { sebConfigOf, sebLink } from './sebConfig';
import { baseUrlOf, sebProofHolds } from './sebProof';
import { recordServerEvent } from './events';
import { START_BLOCK_TEXT } from '../../src/schemas/examStart';

/** The refusal says what the instruction page says, and tells it where the configuration is: the download and the link that opens it in SEB. */
export const sebRefused = (quizId: number, downloadUrl: string) =>
  new AppError(403, START_BLOCK_TEXT.seb.message, 'SEB_REQUIRED', { quizId, sebRequired: true, sebDownloadUrl: downloadUrl, sebLink: sebLink(downloadUrl) });

/**
 * The key in the address SEB downloads the configuration from (a sebs:// link carries no session):
 * derived from the Config Key, so only someone who was given the link (or the file) has it.
 */
export const downloadKeyOf = (configKey: string) => createHash('sha256').update(`seb-download:${configKey}`).digest('hex');
export const studentSebPath = (quizId: number) => `/api/student/quizzes/${quizId}/seb`;

/** The columns of a quiz that its integrity rules read. */
export const INTEGRITY_QUIZ_COLUMNS = [
  'id',
  'name',
  'updated_at',
  'options',
  'created_by',
  'department_id',
  'institute_id',
  'seb_quit_password_hash',
  'seb_browser_exam_keys',
  'require_fullscreen',
  'block_clipboard',
  'integrity_thresholds',
] as const;
export type IntegrityQuiz = Pick<Selectable<Database['quizzes']>, (typeof INTEGRITY_QUIZ_COLUMNS)[number]>;

/** What the exam calls need of a quiz's stored JSON settings, parsed once per row object. */
interface IntegrityFacts {
  seb: boolean;
  face: boolean;
  browserExamKeys: string[];
}
const factsByRow = new WeakMap<object, IntegrityFacts>();
function factsOf(quiz: Partial<Pick<IntegrityQuiz, 'options' | 'seb_browser_exam_keys'>>): IntegrityFacts {
  let facts = factsByRow.get(quiz);
  if (!facts) {
    const options = (quiz.options ? JSON.parse(quiz.options) : {}) as { face_detection?: boolean; safe_exam_browser?: boolean };
    facts = {
      seb: options.safe_exam_browser === true,
      face: options.face_detection === true,
      browserExamKeys: (quiz.seb_browser_exam_keys ? (JSON.parse(quiz.seb_browser_exam_keys) as string[]) : []).map((k) => k.toLowerCase()),
    };
    factsByRow.set(quiz, facts);
  }
  return facts;
}
/** Whether the quiz needs SEB (remembered per row object: a save must not parse the settings each time). */
export const sebRequired = (quiz: Pick<IntegrityQuiz, 'options'>) => factsOf(quiz).seb;
export const faceDetectionOn = (quiz: Pick<IntegrityQuiz, 'options'>) => factsOf(quiz).face;
export const browserExamKeysOf = (quiz: Pick<IntegrityQuiz, 'seb_browser_exam_keys'>) => factsOf(quiz).browserExamKeys;

/** How long this process trusts what it read of a quiz's integrity settings before reading them again. */
const QUIZ_TTL_MS = 5_000;
const BASES_PER_QUIZ = 8;

/**
 * Safe Exam Browser enforcement for the exam API. The check costs one SHA-256 a call: the quiz's
 * settings are read at most once per 5 s per process, and its configuration and Config Key are
 * built once per quiz version and address (QuizMemo).
 */
export class SebGate {
  private readonly quizzes = new Map<number, { expires: number; value: Promise<IntegrityQuiz | undefined> }>();
  private readonly configs = new QuizMemo<Map<string, { xml: string; configKey: string }>>(async () => new Map(), 60_000, 1_000);
  /** The minute of the last recorded SEB refusal of each attempt. */
  private readonly refusedMinute = new Map<number, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly publicUrl: string | undefined,
  ) {}

  /** The quiz's integrity settings, as read at most QUIZ_TTL_MS ago. */
  quiz(quizId: number, now = Date.now()): Promise<IntegrityQuiz | undefined> {
    const cached = this.quizzes.get(quizId);
    if (cached && cached.expires > now) return cached.value;
    if (this.quizzes.size >= 1_000) for (const [id, e] of this.quizzes) if (e.expires <= now) this.quizzes.delete(id);
    const value = this.db.selectFrom('quizzes').select(INTEGRITY_QUIZ_COLUMNS).where('id', '=', quizId).executeTakeFirst() as Promise<IntegrityQuiz | undefined>;
    this.quizzes.set(quizId, { expires: now + QUIZ_TTL_MS, value });
    value.catch(() => this.quizzes.delete(quizId));
    return value;
  }

  baseOf(req: FastifyRequest) {
    return baseUrlOf(req, this.publicUrl);
  }

  /** The quiz's .seb file for the portal at this request's address, and its Config Key (kept with the quiz). */
  async config(quiz: IntegrityQuiz, req: FastifyRequest): Promise<{ xml: string; configKey: string }> {
    const base = this.baseOf(req);
    const byBase = await this.configs.get(quiz);
    let config = byBase.get(base);
    if (!config) {
      config = sebConfigOf({ id: quiz.id, quitPasswordHash: quiz.seb_quit_password_hash, camera: faceDetectionOn(quiz) }, base);
      if (byBase.size >= BASES_PER_QUIZ) byBase.delete(byBase.keys().next().value!);
      byBase.set(base, config);
      await this.db.updateTable('quizzes').set({ seb_config_key: config.configKey }).where('id', '=', quiz.id).where((eb) => eb.or([eb('seb_config_key', 'is', null), eb('seb_config_key', '!=', config!.configKey)])).execute();
    }
    return config;
  }

  /**
   * Refuses (403) an exam call of a SEB quiz without proof of SEB with the quiz's configuration.
   * A refusal on an attempt is recorded on its timeline (at most once a minute).
   * Returns whether the quiz needs SEB (then the proof held).
   */
  async require(req: FastifyRequest, quizOrId: IntegrityQuiz | number, attemptId?: number): Promise<boolean> {
    const quiz = typeof quizOrId === 'number' ? await this.quiz(quizOrId) : quizOrId;
    if (!quiz || !sebRequired(quiz)) return false;
    const { configKey } = await this.config(quiz, req);
    if (sebProofHolds(req, { configKey, browserExamKeys: browserExamKeysOf(quiz) }, this.publicUrl)) return true;
    if (attemptId !== undefined) {
      const now = Date.now();
      const minute = Math.floor(now / 60_000);
      // A browser retrying without SEB writes at most one event a minute, not one a request.
      if (this.refusedMinute.get(attemptId) !== minute) {
        if (this.refusedMinute.size >= 10_000) this.refusedMinute.clear();
        this.refusedMinute.set(attemptId, minute);
        await recordServerEvent(this.db, attemptId, `seb-refused-${minute}`, 'seb-refused', now, { path: req.url.split('?')[0].slice(0, 200) });
      }
    }
    throw sebRefused(quiz.id, `${this.baseOf(req)}${studentSebPath(quiz.id)}?key=${downloadKeyOf(configKey)}`);
  }
}

const gates = new WeakMap<object, SebGate>();
/** One gate per app (keyed by its database), shared by the student and teacher routes. */
export function sebGateOf(app: { db: Kysely<Database>; config: { PUBLIC_URL?: string } }): SebGate {
  let gate = gates.get(app.db);
  if (!gate) {
    gate = new SebGate(app.db, app.config.PUBLIC_URL);
    gates.set(app.db, gate);
  }
  return gate;
}
