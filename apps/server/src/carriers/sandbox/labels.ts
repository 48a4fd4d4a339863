import type { TSandboxReply } from './dialect.js';
import { minimalPdf } from './pdf.js';
import type { SandboxStore } from './store.js';

/** The path of a label link: /l/{random token}/labels/{network}/{name}.pdf. */
const LABEL_PATH = /^\/l\/([A-Za-z0-9_-]{24})\/labels\/([a-z0-9_-]+)\/([^/]+)\.pdf$/;

/** A GET on a label link, or undefined when the request is not one. */
export function labelRequest(
  method: string,
  pathname: string,
): { token: string; network: string; name: string } | undefined {
  const label = LABEL_PATH.exec(pathname);
  if (!label || method !== 'GET') return undefined;
  return { token: label[1]!, network: label[2]!, name: label[3]! };
}

/** Public like Yalidine's label links, but only by the random token each link carries. */
export function publicLabel(
  store: SandboxStore,
  link: { token: string; network: string; name: string },
): TSandboxReply {
  const { network } = link;
  const label = store.labels.get(link.token);
  if (!label || label.network !== network || label.name !== link.name) {
    return { status: 404, json: { message: 'Unknown label' } };
  }
  const lines = label.trackings.flatMap((tracking) => {
    const parcel = store.parcels.find((p) => p.network === network && p.tracking === tracking);
    return parcel
      ? [
          parcel.tracking,
          parcel.fields.name,
          `${parcel.fields.commune} - ${parcel.fields.wilayaName}`,
          `COD ${parcel.fields.cod} DA`,
        ]
      : [tracking];
  });
  return { status: 200, bytes: minimalPdf(lines), contentType: 'application/pdf' };
}
