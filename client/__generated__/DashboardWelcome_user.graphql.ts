/**
 * @generated SignedSource<<0fe0d988e44451514bc6668f79c8c27e>>
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
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "c07c61d1d3e4ab319a360ce273074d75";

export default node;
