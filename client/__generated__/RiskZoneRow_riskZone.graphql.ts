/**
 * @generated SignedSource<<cc520d8067d3e9a50503588ca923db99>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type RiskLevel = "high" | "low" | "medium" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type RiskZoneRow_riskZone$data = {
  readonly createdAt: any;
  readonly details: string;
  readonly id: string;
  readonly location: string;
  readonly riskLevel: RiskLevel;
  readonly " $fragmentType": "RiskZoneRow_riskZone";
};
export type RiskZoneRow_riskZone$key = {
  readonly " $data"?: RiskZoneRow_riskZone$data;
  readonly " $fragmentSpreads": FragmentRefs<"RiskZoneRow_riskZone">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "RiskZoneRow_riskZone",
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
      "name": "location",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "riskLevel",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "details",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "createdAt",
      "storageKey": null
    }
  ],
  "type": "RiskZone",
  "abstractKey": null
};

(node as any).hash = "b9083c4fee4d87c5f6809ac8f8854f85";

export default node;
