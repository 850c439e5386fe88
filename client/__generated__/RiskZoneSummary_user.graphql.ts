/**
 * @generated SignedSource<<ef69a2e5e870bf95bac8214fc1eba41a>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type RiskZoneSummary_user$data = {
  readonly riskZoneStatistics: {
    readonly lastUpdated: any | null | undefined;
    readonly riskLevels: {
      readonly high: number;
      readonly low: number;
      readonly medium: number;
    };
    readonly totalZones: number;
  };
  readonly " $fragmentType": "RiskZoneSummary_user";
};
export type RiskZoneSummary_user$key = {
  readonly " $data"?: RiskZoneSummary_user$data;
  readonly " $fragmentSpreads": FragmentRefs<"RiskZoneSummary_user">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "RiskZoneSummary_user",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "RiskZoneStatistics",
      "kind": "LinkedField",
      "name": "riskZoneStatistics",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "totalZones",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "RiskBands",
          "kind": "LinkedField",
          "name": "riskLevels",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "low",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "medium",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "high",
              "storageKey": null
            }
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "lastUpdated",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "3256758ad4317784d96d75873cfffcce";

export default node;
