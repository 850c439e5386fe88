/**
 * @generated SignedSource<<b6932f023e7d4d47e13164f793c30986>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ProfileAccountCard_user$data = {
  readonly analysedCount: number;
  readonly displayName: string | null | undefined;
  readonly email: string | null | undefined;
  readonly emailVerified: boolean;
  readonly photoUrl: string | null | undefined;
  readonly provider: string;
  readonly " $fragmentType": "ProfileAccountCard_user";
};
export type ProfileAccountCard_user$key = {
  readonly " $data"?: ProfileAccountCard_user$data;
  readonly " $fragmentSpreads": FragmentRefs<"ProfileAccountCard_user">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ProfileAccountCard_user",
  "selections": [
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
      "name": "email",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "emailVerified",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "photoUrl",
      "storageKey": null
    },
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
      "name": "analysedCount",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "89f4916de2af634ec8b6297727dfe8e8";

export default node;
