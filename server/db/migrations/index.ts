import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as managementConsole from './0002_console';
import * as exams from './0003_exams';
import * as bankIndexes from './0004_bank_indexes';
import * as bankIndexTiebreak from './0005_bank_index_tiebreak';
import * as answerRelease from './0006_answer_release';
import * as integrity from './0007_integrity';
import * as analysis from './0008_analysis';
import * as authHardening from './0010_auth_hardening';
import * as optionWeights from './0011_option_weights';
import * as questionFeedback from './0012_question_feedback';
import * as questionTypes from './0013_question_types';
import * as rooms from './0014_rooms';
import * as questionImages from './0015_question_images';
import * as modelAnswers from './0016_model_answers';
import * as combinedFeedback from './0017_combined_feedback';
import * as attemptsOverrides from './0018_attempts_overrides';
import * as lti from './0019_lti';
import * as calibration from './0020_calibration';
import * as balancedPapers from './0021_balanced_papers';

/** Every migration, in order. Names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_console': managementConsole,
  '0003_exams': exams,
  '0004_bank_indexes': bankIndexes,
  '0005_bank_index_tiebreak': bankIndexTiebreak,
  '0006_answer_release': answerRelease,
  '0007_integrity': integrity,
  '0008_analysis': analysis,
  '0010_auth_hardening': authHardening,
  '0011_option_weights': optionWeights,
  '0012_question_feedback': questionFeedback,
  '0013_question_types': questionTypes,
  '0014_rooms': rooms,
  '0015_question_images': questionImages,
  '0016_model_answers': modelAnswers,
  '0017_combined_feedback': combinedFeedback,
  '0018_attempts_overrides': attemptsOverrides,
  '0019_lti': lti,
  '0020_calibration': calibration,
  '0021_balanced_papers': balancedPapers,
};
