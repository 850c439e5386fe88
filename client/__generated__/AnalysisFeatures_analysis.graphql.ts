/**
 * @generated SignedSource<<4c1702c51d4e2f22a42fc2a0ce31147e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisFeatures_analysis$data = {
  readonly buildingFound: boolean | null | undefined;
  readonly findings: ReadonlyArray<{
    readonly confidence: number;
    readonly feature: string;
    readonly note: string;
    readonly reviewDecision: string | null | undefined;
  }>;
  readonly results: {
    readonly pool: {
      readonly condition: string;
      readonly location: string;
      readonly present: boolean;
    };
    readonly powerLines: {
      readonly crossingProperty: boolean;
      readonly proximity: string;
    };
    readonly roof: {
      readonly condition: string;
      readonly style: string;
    };
    readonly solar: {
      readonly coveragePercentage: number;
      readonly present: boolean;
    };
    readonly spa: {
      readonly location: string;
      readonly present: boolean;
    };
    readonly trees: {
      readonly count: number;
      readonly overhanging: boolean;
      readonly proximity: string;
    };
  } | null | undefined;
  readonly " $fragmentType": "AnalysisFeatures_analysis";
};
export type AnalysisFeatures_analysis$key = {
  readonly " $data"?: AnalysisFeatures_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisFeatures_analysis">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "present",
  "storageKey": null
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "location",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "condition",
  "storageKey": null
},
v3 = {
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
  "name": "AnalysisFeatures_analysis",
  "selections": [
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
          "selections": [
            (v0/*:: as any*/),
            (v1/*:: as any*/),
            (v2/*:: as any*/)
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "SpaResult",
          "kind": "LinkedField",
          "name": "spa",
          "plural": false,
          "selections": [
            (v0/*:: as any*/),
            (v1/*:: as any*/)
          ],
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
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "count",
              "storageKey": null
            },
            (v3/*:: as any*/)
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
            (v2/*:: as any*/)
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
          "selections": [
            (v0/*:: as any*/),
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "coveragePercentage",
              "storageKey": null
            }
          ],
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
            (v3/*:: as any*/)
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Finding",
      "kind": "LinkedField",
      "name": "findings",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "feature",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "confidence",
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
          "kind": "ScalarField",
          "name": "reviewDecision",
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

(node as any).hash = "cbca8fc5004e16901b6ede3bfbc55e71";

export default node;
