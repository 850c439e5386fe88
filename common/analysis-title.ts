// What an analysis is called on the screens and in its report: its property location, or for an upload without one
// the name of the file as the sender's device gave it ("DJI_0753.JPG"), so ten photos of one visit are not ten
// cards called "Uploaded image".

export const UNNAMED_UPLOAD = 'Uploaded image';

export function analysisTitle(propertyLocation: string | null | undefined, filename: string | null | undefined): string {
  return propertyLocation?.trim() || filename?.trim() || UNNAMED_UPLOAD;
}
