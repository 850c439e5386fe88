/**
 * @generated SignedSource<<cda84d192e69947691427a35ab4eb10b>>
 * @relayHash cdd04048b1242acf8b0c9f4262977467
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID cdd04048b1242acf8b0c9f4262977467

import { ConcreteRequest } from 'relay-runtime';
export type OlderResultsNoticeQuery$variables = Record<PropertyKey, never>;
export type OlderResultsNoticeQuery$data = {
  readonly viewer: {
    readonly olderAnalyzerImages: number;
  } | null | undefined;
};
export type OlderResultsNoticeQuery = {
  response: OlderResultsNoticeQuery$data;
  variables: OlderResultsNoticeQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "olderAnalyzerImages",
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "OlderResultsNoticeQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v0/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "OlderResultsNoticeQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "id",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "id": "cdd04048b1242acf8b0c9f4262977467",
    "metadata": {},
    "name": "OlderResultsNoticeQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "a95a1830a1acf929c334a86e43076db3";

export default node;
