import { HttpError } from '../http-error';

/**
 * Why an uploaded file was not taken, in words the person who chose the file can act on. One class so that routes
 * (product photos, shoppers' PhotoArt) answer every refusal the same way: a 4xx with a stable code, nothing stored.
 */
export type RefusalReason = 'too-large' | 'not-an-image' | 'svg' | 'heic' | 'unsupported' | 'truncated' | 'too-many-pixels' | 'animated' | 'too-small';

const STATUS: Record<RefusalReason, number> = {
  'too-large': 413,
  'not-an-image': 415,
  svg: 415,
  heic: 415,
  unsupported: 415,
  truncated: 422,
  'too-many-pixels': 422,
  animated: 422,
  'too-small': 422,
};

export class ImageRefusal extends HttpError {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(STATUS[reason], 'IMAGE_REFUSED', message, { reason });
  }
}
