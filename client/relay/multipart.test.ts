import { describe, expect, it } from 'vitest';
import { multipartBody, operationDocument } from './multipart';

describe('multipartBody', () => {
  it('follows the GraphQL multipart request spec: operations with null, map, then the file', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'roof.png', { type: 'image/png' });
    const variables = { input: { file: 'placeholder', propertyLocation: '12 Oak St' } };
    const form = multipartBody({ documentId: 'abc123' }, variables, { 'input.file': file });

    expect([...form.keys()]).toEqual(['operations', 'map', '0']);
    expect(JSON.parse(form.get('operations') as string)).toEqual({
      documentId: 'abc123',
      variables: { input: { file: null, propertyLocation: '12 Oak St' } },
    });
    expect(JSON.parse(form.get('map') as string)).toEqual({ '0': ['variables.input.file'] });
    const part = form.get('0') as File;
    expect(part.name).toBe('roof.png');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    // The caller's variables are left as they were.
    expect(variables.input.file).toBe('placeholder');
  });
});

describe('operationDocument', () => {
  it('names a persisted operation by its id only, and falls back to the text without one', () => {
    expect(operationDocument({ id: 'abc123', text: null })).toEqual({ documentId: 'abc123' });
    expect(operationDocument({ id: null, text: 'query Q { x }' })).toEqual({ query: 'query Q { x }' });
  });
});
