/** Why a picture or a catalogue-media form was refused; routes turn `code` into the staff member's language (src/lib/i18n/panel-media.ts). */
export type MediaErrorCode =
  | 'pictureMissing'
  | 'pictureType'
  | 'pictureTooLarge'
  | 'pictureTooManyPixels'
  | 'pictureTooSmall'
  | 'pictureUnreadable'
  | 'notFound'
  | 'badLink'
  | 'badPhone'
  | 'badField';

const STATUS_OF: Record<MediaErrorCode, number> = {
  pictureMissing: 422,
  pictureType: 415,
  pictureTooLarge: 413,
  pictureTooManyPixels: 413,
  pictureTooSmall: 422,
  pictureUnreadable: 422,
  notFound: 404,
  badLink: 422,
  badPhone: 422,
  badField: 422,
};

export class MediaError extends Error {
  readonly code: MediaErrorCode;
  readonly status: number;

  constructor(code: MediaErrorCode) {
    super(code);
    this.code = code;
    this.status = STATUS_OF[code];
  }
}
