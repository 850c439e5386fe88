/**
 * @generated SignedSource<<10e9f92d949736cbdbe9afa116f83edc>>
 * @relayHash 09714bc699fcd6bc5c42fdc4e90fc148
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 09714bc699fcd6bc5c42fdc4e90fc148

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type MapTabQuery$variables = Record<PropertyKey, never>;
export type MapTabQuery$data = {
  readonly imageryStatus: {
    readonly configured: boolean;
    readonly reachable: boolean | null | undefined;
    readonly " $fragmentSpreads": FragmentRefs<"ImageryNotConfigured_imageryStatus">;
  };
  readonly placesStatus: {
    readonly " $fragmentSpreads": FragmentRefs<"PropertyMapSearch_placesStatus">;
  };
};
export type MapTabQuery = {
  response: MapTabQuery$data;
  variables: MapTabQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "configured",
  "storageKey": null
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "reachable",
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "MapTabQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "ImageryStatus",
        "kind": "LinkedField",
        "name": "imageryStatus",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          (v1/*:: as any*/),
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ImageryNotConfigured_imageryStatus"
          }
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "PlacesStatus",
        "kind": "LinkedField",
        "name": "placesStatus",
        "plural": false,
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "PropertyMapSearch_placesStatus"
          }
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
    "name": "MapTabQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "ImageryStatus",
        "kind": "LinkedField",
        "name": "imageryStatus",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          (v1/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "provider",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "hint",
            "storageKey": null
          }
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "PlacesStatus",
        "kind": "LinkedField",
        "name": "placesStatus",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "attribution",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "id": "09714bc699fcd6bc5c42fdc4e90fc148",
    "metadata": {},
    "name": "MapTabQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "39b6b9748a7f4b1f1141f3f7e415fe21";

export default node;
