/**
 * @generated SignedSource<<b4e9c63be95c0b5caa4211dff87207a2>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type SamePropertyPanel_side$data = {
  readonly buildingFound: boolean | null | undefined;
  readonly createdAt: any;
  readonly image: {
    readonly capturedAt: any | null | undefined;
  };
  readonly results: {
    readonly additionalRisks: ReadonlyArray<string>;
    readonly pool: {
      readonly present: boolean;
    };
    readonly powerLines: {
      readonly proximity: string;
    };
    readonly propertyCondition: string;
    readonly roof: {
      readonly condition: string;
      readonly style: string;
    };
    readonly solar: {
      readonly present: boolean;
    };
    readonly spa: {
      readonly present: boolean;
    };
    readonly trees: {
      readonly count: number;
      readonly proximity: string;
    };
  } | null | undefined;
  readonly review: {
    readonly __typename: "AnalysisReview";
  } | null | undefined;
  readonly riskScore: number | null | undefined;
  readonly " $fragmentType": "SamePropertyPanel_side";
};
export type SamePropertyPanel_side$key = {
  readonly " $data"?: SamePropertyPanel_side$data;
  readonly " $fragmentSpreads": FragmentRefs<"SamePropertyPanel_side">;
};

const node: ReaderFragment = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "present",
    "storageKey": null
  }
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "proximity",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "SamePropertyPanel_side",
  "selections": [
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
      "name": "riskScore",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "buildingFound",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Image",
      "kind": "LinkedField",
      "name": "image",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "capturedAt",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "AnalysisReview",
      "kind": "LinkedField",
      "name": "review",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "__typename",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "AnalysisResults",
      "kind": "LinkedField",
      "name": "results",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "PoolResult",
          "kind": "LinkedField",
          "name": "pool",
          "plural": false,
          "selections": (v0/*:: as any*/),
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "SpaResult",
          "kind": "LinkedField",
          "name": "spa",
          "plural": false,
          "selections": (v0/*:: as any*/),
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "TreesResult",
          "kind": "LinkedField",
          "name": "trees",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "count",
              "storageKey": null
            },
            (v1/*:: as any*/)
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "RoofResult",
          "kind": "LinkedField",
          "name": "roof",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "style",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "condition",
              "storageKey": null
            }
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "SolarResult",
          "kind": "LinkedField",
          "name": "solar",
          "plural": false,
          "selections": (v0/*:: as any*/),
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "PowerLinesResult",
          "kind": "LinkedField",
          "name": "powerLines",
          "plural": false,
          "selections": [
            (v1/*:: as any*/)
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "propertyCondition",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "additionalRisks",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};
})();

(node as any).hash = "f60a9ccd3ffd29f09c878df8b86748f7";

export default node;
