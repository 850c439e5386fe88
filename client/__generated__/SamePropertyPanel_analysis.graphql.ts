/**
 * @generated SignedSource<<8dcd636fd2ada9e19a393ae5c398ada7>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type SamePropertyPanel_analysis$data = {
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
  readonly sameProperty: ReadonlyArray<{
    readonly analysis: {
      readonly analysisId: string;
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
    };
    readonly distanceM: number | null | undefined;
    readonly match: string;
  }>;
  readonly " $fragmentType": "SamePropertyPanel_analysis";
};
export type SamePropertyPanel_analysis$key = {
  readonly " $data"?: SamePropertyPanel_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"SamePropertyPanel_analysis">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "createdAt",
  "storageKey": null
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "riskScore",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "buildingFound",
  "storageKey": null
},
v3 = {
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
v4 = {
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
v5 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "present",
    "storageKey": null
  }
],
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "proximity",
  "storageKey": null
},
v7 = {
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
      "selections": (v5/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "SpaResult",
      "kind": "LinkedField",
      "name": "spa",
      "plural": false,
      "selections": (v5/*:: as any*/),
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
        (v6/*:: as any*/)
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
      "selections": (v5/*:: as any*/),
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
        (v6/*:: as any*/)
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
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "SamePropertyPanel_analysis",
  "selections": [
    (v0/*:: as any*/),
    (v1/*:: as any*/),
    (v2/*:: as any*/),
    (v3/*:: as any*/),
    (v4/*:: as any*/),
    (v7/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "concreteType": "PropertyMatch",
      "kind": "LinkedField",
      "name": "sameProperty",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "match",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "distanceM",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "Analysis",
          "kind": "LinkedField",
          "name": "analysis",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "analysisId",
              "storageKey": null
            },
            (v0/*:: as any*/),
            (v1/*:: as any*/),
            (v2/*:: as any*/),
            (v3/*:: as any*/),
            (v4/*:: as any*/),
            (v7/*:: as any*/)
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
})();

(node as any).hash = "cd4cfa90daec0c8e28fbf8a13d1c5b11";

export default node;
