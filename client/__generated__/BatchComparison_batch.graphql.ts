/**
 * @generated SignedSource<<8e61191ad39440d353495e6d7ee81376>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type BatchStatus = "done" | "running" | "%future added value";
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
  readonly status: BatchStatus;
  readonly " $fragmentType": "BatchComparison_batch";
};
export type BatchComparison_batch$key = {
  readonly " $data"?: BatchComparison_batch$data;
  readonly " $fragmentSpreads": FragmentRefs<"BatchComparison_batch">;
};

const node: ReaderFragment = {
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
    }
  ],
  "type": "Batch",
  "abstractKey": null
};

(node as any).hash = "79c8a4573293cc9c44ed4adf4aecb63f";

export default node;
