/**
 * @generated SignedSource<<99c55dd6c328ed90df0f4bbf649a0126>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type BatchStatus = "done" | "running" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type BatchProgress_batch$data = {
  readonly batchId: string;
  readonly counts: {
    readonly done: number;
    readonly failed: number;
    readonly invalid: number;
    readonly notFound: number;
    readonly queued: number;
    readonly running: number;
  };
  readonly createdAt: any;
  readonly name: string;
  readonly status: BatchStatus;
  readonly totalRows: number;
  readonly " $fragmentType": "BatchProgress_batch";
};
export type BatchProgress_batch$key = {
  readonly " $data"?: BatchProgress_batch$data;
  readonly " $fragmentSpreads": FragmentRefs<"BatchProgress_batch">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "BatchProgress_batch",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "batchId",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "createdAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "totalRows",
      "storageKey": null
    },
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
      "concreteType": "BatchCounts",
      "kind": "LinkedField",
      "name": "counts",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "queued",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "running",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "done",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "notFound",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "failed",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "invalid",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Batch",
  "abstractKey": null
};

(node as any).hash = "8105e752a0cca364085d9e41b33a2b6a";

export default node;
