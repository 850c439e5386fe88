/**
 * @generated SignedSource<<f0683c56a57eb3b8d3e6bd35c4044b1e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type HomeStats_user$data = {
  readonly analysedCount: number;
  readonly " $fragmentType": "HomeStats_user";
};
export type HomeStats_user$key = {
  readonly " $data"?: HomeStats_user$data;
  readonly " $fragmentSpreads": FragmentRefs<"HomeStats_user">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "HomeStats_user",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "analysedCount",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "54549fa5acada1dc12f08afa18c5b581";

export default node;
