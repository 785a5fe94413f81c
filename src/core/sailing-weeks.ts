// Port to port (product.md#port-to-port): weeks ahead a search looks by default, and at most. A module of its own so
// that the window's links take these two numbers without the search's code.
export const SAILINGS_WEEKS = 4;
export const SAILINGS_MAX_WEEKS = 8;
