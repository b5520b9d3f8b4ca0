import { configKeyOfPlist } from './sebConfigKey';

/** What of a quiz goes into its .seb file: any change of these changes the Config Key. */
export interface SebQuizSettings {
  id: number;
  quitPasswordHash: string | null;
  /** Face-detection quizzes need the camera, which SEB blocks by default. */
  camera: boolean;
}

/** The instruction page of a quiz, where SEB starts (the student signs in there if needed). */
export const instructionPath = (quizId: number) => `/student/availableQuiz/instruction/${quizId}`;
/** Opening this address in SEB quits it (after a confirmation); the exam's result page links to it. */
export const SEB_QUIT_PATH = '/student/quit-seb';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Value = string | number | boolean | Value[] | { [key: string]: Value };

function plistValue(value: Value, indent: string): string {
  if (typeof value === 'string') return `<string>${escapeXml(value)}</string>`;
  if (typeof value === 'number') return `<integer>${Math.trunc(value)}</integer>`;
  if (typeof value === 'boolean') return value ? '<true/>' : '<false/>';
  const inner = `${indent}\t`;
  if (Array.isArray(value)) {
    return value.length ? `<array>\n${value.map((v) => `${inner}${plistValue(v, inner)}\n`).join('')}${indent}</array>` : '<array/>';
  }
  const entries = Object.entries(value);
  return entries.length
    ? `<dict>\n${entries.map(([k, v]) => `${inner}<key>${escapeXml(k)}</key>\n${inner}${plistValue(v, inner)}\n`).join('')}${indent}</dict>`
    : '<dict/>';
}

/**
 * The quiz's SEB configuration as an unencrypted .seb file (an XML property list), for the
 * portal at `base` (PUBLIC_URL, or the address the request came to): SEB starts on the quiz's
 * instruction page, sends the Browser Exam Key and Config Key hashes, may open only the portal,
 * and quits with the teacher's password (kept only as its SHA-256) or through the quit link.
 */
export function sebConfigXml(quiz: SebQuizSettings, base: string): string {
  const settings: Record<string, Value> = {
    originatorVersion: 'exam-portal',
    startURL: `${base}${instructionPath(quiz.id)}`,
    sendBrowserExamKey: true,
    examSessionClearCookiesOnStart: false,
    allowQuit: true,
    ...(quiz.quitPasswordHash ? { hashedQuitPassword: quiz.quitPasswordHash } : {}),
    quitURL: `${base}${SEB_QUIT_PATH}`,
    quitURLConfirm: true,
    allowPreferencesWindow: false,
    browserWindowAllowReload: true,
    showReloadButton: true,
    showTaskBar: true,
    URLFilterEnable: true,
    URLFilterEnableContentFilter: false,
    URLFilterRules: [{ action: 1, active: true, expression: base, regex: false }],
    browserMediaCaptureCamera: quiz.camera,
    allowVideoCapture: quiz.camera,
    browserMediaCaptureMicrophone: false,
    allowAudioCapture: false,
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
${plistValue(settings, '')}
</plist>
`;
}

/** The file and its Config Key, computed from the very bytes that are served. */
export function sebConfigOf(quiz: SebQuizSettings, base: string): { xml: string; configKey: string } {
  const xml = sebConfigXml(quiz, base);
  return { xml, configKey: configKeyOfPlist(xml) };
}

/** A file name from the quiz name: letters, digits and dashes. */
export const sebFileName = (quizName: string) => `${quizName.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'quiz'}.seb`;

/** The link that opens the configuration in SEB directly: sebs:// for an https portal, seb:// for http. */
export const sebLink = (fileUrl: string) => fileUrl.replace(/^https:\/\//, 'sebs://').replace(/^http:\/\//, 'seb://');
