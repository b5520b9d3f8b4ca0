/**
 * Stacking order, lowest to highest: loading overlay 999, overlay 1000, modal 1100, toast 1200.
 * Our own overlays use these values; MUI's theme keeps its defaults so react-admin's dialogs
 * and menus stay consistent.
 */
export const LAYERS = {
  loadingOverlay: 999,
  overlay: 1000,
  modal: 1100,
  toast: 1200,
} as const;
