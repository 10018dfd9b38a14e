import { z } from 'zod';
import { fieldMessage } from './messages';

/**
 * The trail of changes to the shop's setup (catalog, photos, promotions, settings): who changed what, when, and
 * from which address. Each admin page shows its entity's own changes; the activity page shows them all.
 */
export const AUDITED_ENTITIES = ['product', 'photo', 'category', 'promotion', 'setting'] as const;
export type AuditedEntityType = (typeof AUDITED_ENTITIES)[number];

export const adminChangeSchema = z
  .object({
    id: z.string(),
    at: z.string(),
    actor: z.string().describe('The staff member, by name as it was'),
    ip: z.string().nullable(),
    action: z.string().describe('created, updated, ended, retired...'),
    /** Each changed field: its value before (null when created) and after. */
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  })
  .meta({ id: 'AdminChange' });
export type AdminChange = z.infer<typeof adminChangeSchema>;

/** GET /admin-activity: every change, newest first, optionally of one kind of entity, in pages of 50. */
export const activityQuerySchema = z.object({
  type: z.enum(AUDITED_ENTITIES, fieldMessage(`must be one of ${AUDITED_ENTITIES.join(', ')}`)).optional(),
  page: z.coerce.number(fieldMessage('must be a page number')).int({ message: 'must be a whole number' }).min(1, { message: 'must be at least 1' }).max(10_000, { message: 'must be at most 10,000' }).default(1),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const ACTIVITY_PAGE_SIZE = 50;

export const activityListSchema = z
  .object({
    changes: z.array(
      adminChangeSchema.extend({
        entityType: z.enum(AUDITED_ENTITIES),
        entityId: z.string(),
        /** What staff call it now (a product's or category's name, a promotion's code); null for the settings. */
        entityName: z.string().nullable(),
      }),
    ),
    page: z.number().int(),
    /** Whether an older page exists (the trail only grows, so counting it all is not worth a query). */
    hasMore: z.boolean(),
  })
  .meta({ id: 'AdminActivity' });
export type ActivityList = z.infer<typeof activityListSchema>;
