import { m, TUTORIAL_SECTIONS, ZTutorialInput, type TTutorial } from '@cod/shared';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { recordPlatformAudit } from '../central/central-admin.service.js';
import type { TCentralSession } from '../central/central-auth.service.js';
import {
  checkUpload,
  readReceipt,
  removeReceipt,
  storeReceipt,
  type TReceiptUpload,
} from '../payments/payment-receipts.js';
import * as repo from './tutorials.repository.js';

export type TTutorialDeps = TAppDeps & { tutorialsDir: string };

/** A tutorial's file: a short video, a PDF guide or a picture, 50 MB at most (docs/decisions/0100). */
export const MAX_TUTORIAL_FILE_BYTES = 50 * 1024 * 1024;

export const tutorialFileTooLarge = () =>
  AppError.validation({ file: [m('tutorial.file_too_large', { max: MAX_TUTORIAL_FILE_BYTES / 1024 / 1024 })] });

const checkTutorialFile = (upload: TReceiptUpload) =>
  checkUpload(upload, {
    kinds: ['mp4', 'webm', 'pdf', 'jpeg', 'png', 'webp'],
    maxBytes: MAX_TUTORIAL_FILE_BYTES,
    field: 'file',
    typeError: () => AppError.validation({ file: [m('tutorial.file_type')] }),
    tooLargeError: tutorialFileTooLarge,
    fallbackName: 'tutorial',
  });

const notFound = () => new AppError('not_found', m('tutorial.not_found'));

/** The central screen's list: every tutorial, archived ones last. */
export async function listCentralTutorials({ db }: TAppDeps): Promise<{ data: TTutorial[] }> {
  return { data: await withSystem(db, (tx) => repo.listTutorials(tx, { visibleOnly: false, section: null })) };
}

/** What shops read: the tutorials not archived, of one section when asked (SPEC 2.4). */
export async function listShopTutorials(
  { db }: TAppDeps,
  query: { section?: unknown },
): Promise<{ data: TTutorial[] }> {
  const section =
    typeof query.section === 'string' && (TUTORIAL_SECTIONS as readonly string[]).includes(query.section)
      ? query.section
      : null;
  return { data: await withSystem(db, (tx) => repo.listTutorials(tx, { visibleOnly: true, section })) };
}

/**
 * Creates (id null) or edits a tutorial from the central form: the text fields, and an uploaded
 * file checked like the payments' receipts (extension, then magic bytes). A video link or a file
 * must remain. A replaced or removed file is deleted once the change is committed.
 */
export async function saveTutorial(
  deps: TTutorialDeps,
  admin: TCentralSession,
  id: number | null,
  fields: unknown,
  upload: TReceiptUpload | null,
) {
  const input = parse(ZTutorialInput, fields);
  const checked = upload ? checkTutorialFile(upload) : null;
  const stored = checked ? await storeReceipt(deps.tutorialsDir, checked) : null;
  let dropped: string | null = null;
  try {
    const tutorial = await withSystem(deps.db, async (tx) => {
      const before = id === null ? undefined : await repo.findTutorial(tx, id, { lock: true });
      if (id !== null && !before) throw notFound();
      const kept =
        before?.file && !input.remove_file
          ? { name: before.file_name!, type: before.file_type!, path: before.file }
          : null;
      const file = checked && stored ? { name: checked.name, type: checked.type, path: stored } : kept;
      if (!input.video_url && !file) throw AppError.validation({ video_url: [m('tutorial.video_or_file')] });
      const { remove_file: _remove, ...text } = input;
      const values = { ...text, file };
      const savedId = id === null ? await repo.insertTutorial(tx, values, admin.id) : id;
      if (id !== null) await repo.updateTutorial(tx, id, values);
      const after = (await repo.findTutorial(tx, savedId))!;
      const action = id === null ? 'create' : 'update';
      await recordPlatformAudit(tx, admin, { action, entity: 'tutorial', entityId: savedId, before, after });
      if (before?.file && before.file !== file?.path) dropped = before.file;
      return after;
    });
    if (dropped) await removeReceipt(deps.tutorialsDir, dropped);
    return { ...messageBody(m('tutorial.saved')), data: tutorial };
  } catch (error) {
    if (stored) await removeReceipt(deps.tutorialsDir, stored);
    throw error;
  }
}

/** Archived tutorials leave the shops' screens; restoring shows them again. */
export async function setTutorialArchived({ db }: TAppDeps, admin: TCentralSession, id: number, archived: boolean) {
  const tutorial = await withSystem(db, async (tx) => {
    const before = await repo.findTutorial(tx, id, { lock: true });
    if (!before) throw notFound();
    await repo.setTutorialArchived(tx, id, archived);
    await recordPlatformAudit(tx, admin, {
      action: archived ? 'archive' : 'restore',
      entity: 'tutorial',
      entityId: id,
    });
    return (await repo.findTutorial(tx, id))!;
  });
  return { ...messageBody(m('tutorial.saved')), data: tutorial };
}

async function fileOf(deps: TTutorialDeps, found: { file_name: string; file_type: string; file: string } | null) {
  const data = found ? await readReceipt(deps.tutorialsDir, found.file) : null;
  if (!found || !data) throw notFound();
  return { data, type: found.file_type, name: found.file_name };
}

/** A tutorial's file for the central screen (archived ones included). */
export async function centralTutorialFile(deps: TTutorialDeps, id: number) {
  const found = await withSystem(deps.db, (tx) => repo.findTutorial(tx, id));
  return fileOf(
    deps,
    found?.file ? { file_name: found.file_name!, file_type: found.file_type!, file: found.file } : null,
  );
}

/** A shop's download of a visible tutorial's file, by its stored (random) name. */
export async function shopTutorialFile(deps: TTutorialDeps, file: string) {
  const found = await withSystem(deps.db, (tx) => repo.visibleTutorialFile(tx, file));
  return fileOf(deps, found ? { ...found, file } : null);
}
