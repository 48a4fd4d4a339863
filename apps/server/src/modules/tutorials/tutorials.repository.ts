import { sql } from 'drizzle-orm';
import type { TTutorial } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

/** Tutorials are central rows (docs/decisions/0100): read and written in the system context. */
const COLUMNS = sql`t.id, t.title_en, t.title_fr, t.title_ar, t.description_en, t.description_fr, t.description_ar,
  t.video_url, t.file_name, t.file_type, t.file_path as file, t.section, t.position,
  (t.archived_at is not null) as archived,
  to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;

/** Every tutorial for the central screen (archived last), or the visible ones of a section for shops. */
export function listTutorials(tx: Tx, options: { visibleOnly: boolean; section: string | null }) {
  return rows<TTutorial>(
    tx,
    sql`select ${COLUMNS} from tutorials t
        where (${!options.visibleOnly}::boolean or t.archived_at is null)
          and (${options.section}::text is null or t.section = ${options.section})
        order by t.archived_at nulls first, t.section, t.position, t.id`,
  );
}

export async function findTutorial(tx: Tx, id: number, options: { lock?: boolean } = {}) {
  const [row] = await rows<TTutorial>(
    tx,
    sql`select ${COLUMNS} from tutorials t where t.id = ${id} ${options.lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** The visible tutorial whose uploaded file is stored as `file` (a shop's download). */
export async function visibleTutorialFile(tx: Tx, file: string) {
  const [row] = await rows<{ file_name: string; file_type: string }>(
    tx,
    sql`select file_name, file_type from tutorials where file_path = ${file} and archived_at is null`,
  );
  return row;
}

/** A tutorial's saved values: its texts, link and place as read, the stored file as written. */
export type TTutorialValues = Omit<
  TTutorial,
  'id' | 'file_name' | 'file_type' | 'file' | 'section' | 'archived' | 'updated_at'
> & {
  section: string;
  file: { name: string; type: string; path: string } | null;
};

export async function insertTutorial(tx: Tx, v: TTutorialValues, adminId: number): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into tutorials (title_en, title_fr, title_ar, description_en, description_fr, description_ar,
                               video_url, file_name, file_type, file_path, section, position, created_by)
        values (${v.title_en}, ${v.title_fr}, ${v.title_ar}, ${v.description_en}, ${v.description_fr},
                ${v.description_ar}, ${v.video_url}, ${v.file?.name ?? null}, ${v.file?.type ?? null},
                ${v.file?.path ?? null}, ${v.section}, ${v.position}, ${adminId})
        returning id`,
  );
  return row!.id;
}

export async function updateTutorial(tx: Tx, id: number, v: TTutorialValues): Promise<void> {
  await tx.execute(sql`
    update tutorials set title_en = ${v.title_en}, title_fr = ${v.title_fr}, title_ar = ${v.title_ar},
      description_en = ${v.description_en}, description_fr = ${v.description_fr},
      description_ar = ${v.description_ar}, video_url = ${v.video_url}, file_name = ${v.file?.name ?? null},
      file_type = ${v.file?.type ?? null}, file_path = ${v.file?.path ?? null}, section = ${v.section},
      position = ${v.position}, updated_at = now()
    where id = ${id}`);
}

export async function setTutorialArchived(tx: Tx, id: number, archived: boolean): Promise<void> {
  await tx.execute(
    sql`update tutorials set archived_at = ${archived ? sql`coalesce(archived_at, now())` : sql`null`},
          updated_at = now()
        where id = ${id}`,
  );
}
