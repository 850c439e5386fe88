/**
 * @generated SignedSource<<60a0a4d3996fbc24ca243454223cd4cd>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type DashboardWelcome_user$data = {
  readonly displayName: string | null | undefined;
  readonly email: string | null | undefined;
  readonly provider: string;
  readonly " $fragmentType": "DashboardWelcome_user";
};
export type DashboardWelcome_user$key = {
  readonly " $data"?: DashboardWelcome_user$data;
  readonly " $fragmentSpreads": FragmentRefs<"DashboardWelcome_user">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "DashboardWelcome_user",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "email",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "displayName",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "provider",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "a8a4c299b5de02d63f13d58c1b2d5d8e";

export default node;
