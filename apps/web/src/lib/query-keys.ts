/** Query-key factories, one per resource (ARCHITECTURE 3.10). */
export const pagePropsKeys = {
  all: ['page-props'] as const,
};
