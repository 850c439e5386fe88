/**
 * @generated SignedSource<<ee01d05bf8f7279d486456f0c4520e5b>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ApiKeyRow_apiKey$data = {
  readonly createdAt: any;
  readonly id: string;
  readonly lastUsedAt: any | null | undefined;
  readonly name: string;
  readonly prefix: string;
  readonly " $fragmentType": "ApiKeyRow_apiKey";
};
export type ApiKeyRow_apiKey$key = {
  readonly " $data"?: ApiKeyRow_apiKey$data;
  readonly " $fragmentSpreads": FragmentRefs<"ApiKeyRow_apiKey">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ApiKeyRow_apiKey",
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
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "prefix",
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
      "name": "lastUsedAt",
      "storageKey": null
    }
  ],
  "type": "ApiKey",
  "abstractKey": null
};

(node as any).hash = "b4a6b87de9aef39fd077561471c9ab3d";

export default node;
