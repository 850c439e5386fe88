/**
 * @generated SignedSource<<2e4ccb80d715b29dd99e4e5ad209ee67>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type BatchRowsTable_findings$data = {
  readonly findingsChangedBy: ReadonlyArray<{
    readonly changes: ReadonlyArray<{
      readonly after: string;
      readonly before: string;
      readonly rows: number;
    }>;
    readonly field: string;
    readonly rows: number;
  }> | null | undefined;
  readonly " $fragmentType": "BatchRowsTable_findings";
};
export type BatchRowsTable_findings$key = {
  readonly " $data"?: BatchRowsTable_findings$data;
  readonly " $fragmentSpreads": FragmentRefs<"BatchRowsTable_findings">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "rows",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "BatchRowsTable_findings",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "FindingCount",
      "kind": "LinkedField",
      "name": "findingsChangedBy",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "field",
          "storageKey": null
        },
        (v0/*:: as any*/),
        {
          "alias": null,
          "args": null,
          "concreteType": "FindingTransition",
          "kind": "LinkedField",
          "name": "changes",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "before",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "after",
              "storageKey": null
            },
            (v0/*:: as any*/)
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Batch",
  "abstractKey": null
};
})();

(node as any).hash = "f27cd24c10ae3d6805b06e5bf0c399cf";

export default node;
