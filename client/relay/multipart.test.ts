import { describe, expect, it } from 'vitest';
import { multipartBody } from './multipart';

describe('multipartBody', () => {
  it('follows the GraphQL multipart request spec: operations with null, map, then the file', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'roof.png', { type: 'image/png' });
    const variables = { input: { file: 'placeholder', propertyLocation: '12 Oak St' } };
    const form = multipartBody('mutation M { x }', variables, { 'input.file': file });

    expect([...form.keys()]).toEqual(['operations', 'map', '0']);
    expect(JSON.parse(form.get('operations') as string)).toEqual({
      query: 'mutation M { x }',
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
