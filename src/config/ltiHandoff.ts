/**
 * Query parameter of an instructor's LMS launch: `/?ltiHandoff=<code>` carries a one-time code that
 * the portal trades for a teacher session (the launch itself is a cross-site POST, which cannot
 * hand the browser a session of its own).
 */
export const LTI_HANDOFF_PARAM = 'ltiHandoff';
