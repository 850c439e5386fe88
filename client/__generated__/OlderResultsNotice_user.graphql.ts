/**
 * @generated SignedSource<<703247a6bdc0a6dd3d77e647eabd062e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type OlderResultsNotice_user$data = {
  readonly olderAnalyzerImages: number;
  readonly " $fragmentType": "OlderResultsNotice_user";
};
export type OlderResultsNotice_user$key = {
  readonly " $data"?: OlderResultsNotice_user$data;
  readonly " $fragmentSpreads": FragmentRefs<"OlderResultsNotice_user">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "OlderResultsNotice_user",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "olderAnalyzerImages",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "7600806dc44cf050929df62bb2f7139f";

export default node;
