/** The fetcher shared by the line forms (quantity, remove, engraving, assembly, quick add, empty): one status line. */
export const LINE_FORMS = 'bag-lines';
/** The intents whose results show in the page's status line. */
export const LINE_INTENTS = ['quantity', 'remove', 'remove-engraving', 'assembly', 'empty', 'add', 'photo', 'remove-photo'] as const;
