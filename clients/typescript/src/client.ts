// The client: the generated typed methods (src/generated/operations.ts) over the connection,
// and the hand-written ones that are more than one operation (a photo's upload).
import type { CallOptions } from "./connection.js";
import { apiError, TransportError, type GraphQLErrorEntry } from "./errors.js";
import { Operations, operations } from "./generated/operations.js";
import type { PhotoFragment, PhotoUploadFragment } from "./generated/types.js";

/**
 * A client of one workspace gateway. Typed methods take the operation's variables and resolve
 * to its root field (money as Decimal strings, dates as ISO strings); mutations send an
 * Idempotency-Key; `iter…` methods page through a whole list with `for await`. `query()` and
 * `execute()` run any document.
 */
export class TravelClient extends Operations {
  /** The spec's connectivity check (query Ping); resolves to the round trip in milliseconds. */
  async ping(options: CallOptions = {}): Promise<number> {
    const started = performance.now();
    await this.run(operations.Ping, {}, options);
    return performance.now() - started;
  }

  /**
   * PUTs a photo's bytes (JPEG, PNG or WebP) to the place `createPhotoUpload` gave; a
   * ValidationError when the service does not take them (not a photo, too large).
   */
  async sendPhoto(upload: Pick<PhotoUploadFragment, "uploadPath">, content: Uint8Array | Blob, options: CallOptions = {}): Promise<void> {
    const target = new URL(upload.uploadPath, this.url).toString();
    let sent: Response;
    try {
      sent = await this.fetchRaw(target, { method: "PUT", body: content as BodyInit, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      throw new TransportError(`cannot reach ${target}: ${error instanceof Error ? error.message : String(error)}`, undefined, { cause: error });
    }
    if (sent.status === 201) return;
    const text = await sent.text();
    let first: GraphQLErrorEntry | undefined;
    try {
      first = (JSON.parse(text) as { errors?: GraphQLErrorEntry[] }).errors?.[0];
    } catch {
      first = undefined;
    }
    if (!first) throw new TransportError(`the upload answered HTTP ${sent.status}`, sent.status);
    throw apiError(first, { status: sent.status, requestId: sent.headers.get("x-request-id") ?? undefined, retryAfter: 1 });
  }

  /** A photo of the listing in one call: an upload place, the bytes, the photo added. */
  async uploadPhoto(
    listingId: string,
    content: Uint8Array | Blob,
    alt: string,
    options: CallOptions & { cover?: boolean } = {},
  ): Promise<PhotoFragment> {
    const call = options.signal ? { signal: options.signal } : {};
    const upload = await this.createPhotoUpload({ listingId }, call);
    await this.sendPhoto(upload, content, call);
    return this.addPhoto({ input: { uploadId: upload.id, alt, cover: options.cover ?? false } }, call);
  }
}
