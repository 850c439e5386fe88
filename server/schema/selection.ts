// What a request selects below a field, read from the operation itself (fragments and inline fragments followed), so
// a resolver can load less when the request asks for less (the batch rows' slim analyses, server/schema/batch.ts).
import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * The names of the fields selected at `path` below the field `info` resolves (e.g. `['edges', 'node', 'analysis']`
 * below `rows`), across every fragment; `__typename` included. Directives (`@include`, `@skip`) are not evaluated:
 * a conditional field counts as selected, which errs towards loading more.
 */
export function fieldsSelectedAt(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const name of path) {
    sets = sets.flatMap((set) => fieldNodes(info, set).flatMap((f) => (f.name.value === name && f.selectionSet ? [f.selectionSet] : [])));
  }
  return new Set(sets.flatMap((set) => fieldNodes(info, set).map((f) => f.name.value)));
}

/** The field nodes of a selection set, with those of its fragment spreads and inline fragments. */
function fieldNodes(info: GraphQLResolveInfo, set: SelectionSetNode, seen = new Set<string>()): FieldNode[] {
  return set.selections.flatMap((selection): FieldNode[] => {
    switch (selection.kind) {
      case Kind.FIELD:
        return [selection];
      case Kind.INLINE_FRAGMENT:
        return fieldNodes(info, selection.selectionSet, seen);
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value;
        const fragment = info.fragments[name];
        if (!fragment || seen.has(name)) return [];
        seen.add(name);
        return fieldNodes(info, fragment.selectionSet, seen);
      }
    }
  });
}
