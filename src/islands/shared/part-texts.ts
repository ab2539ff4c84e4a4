/**
 * The words of a part of a page that loads later (lazy-part.tsx), in a module of their own: a
 * part that loads its code its own way (SeatsPanel) says the same without loading lazy-part.
 */
export const partLoading = 'Loading...';
export const partFailed = 'This part of the page could not be loaded. Check your connection.';
