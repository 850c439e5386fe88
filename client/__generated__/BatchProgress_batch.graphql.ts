/**
 * @generated SignedSource<<3232ab816988df69f286678fa5563dbb>>
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
  readonly id: string;
  readonly name: string;
  readonly olderAnalyzerRows: number;
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
      "name": "id",
      "storageKey": null
    },
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
      "kind": "ScalarField",
      "name": "olderAnalyzerRows",
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

(node as any).hash = "95532c5761ccd0cbc5de02cd154d6f78";

export default node;
