/**
 * @generated SignedSource<<bca68dbf110b3fd8a9dcd4647dca9bcc>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisObservations_analysis$data = {
  readonly recommendations: ReadonlyArray<string>;
  readonly results: {
    readonly additionalRisks: ReadonlyArray<string>;
    readonly propertyCondition: string;
  } | null | undefined;
  readonly " $fragmentType": "AnalysisObservations_analysis";
};
export type AnalysisObservations_analysis$key = {
  readonly " $data"?: AnalysisObservations_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisObservations_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisObservations_analysis",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "recommendations",
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

(node as any).hash = "087fb91d2f21f484363d3965e5fd2617";

export default node;
