/** A refused upload or form, with the HTTP status and the message the client shows. */
export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}
