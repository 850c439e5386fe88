// The GraphQL multipart request format (github.com/jaydenseric/graphql-multipart-request-spec), which
// Yoga reads on the server: `operations` (the request with null where each file goes),
// `map` (which variable path each file fills), then the files themselves.
import type { UploadableMap, Variables } from 'relay-runtime';

/**
 * Builds the form for a request with files. Each key of `uploadables` is the dotted path of its variable
 * (`input.file`), so `commitMutation({ uploadables: { 'input.file': file } })` fills `$input.file`.
 */
export function multipartBody(query: string, variables: Variables, uploadables: UploadableMap): FormData {
  const operations = { query, variables: structuredClone(variables) };
  const map: Record<string, string[]> = {};
  const form = new FormData();
  const files: [string, File | Blob][] = [];
  Object.entries(uploadables).forEach(([path, file], index) => {
    setPath(operations.variables, path.split('.'), null);
    map[String(index)] = [`variables.${path}`];
    files.push([String(index), file]);
  });
  form.append('operations', JSON.stringify(operations));
  form.append('map', JSON.stringify(map));
  for (const [name, file] of files) form.append(name, file, file instanceof File ? file.name : name);
  return form;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) {
      node[key] = {};
    }
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}
