/**
 * Navigation for code that runs outside React (the HTTP client on a 405). The router registers
 * its navigate function at start-up; before that, or in a page without the router, a full page
 * load does the same job.
 */
type Navigator = (to: string) => void;

let registered: Navigator | undefined;

/** Returns a function that removes the registration again (used by tests and hot reload). */
export function registerNavigator(navigator: Navigator): () => void {
  registered = navigator;
  return () => {
    if (registered === navigator) registered = undefined;
  };
}

export function navigateTo(to: string): void {
  if (registered) registered(to);
  else window.location.assign(to);
}
