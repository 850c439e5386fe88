/**
 * @generated SignedSource<<7fc3ace70c2a4d5655e570ceb8f7832b>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type BatchRowState = "done" | "failed" | "invalid" | "not_found" | "queued" | "running" | "%future added value";
export type ComparedFinding = "pool" | "pool_condition" | "power_lines_crossing" | "power_lines_proximity" | "property_condition" | "roof_condition" | "roof_style" | "solar" | "spa" | "trees_overhanging" | "trees_proximity" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type BatchRowsTable_batch$data = {
  readonly batchId: string;
  readonly comparison: {
    readonly __typename: "BatchComparison";
  } | null | undefined;
  readonly id: string;
  readonly name: string;
  readonly rows: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly address: string | null | undefined;
        readonly analysis: {
          readonly analysisId: string;
          readonly riskScore: number | null | undefined;
        } | null | undefined;
        readonly changedFindings: ReadonlyArray<{
          readonly after: string;
          readonly before: string;
          readonly field: ComparedFinding;
        }> | null | undefined;
        readonly earlierResult: {
          readonly analysisId: string;
          readonly riskScore: number | null | undefined;
        } | null | undefined;
        readonly fileName: string | null | undefined;
        readonly latitude: number | null | undefined;
        readonly longitude: number | null | undefined;
        readonly reason: string | null | undefined;
        readonly referenceId: string | null | undefined;
        readonly rowNumber: number;
        readonly state: BatchRowState;
      };
    }>;
  };
  readonly " $fragmentType": "BatchRowsTable_batch";
};
export type BatchRowsTable_batch$key = {
  readonly " $data"?: BatchRowsTable_batch$data;
  readonly " $fragmentSpreads": FragmentRefs<"BatchRowsTable_batch">;
};

import BatchRowsTablePaginationQuery_graphql from './BatchRowsTablePaginationQuery.graphql';

const node: ReaderFragment = (function(){
var v0 = [
  "rows"
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v2 = [
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
    "name": "riskScore",
    "storageKey": null
  }
];
return {
  "argumentDefinitions": [
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "bandChanged"
    },
    {
      "defaultValue": 50,
      "kind": "LocalArgument",
      "name": "count"
    },
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "cursor"
    },
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "findingChange"
    },
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "findingsChanged"
    },
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "scoreMoved"
    },
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "state"
    }
  ],
  "kind": "Fragment",
  "metadata": {
    "connection": [
      {
        "count": "count",
        "cursor": "cursor",
        "direction": "forward",
        "path": (v0/*:: as any*/)
      }
    ],
    "refetch": {
      "connection": {
        "forward": {
          "count": "count",
          "cursor": "cursor"
        },
        "backward": null,
        "path": (v0/*:: as any*/)
      },
      "fragmentPathInResult": [
        "node"
      ],
      "operation": BatchRowsTablePaginationQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "BatchRowsTable_batch",
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
      "name": "batchId",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "BatchComparison",
      "kind": "LinkedField",
      "name": "comparison",
      "plural": false,
      "selections": [
        (v1/*:: as any*/)
      ],
      "storageKey": null
    },
    {
      "alias": "rows",
      "args": [
        {
          "kind": "Variable",
          "name": "bandChanged",
          "variableName": "bandChanged"
        },
        {
          "kind": "Variable",
          "name": "findingChange",
          "variableName": "findingChange"
        },
        {
          "kind": "Variable",
          "name": "findingsChanged",
          "variableName": "findingsChanged"
        },
        {
          "kind": "Variable",
          "name": "scoreMoved",
          "variableName": "scoreMoved"
        },
        {
          "kind": "Variable",
          "name": "state",
          "variableName": "state"
        }
      ],
      "concreteType": "BatchRowsConnection",
      "kind": "LinkedField",
      "name": "__BatchRowsTable_rows_connection",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "BatchRowsEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "BatchRow",
              "kind": "LinkedField",
              "name": "node",
              "plural": false,
              "selections": [
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "rowNumber",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "referenceId",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "address",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "fileName",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "latitude",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "longitude",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "state",
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
                  "concreteType": "Analysis",
                  "kind": "LinkedField",
                  "name": "analysis",
                  "plural": false,
                  "selections": (v2/*:: as any*/),
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "concreteType": "EarlierResult",
                  "kind": "LinkedField",
                  "name": "earlierResult",
                  "plural": false,
                  "selections": (v2/*:: as any*/),
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "concreteType": "FindingChange",
                  "kind": "LinkedField",
                  "name": "changedFindings",
                  "plural": true,
                  "selections": [
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
                      "name": "before",
                      "storageKey": null
                    },
                    {
                      "alias": null,
                      "args": null,
                      "kind": "ScalarField",
                      "name": "after",
                      "storageKey": null
                    }
                  ],
                  "storageKey": null
                },
                (v1/*:: as any*/)
              ],
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "cursor",
              "storageKey": null
            }
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "PageInfo",
          "kind": "LinkedField",
          "name": "pageInfo",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "endCursor",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "hasNextPage",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Batch",
  "abstractKey": null
};
})();

(node as any).hash = "571c8c67885e31a9d36ff9ccba32db1d";

export default node;
