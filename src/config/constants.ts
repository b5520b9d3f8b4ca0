/** The product's name as users see it (page titles, the landing announcement). */
export const PRODUCT_NAME = 'Exam Portal';

/* The product's UI constants (toast, date input, dropdowns, virtual lists); its validation limits live with the schemas in src/schemas. */

export const TOAST_LIFE_MS = 3000;
export const TOAST_ANIMATION_MS = 300;
/** Toasts open at once; a new one beyond this closes the oldest, so the stack stays on screen. */
export const TOAST_STACK_MAX = 4;

/** Date-time inputs show mm/dd/yy; this is the same format in dayjs tokens. */
export const DATE_TIME_INPUT_FORMAT = 'MM/DD/YY';

export const VIRTUAL_LIST_RESIZE_DELAY_MS = 10;
export const DROPDOWN_LIST_HEIGHT_PX = 200;
export const TYPE_AHEAD_RESET_MS = 500;
export const BLUR_DELAY_MS = 200;
