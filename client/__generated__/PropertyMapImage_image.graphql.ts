/**
 * @generated SignedSource<<1508d9e8615a29abc617822b7697a483>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type PropertyMapImage_image$data = {
  readonly attribution: string | null | undefined;
  readonly capturedAt: any | null | undefined;
  readonly createdAt: any;
  readonly gsdMPerPx: number | null | undefined;
  readonly gsdSource: string | null | undefined;
  readonly height: number;
  readonly latitude: number | null | undefined;
  readonly longitude: number | null | undefined;
  readonly propertyLocation: string;
  readonly url: string;
  readonly width: number;
  readonly " $fragmentType": "PropertyMapImage_image";
};
export type PropertyMapImage_image$key = {
  readonly " $data"?: PropertyMapImage_image$data;
  readonly " $fragmentSpreads": FragmentRefs<"PropertyMapImage_image">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "PropertyMapImage_image",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "url",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "width",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "height",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "propertyLocation",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "attribution",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "gsdMPerPx",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "gsdSource",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "capturedAt",
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
      "name": "latitude",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "longitude",
      "storageKey": null
    }
  ],
  "type": "Image",
  "abstractKey": null
};

(node as any).hash = "ea7f05e9076d7c0bcf89cbedccae9f4e";

export default node;
