/**
 * @generated SignedSource<<03886f675ab6e3ffdbb60f636ae7ef51>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ReportDownloadButton_analysis$data = {
  readonly analysisId: string;
  readonly reportUrl: string | null | undefined;
  readonly " $fragmentType": "ReportDownloadButton_analysis";
};
export type ReportDownloadButton_analysis$key = {
  readonly " $data"?: ReportDownloadButton_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"ReportDownloadButton_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ReportDownloadButton_analysis",
  "selections": [
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
      "name": "reportUrl",
      "storageKey": null
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "be7aa2c1b7025c3a255d897f8a66e103";

export default node;
