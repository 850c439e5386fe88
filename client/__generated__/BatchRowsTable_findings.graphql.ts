/**
 * @generated SignedSource<<a0f6f9f15fe3f43fbf906a68564412d6>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type ComparedFinding = "pool" | "pool_condition" | "power_lines_crossing" | "power_lines_proximity" | "property_condition" | "roof_condition" | "roof_style" | "solar" | "spa" | "trees_overhanging" | "trees_proximity" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type BatchRowsTable_findings$data = {
  readonly findingsChangedBy: ReadonlyArray<{
    readonly changes: ReadonlyArray<{
      readonly after: string;
      readonly before: string;
      readonly rows: number;
    }>;
    readonly field: ComparedFinding;
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
