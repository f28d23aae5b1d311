import { categorySchema, type Category } from '@pantalla/contracts';
import { z } from 'zod';

/**
 * Navigation state of the /allincat pages (spec: category, user json file, items;
 * allincat2 also events, section name and the adult flag). Items travel as ids: the page
 * reads the items themselves from the category's contents query, which the row already
 * warmed, so history state stays small even for hundreds of events.
 */
export const allInCategoryStateSchema = z.object({
  category: categorySchema,
  jsonFile: z.string(),
  items: z.array(z.string()),
  events: z.array(z.number().int()).optional(),
  section: z.string().optional(),
  adult: z.boolean().optional(),
});
export type AllInCategoryState = z.infer<typeof allInCategoryStateSchema>;

/** Reads the state of the current history entry; null when missing or not ours (a typed URL). */
export function readAllInCategoryState(state: unknown): AllInCategoryState | null {
  const parsed = allInCategoryStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

export type { Category };
