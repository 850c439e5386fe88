// What titles an upload without a location: its file's name as sent, made safe to show.
import { describe, expect, it } from 'vitest';
import { analysisTitle } from '../../../common/analysis-title';
import { uploadedFilename } from '../../../server/services/images';

const image = (filename: string | number | null) => ({ providerMeta: { upload: { filename, received_bytes: 10 } } });

describe('uploadedFilename', () => {
  it('is the last path segment of the name the sender gave, without control characters', () => {
    expect(uploadedFilename(image('DJI_0753.JPG'))).toBe('DJI_0753.JPG');
    expect(uploadedFilename(image('C:\\Users\\ana\\Pictures\\DJI_0753.JPG'))).toBe('DJI_0753.JPG');
    expect(uploadedFilename(image('../../etc/passwd'))).toBe('passwd');
    expect(uploadedFilename(image('roof\u0000\u001b[31m.png'))).toBe('roof[31m.png');
  });

  it('is null for a provider image, a nameless upload, or a name that is only a path', () => {
    expect(uploadedFilename({ providerMeta: { provider: 'usgs', tile: 'x' } })).toBeNull();
    expect(uploadedFilename({ providerMeta: null })).toBeNull();
    expect(uploadedFilename(image(null))).toBeNull();
    expect(uploadedFilename(image(42))).toBeNull();
    expect(uploadedFilename(image('photos/'))).toBeNull();
  });
});

describe('analysisTitle', () => {
  it('is the location, else the file name, else "Uploaded image"', () => {
    expect(analysisTitle('12 Pool Lane', 'DJI_0753.JPG')).toBe('12 Pool Lane');
    expect(analysisTitle('  ', 'DJI_0753.JPG')).toBe('DJI_0753.JPG');
    expect(analysisTitle('', null)).toBe('Uploaded image');
  });
});
