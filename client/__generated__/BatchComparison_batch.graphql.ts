/**
 * @generated SignedSource<<628467e454421ecca5d4fb8cf5d4f1f8>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type BatchStatus = "done" | "running" | "%future added value";
export type ComparedFinding = "pool" | "pool_condition" | "power_lines_crossing" | "power_lines_proximity" | "property_condition" | "roof_condition" | "roof_style" | "solar" | "spa" | "trees_overhanging" | "trees_proximity" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type BatchComparison_batch$data = {
  readonly comparison: {
    readonly bandChanged: number;
    readonly compared: number;
    readonly findingsChanged: number;
    readonly higher: number;
    readonly lower: number;
    readonly withEarlier: number;
  } | null | undefined;
  readonly findingsChangedBy: ReadonlyArray<{
    readonly changes: ReadonlyArray<{
      readonly after: string;
      readonly before: string;
      readonly rows: number;
    }>;
    readonly field: ComparedFinding;
    readonly rows: number;
  }> | null | undefined;
  readonly status: BatchStatus;
  readonly " $fragmentType": "BatchComparison_batch";
};
export type BatchComparison_batch$key = {
  readonly " $data"?: BatchComparison_batch$data;
  readonly " $fragmentSpreads": FragmentRefs<"BatchComparison_batch">;
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
  "name": "BatchComparison_batch",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "status",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "BatchComparison",
      "kind": "LinkedField",
      "name": "comparison",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "withEarlier",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "compared",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "bandChanged",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "higher",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "lower",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "findingsChanged",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
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

(node as any).hash = "ab36c324fe41608cc664b8b92c6c8e9e";

export default node;
