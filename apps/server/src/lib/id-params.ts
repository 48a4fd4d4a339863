import { zQueryId } from '@cod/shared';
import { z } from 'zod';

/** `:id` of every route; bounded to PostgreSQL's integer so a huge id is a 422, not a 500. */
export const ZIdParams = z.object({ id: zQueryId });
