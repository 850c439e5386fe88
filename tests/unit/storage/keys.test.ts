import { describe, expect, it } from 'vitest';
import { InvalidBlobKeyError } from '../../../server/storage/blob-storage';
import { assertValidKey, assertValidPrefix, contentTypeForKey } from '../../../server/storage/keys';

describe('blob keys', () => {
  it('accepts the keys the services generate', () => {
    for (const key of ['a.jpg', 'images/3f/3f2a9c1e-0b7d-4a51-9f2e-1c0d5e6f7a8b.png', 'x_y-z/1.2.gif']) {
      expect(() => assertValidKey(key)).not.toThrow();
    }
  });

  it.each([
    ['empty', ''],
    ['parent directory', '../etc/passwd'],
    ['parent inside', 'images/../../secret.jpg'],
    ['current directory', './a.jpg'],
    ['absolute', '/etc/passwd'],
    ['backslash', '..\\..\\a.jpg'],
    ['hidden', '.incoming/x.part'],
    ['empty segment', 'images//a.jpg'],
    ['trailing slash', 'images/'],
    ['NUL byte', 'a.jpg\0.png'],
    ['space', 'my photo.jpg'],
    ['non-ASCII', 'fotó.jpg'],
    ['URL-encoded traversal', '%2e%2e/a.jpg'],
    ['too long', `${'a'.repeat(600)}.jpg`],
    ['too deep', 'a/b/c/d/e/f/g/h/i.jpg'],
  ])('rejects a key with %s', (_, key) => {
    expect(() => assertValidKey(key)).toThrow(InvalidBlobKeyError);
  });

  it('accepts partial prefixes but not traversal in them', () => {
    for (const prefix of ['', 'images/', 'images/3f', 'images']) expect(() => assertValidPrefix(prefix)).not.toThrow();
    for (const prefix of ['../', 'images/../', '/images', '.incoming/']) {
      expect(() => assertValidPrefix(prefix)).toThrow(InvalidBlobKeyError);
    }
  });

  it('derives the content type from the extension', () => {
    expect(contentTypeForKey('images/a.JPG')).toBe('image/jpeg');
    expect(contentTypeForKey('a.png')).toBe('image/png');
    expect(contentTypeForKey('a.gif')).toBe('image/gif');
    expect(contentTypeForKey('images.d/noext')).toBeNull();
    expect(contentTypeForKey('a.exe')).toBeNull();
  });
});
