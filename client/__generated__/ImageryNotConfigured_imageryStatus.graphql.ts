/**
 * @generated SignedSource<<d9652a9fc6167de79f1467b1b09c4f27>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ImageryNotConfigured_imageryStatus$data = {
  readonly hint: string | null | undefined;
  readonly provider: string;
  readonly " $fragmentType": "ImageryNotConfigured_imageryStatus";
};
export type ImageryNotConfigured_imageryStatus$key = {
  readonly " $data"?: ImageryNotConfigured_imageryStatus$data;
  readonly " $fragmentSpreads": FragmentRefs<"ImageryNotConfigured_imageryStatus">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ImageryNotConfigured_imageryStatus",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "provider",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "hint",
      "storageKey": null
    }
  ],
  "type": "ImageryStatus",
  "abstractKey": null
};

(node as any).hash = "d842b247de13d6e588563d648564aa29";

export default node;
