/**
 * @generated SignedSource<<fac4dc77f8ecd29b0f5fe9dd566cea80>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisAuditTrail_analysis$data = {
  readonly auditTrail: ReadonlyArray<{
    readonly actor: string;
    readonly at: any;
    readonly details: any;
    readonly field: string | null | undefined;
    readonly from: string | null | undefined;
    readonly kind: string;
    readonly reason: string | null | undefined;
    readonly to: string | null | undefined;
  }>;
  readonly " $fragmentType": "AnalysisAuditTrail_analysis";
};
export type AnalysisAuditTrail_analysis$key = {
  readonly " $data"?: AnalysisAuditTrail_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisAuditTrail_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisAuditTrail_analysis",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "AuditEntry",
      "kind": "LinkedField",
      "name": "auditTrail",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "kind",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "actor",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "at",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "field",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "from",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "to",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "reason",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "details",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "60c58adb04d405e7cf284f5d091a9891";

export default node;
