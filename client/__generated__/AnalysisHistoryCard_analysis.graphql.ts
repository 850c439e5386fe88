/**
 * @generated SignedSource<<2a117b5b86d8e378a33464e34e0a8516>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type AnalysisStatus = "done" | "failed" | "queued" | "running" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AnalysisHistoryCard_analysis$data = {
  readonly analysisId: string;
  readonly assessable: boolean | null | undefined;
  readonly createdAt: any;
  readonly id: string;
  readonly image: {
    readonly filename: string | null | undefined;
    readonly url: string;
  };
  readonly propertyLocation: string;
  readonly results: {
    readonly pool: {
      readonly present: boolean;
    };
    readonly powerLines: {
      readonly crossingProperty: boolean;
      readonly proximity: string;
    };
    readonly roof: {
      readonly condition: string;
    };
    readonly solar: {
      readonly present: boolean;
    };
    readonly spa: {
      readonly present: boolean;
    };
    readonly trees: {
      readonly overhanging: boolean;
    };
  } | null | undefined;
  readonly riskScore: number | null | undefined;
  readonly status: AnalysisStatus;
  readonly " $fragmentType": "AnalysisHistoryCard_analysis";
};
export type AnalysisHistoryCard_analysis$key = {
  readonly " $data"?: AnalysisHistoryCard_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisHistoryCard_analysis">;
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
];
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisHistoryCard_analysis",
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
      "name": "analysisId",
      "storageKey": null
    },
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
      "name": "propertyLocation",
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
      "name": "riskScore",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "assessable",
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
              "name": "overhanging",
              "storageKey": null
            }
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
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "crossingProperty",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "proximity",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
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
          "name": "url",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "filename",
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

(node as any).hash = "3db46dd485a8cb5c30940845bfe6add5";

export default node;
