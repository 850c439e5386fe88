/**
 * @generated SignedSource<<a7ce213a76a194f8f8137772a04c2bc6>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type PropertyMapSearch_placesStatus$data = {
  readonly attribution: string | null | undefined;
  readonly configured: boolean;
  readonly " $fragmentType": "PropertyMapSearch_placesStatus";
};
export type PropertyMapSearch_placesStatus$key = {
  readonly " $data"?: PropertyMapSearch_placesStatus$data;
  readonly " $fragmentSpreads": FragmentRefs<"PropertyMapSearch_placesStatus">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "PropertyMapSearch_placesStatus",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "configured",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "attribution",
      "storageKey": null
    }
  ],
  "type": "PlacesStatus",
  "abstractKey": null
};

(node as any).hash = "58038b25c0e808bc2031c6c7e2f5b909";

export default node;
