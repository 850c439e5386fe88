// The GraphQL multipart request format (github.com/jaydenseric/graphql-multipart-request-spec), which
// Yoga reads on the server: `operations` (the request with null where each file goes),
// `map` (which variable path each file fills), then the files themselves.
import type { RequestParameters, UploadableMap, Variables } from 'relay-runtime';

/**
 * How an operation is named in a request: by its persisted id (`documentId`; relay.config.js persists
 * every operation, and a production server accepts only those), or by its text when it has no id.
 */
export type OperationDocument = { documentId: string } | { query: string };

export function operationDocument(request: Pick<RequestParameters, 'id' | 'text'>): OperationDocument {
  if (request.id) return { documentId: request.id };
  return { query: request.text ?? '' };
}

/**
 * Builds the form for a request with files. Each key of `uploadables` is the dotted path of its variable
 * (`input.file`), so `commitMutation({ uploadables: { 'input.file': file } })` fills `$input.file`.
 */
export function multipartBody(document: OperationDocument, variables: Variables, uploadables: UploadableMap): FormData {
  const operations = { ...document, variables: structuredClone(variables) };
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
