/**
 * @generated SignedSource<<251c7b11f5f5995b4733ee327e4434f2>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisStatus = "done" | "failed" | "queued" | "running" | "%future added value";
export type AnalysisResultsScreenQuery$variables = {
  id: string;
};
export type AnalysisResultsScreenQuery$data = {
  readonly analysis: {
    readonly error: string | null | undefined;
    readonly results: {
      readonly __typename: "AnalysisResults";
    } | null | undefined;
    readonly status: AnalysisStatus;
    readonly " $fragmentSpreads": FragmentRefs<"AnalysisAuditTrail_analysis" | "AnalysisLiveProgress_analysis" | "AnalysisResultsView_analysis" | "AnalysisReviewPanel_analysis" | "ReportDownloadButton_analysis" | "SamePropertyPanel_analysis">;
  } | null | undefined;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisReviewPanel_query">;
};
export type AnalysisResultsScreenQuery = {
  response: AnalysisResultsScreenQuery$data;
  variables: AnalysisResultsScreenQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "id"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "id",
    "variableName": "id"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "status",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "error",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v5 = [
  (v4/*:: as any*/)
],
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "present",
  "storageKey": null
},
v7 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "location",
  "storageKey": null
},
v8 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "condition",
  "storageKey": null
},
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "count",
  "storageKey": null
},
v10 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "proximity",
  "storageKey": null
},
v11 = {
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
    (v8/*:: as any*/)
  ],
  "storageKey": null
},
v12 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "propertyCondition",
  "storageKey": null
},
v13 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "additionalRisks",
  "storageKey": null
},
v14 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v15 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "createdAt",
  "storageKey": null
},
v16 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "note",
  "storageKey": null
},
v17 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "capturedAt",
  "storageKey": null
},
v18 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "riskScore",
  "storageKey": null
},
v19 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "reason",
  "storageKey": null
},
v20 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "field",
  "storageKey": null
},
v21 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "from",
  "storageKey": null
},
v22 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "to",
  "storageKey": null
},
v23 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "at",
  "storageKey": null
},
v24 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "analysisId",
  "storageKey": null
},
v25 = [
  (v6/*:: as any*/)
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "AnalysisResultsScreenQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "Analysis",
        "kind": "LinkedField",
        "name": "analysis",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          (v3/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "AnalysisResults",
            "kind": "LinkedField",
            "name": "results",
            "plural": false,
            "selections": (v5/*:: as any*/),
            "storageKey": null
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "AnalysisLiveProgress_analysis"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "AnalysisResultsView_analysis"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "AnalysisReviewPanel_analysis"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "AnalysisAuditTrail_analysis"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ReportDownloadButton_analysis"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "SamePropertyPanel_analysis"
          }
        ],
        "storageKey": null
      },
      {
        "args": null,
        "kind": "FragmentSpread",
        "name": "AnalysisReviewPanel_query"
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AnalysisResultsScreenQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "Analysis",
        "kind": "LinkedField",
        "name": "analysis",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          (v3/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "AnalysisResults",
            "kind": "LinkedField",
            "name": "results",
            "plural": false,
            "selections": [
              (v4/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "concreteType": "PoolResult",
                "kind": "LinkedField",
                "name": "pool",
                "plural": false,
                "selections": [
                  (v6/*:: as any*/),
                  (v7/*:: as any*/),
                  (v8/*:: as any*/)
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
                  (v6/*:: as any*/),
                  (v7/*:: as any*/)
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
                  (v9/*:: as any*/),
                  (v10/*:: as any*/)
                ],
                "storageKey": null
              },
              (v11/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "concreteType": "SolarResult",
                "kind": "LinkedField",
                "name": "solar",
                "plural": false,
                "selections": [
                  (v6/*:: as any*/),
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
                  (v10/*:: as any*/)
                ],
                "storageKey": null
              },
              (v12/*:: as any*/),
              (v13/*:: as any*/)
            ],
            "storageKey": null
          },
          (v14/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "progress",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "propertyLocation",
            "storageKey": null
          },
          (v15/*:: as any*/),
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
                "name": "polygon",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "reviewDecision",
                "storageKey": null
              },
              (v16/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "index",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "reviewReason",
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
                "name": "width",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "height",
                "storageKey": null
              },
              (v14/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "source",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "gsdMPerPx",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "gsdSource",
                "storageKey": null
              },
              (v17/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "attribution",
                "storageKey": null
              }
            ],
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "DefensibleSpace",
            "kind": "LinkedField",
            "name": "defensibleSpace",
            "plural": false,
            "selections": [
              (v2/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "pxPerM",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "roofPolygon",
                "storageKey": null
              },
              (v16/*:: as any*/),
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
          },
          (v18/*:: as any*/),
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
            "kind": "ScalarField",
            "name": "unassessableReasons",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "ScoreItem",
            "kind": "LinkedField",
            "name": "scoreBreakdown",
            "plural": true,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "factor",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "points",
                "storageKey": null
              },
              (v19/*:: as any*/)
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
                "name": "analyzerRiskScore",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "reviewedBy",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "reviewedAt",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "ReviewChange",
                "kind": "LinkedField",
                "name": "changes",
                "plural": true,
                "selections": [
                  (v20/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "findingIndex",
                    "storageKey": null
                  },
                  (v21/*:: as any*/),
                  (v22/*:: as any*/),
                  (v19/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "by",
                    "storageKey": null
                  },
                  (v23/*:: as any*/)
                ],
                "storageKey": null
              },
              (v4/*:: as any*/)
            ],
            "storageKey": null
          },
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
            "kind": "ScalarField",
            "name": "provenance",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "finishedAt",
            "storageKey": null
          },
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
              (v23/*:: as any*/),
              (v20/*:: as any*/),
              (v21/*:: as any*/),
              (v22/*:: as any*/),
              (v19/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "details",
                "storageKey": null
              }
            ],
            "storageKey": null
          },
          (v24/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "reportUrl",
            "storageKey": null
          },
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
                  (v24/*:: as any*/),
                  (v15/*:: as any*/),
                  (v18/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Image",
                    "kind": "LinkedField",
                    "name": "image",
                    "plural": false,
                    "selections": [
                      (v17/*:: as any*/),
                      (v14/*:: as any*/)
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
                    "selections": (v5/*:: as any*/),
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
                        "selections": (v25/*:: as any*/),
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": "SpaResult",
                        "kind": "LinkedField",
                        "name": "spa",
                        "plural": false,
                        "selections": (v25/*:: as any*/),
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
                          (v9/*:: as any*/),
                          (v10/*:: as any*/)
                        ],
                        "storageKey": null
                      },
                      (v11/*:: as any*/),
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": "SolarResult",
                        "kind": "LinkedField",
                        "name": "solar",
                        "plural": false,
                        "selections": (v25/*:: as any*/),
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
                          (v10/*:: as any*/)
                        ],
                        "storageKey": null
                      },
                      (v12/*:: as any*/),
                      (v13/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v14/*:: as any*/)
                ],
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
        "concreteType": "ReviewField",
        "kind": "LinkedField",
        "name": "reviewFields",
        "plural": true,
        "selections": [
          (v20/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "values",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "b407d87e3b4389484fde7bb20022620e",
    "id": null,
    "metadata": {},
    "name": "AnalysisResultsScreenQuery",
    "operationKind": "query",
    "text": "query AnalysisResultsScreenQuery(\n  $id: ID!\n) {\n  analysis(id: $id) {\n    status\n    error\n    results {\n      __typename\n    }\n    ...AnalysisLiveProgress_analysis\n    ...AnalysisResultsView_analysis\n    ...AnalysisReviewPanel_analysis\n    ...AnalysisAuditTrail_analysis\n    ...ReportDownloadButton_analysis\n    ...SamePropertyPanel_analysis\n    id\n  }\n  ...AnalysisReviewPanel_query\n}\n\nfragment AnalysisAuditTrail_analysis on Analysis {\n  auditTrail {\n    kind\n    actor\n    at\n    field\n    from\n    to\n    reason\n    details\n  }\n}\n\nfragment AnalysisFeatures_analysis on Analysis {\n  results {\n    pool {\n      present\n      location\n      condition\n    }\n    spa {\n      present\n      location\n    }\n    trees {\n      overhanging\n      count\n      proximity\n    }\n    roof {\n      style\n      condition\n    }\n    solar {\n      present\n      coveragePercentage\n    }\n    powerLines {\n      crossingProperty\n      proximity\n    }\n  }\n  findings {\n    feature\n    confidence\n    note\n    reviewDecision\n  }\n}\n\nfragment AnalysisImageOverlay_analysis on Analysis {\n  propertyLocation\n  findings {\n    feature\n    confidence\n    polygon\n    reviewDecision\n  }\n  image {\n    url\n    width\n    height\n    id\n  }\n  defensibleSpace {\n    status\n    pxPerM\n    roofPolygon\n  }\n}\n\nfragment AnalysisLiveProgress_analysis on Analysis {\n  id\n  status\n  progress\n}\n\nfragment AnalysisObservations_analysis on Analysis {\n  recommendations\n  results {\n    propertyCondition\n    additionalRisks\n  }\n}\n\nfragment AnalysisProvenance_analysis on Analysis {\n  provenance\n  finishedAt\n  image {\n    source\n    width\n    height\n    gsdMPerPx\n    gsdSource\n    capturedAt\n    attribution\n    id\n  }\n}\n\nfragment AnalysisResultsView_analysis on Analysis {\n  propertyLocation\n  createdAt\n  ...AnalysisImageOverlay_analysis\n  ...RiskScoreCard_analysis\n  ...AnalysisFeatures_analysis\n  ...AnalysisObservations_analysis\n  ...AnalysisProvenance_analysis\n  ...DefensibleSpacePanel_analysis\n}\n\nfragment AnalysisReviewPanel_analysis on Analysis {\n  id\n  findings {\n    index\n    feature\n    confidence\n    note\n    reviewDecision\n    reviewReason\n  }\n  results {\n    additionalRisks\n  }\n  review {\n    reviewedBy\n    reviewedAt\n    changes {\n      field\n      findingIndex\n      from\n      to\n      reason\n      by\n      at\n    }\n  }\n}\n\nfragment AnalysisReviewPanel_query on Query {\n  reviewFields {\n    field\n    values\n  }\n}\n\nfragment DefensibleSpacePanel_analysis on Analysis {\n  defensibleSpace {\n    status\n    note\n    rings {\n      zone\n      areaM2\n      vegetationM2\n      vegetationPct\n      visiblePct\n    }\n  }\n}\n\nfragment ReportDownloadButton_analysis on Analysis {\n  analysisId\n  reportUrl\n}\n\nfragment RiskScoreCard_analysis on Analysis {\n  riskScore\n  assessable\n  unassessableReasons\n  scoreBreakdown {\n    factor\n    points\n    reason\n  }\n  review {\n    analyzerRiskScore\n  }\n}\n\nfragment SamePropertyPanel_analysis on Analysis {\n  createdAt\n  riskScore\n  image {\n    capturedAt\n    id\n  }\n  review {\n    __typename\n  }\n  results {\n    pool {\n      present\n    }\n    spa {\n      present\n    }\n    trees {\n      count\n      proximity\n    }\n    roof {\n      style\n      condition\n    }\n    solar {\n      present\n    }\n    powerLines {\n      proximity\n    }\n    propertyCondition\n    additionalRisks\n  }\n  sameProperty {\n    match\n    distanceM\n    analysis {\n      analysisId\n      createdAt\n      riskScore\n      image {\n        capturedAt\n        id\n      }\n      review {\n        __typename\n      }\n      results {\n        pool {\n          present\n        }\n        spa {\n          present\n        }\n        trees {\n          count\n          proximity\n        }\n        roof {\n          style\n          condition\n        }\n        solar {\n          present\n        }\n        powerLines {\n          proximity\n        }\n        propertyCondition\n        additionalRisks\n      }\n      id\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "7c7304749102c700f0d32838589d79ca";

export default node;
