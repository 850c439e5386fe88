/**
 * @generated SignedSource<<249ffe3c58d83722616ca317a8f4a5cc>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type DefensibleSpacePanel_analysis$data = {
  readonly defensibleSpace: {
    readonly note: string;
    readonly rings: ReadonlyArray<{
      readonly areaM2: number;
      readonly vegetationM2: number;
      readonly vegetationPct: number;
      readonly visiblePct: number;
      readonly zone: string;
    }>;
    readonly status: string;
  } | null | undefined;
  readonly " $fragmentType": "DefensibleSpacePanel_analysis";
};
export type DefensibleSpacePanel_analysis$key = {
  readonly " $data"?: DefensibleSpacePanel_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"DefensibleSpacePanel_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "DefensibleSpacePanel_analysis",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "DefensibleSpace",
      "kind": "LinkedField",
      "name": "defensibleSpace",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "status",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "note",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "DefensibleSpaceRing",
          "kind": "LinkedField",
          "name": "rings",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "zone",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "areaM2",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "vegetationM2",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "vegetationPct",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "visiblePct",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "ee0b495d418f4cf5eb12d177a71b2648";

export default node;
