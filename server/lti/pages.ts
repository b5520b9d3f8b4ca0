/**
 * The HTML pages of LTI launches: what a person sees inside or beside their LMS when a launch
 * fails, when an instructor picks a quiz to add (deep linking), and the form that carries the
 * answer back to the LMS. Plain server-rendered pages (no application script): every value is
 * escaped, and the only script is the portal's own auto-submit file (the Content-Security-Policy
 * allows no inline script).
 */
export const AUTOPOST_SCRIPT_PATH = '/api/lti/autopost.js';
export const AUTOPOST_SCRIPT = "document.addEventListener('DOMContentLoaded',function(){var f=document.querySelector('form[data-autopost]');if(f)f.submit();});\n";

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The LTI pages' look, light or dark as the system prefers (they are outside the app and its theme); both keep WCAG AA contrast. */
const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f5f7fa;color:#1f2933}
main{max-width:640px;margin:48px auto;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12);padding:28px 32px}
h1{font-size:1.35rem;margin:0 0 12px}p{line-height:1.5}.what{color:#b42318;font-weight:600}
.check{background:#f0f4f8;border-left:4px solid #1976d2;padding:10px 14px;border-radius:4px}
label.quiz{display:flex;gap:10px;align-items:flex-start;padding:10px;border:1px solid #d9e2ec;border-radius:6px;margin:8px 0;cursor:pointer}
label.quiz:hover{background:#f0f4f8}small{color:#52606d}
button,a.button{display:inline-block;background:#1976d2;color:#fff;border:0;border-radius:4px;padding:10px 18px;font-size:1rem;cursor:pointer;text-decoration:none;margin-top:12px}
code{background:#f0f4f8;padding:1px 4px;border-radius:3px;word-break:break-all}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){body{background:#121212;color:#e4e7eb}main{background:#1e1e1e;box-shadow:none;border:1px solid #3e4c59}
.what{color:#ff8a80}.check,code{background:#27313b}.check{border-left-color:#90caf9}label.quiz{border-color:#3e4c59}label.quiz:hover{background:#27313b}small{color:#bcccdc}
button,a.button{background:#90caf9;color:#0b1f33}}`;

function page(title: string, body: string, extraHead = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${extraHead}</head><body><main>${body}</main></body></html>`;
}

/** A launch that cannot go on: what failed, in words, and what the LMS administrator should check. */
export function failurePage(title: string, what: string, check: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="what">${escapeHtml(what)}</p><p class="check"><strong>What to check:</strong> ${escapeHtml(check)}</p><p><small>Nothing was changed in the exam portal. Go back to the course in your LMS and open the activity again once this is fixed.</small></p>`,
  );
}

/** A page that posts `fields` to `action` at once (the deep-linking answer to the LMS). */
export function autoPostPage(title: string, action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><form method="post" action="${escapeHtml(action)}" data-autopost>${inputs}<p>Returning to your LMS…</p><button type="submit">Continue</button></form>`,
    `<script src="${AUTOPOST_SCRIPT_PATH}" defer></script>`,
  );
}

/** Inside an LMS frame: the exam (or the manage page) opens in a window of its own, where its checks work. */
export function openInWindowPage(title: string, text: string, href: string, label: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><a class="button" href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(label)}</a>`);
}

export interface PickableQuiz {
  id: number;
  name: string;
  validFrom: number | null;
  validTo: number | null;
  published: boolean;
  totalMarks: number;
}

const when = (ms: number | null) => (ms === null ? 'not set' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC');

/** Deep linking: the instructor picks one of their quizzes to add to the LMS course. */
export function pickerPage(code: string, teacherName: string, quizzes: readonly PickableQuiz[], action: string): string {
  if (!quizzes.length) {
    return page(
      'Add a quiz to your course',
      `<h1>Add a quiz to your course</h1><p>${escapeHtml(teacherName)}, you have no quizzes in the exam portal yet.</p><p class="check">Create the quiz in the portal first (Quiz → Create), then choose "Add an activity" in your LMS course again.</p>`,
    );
  }
  const items = quizzes
    .map(
      (q, i) =>
        `<label class="quiz"><input type="radio" name="quizId" value="${q.id}"${i === 0 ? ' checked' : ''} required><span><strong>${escapeHtml(q.name)}</strong><br><small>${q.published ? 'Published' : 'Not published yet'} · ${q.totalMarks} marks · opens ${escapeHtml(when(q.validFrom))} · closes ${escapeHtml(when(q.validTo))}</small></span></label>`,
    )
    .join('');
  return page(
    'Add a quiz to your course',
    `<h1>Add a quiz to your course</h1><p>${escapeHtml(teacherName)}, choose the quiz this LMS activity opens. Its grades go to the LMS gradebook.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="code" value="${escapeHtml(code)}">${items}<button type="submit">Add to course</button></form>`,
  );
}
