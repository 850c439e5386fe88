/**
 * @generated SignedSource<<b4aa8bdbbba83fed1eab2ebbe624d149>>
 * @relayHash ccd60b1f35059b3a3994509c29e17915
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID ccd60b1f35059b3a3994509c29e17915

import { ConcreteRequest } from 'relay-runtime';
export type PlacePredictionsInput = {
  input: string;
  sessionToken?: string | null | undefined;
};
export type useAddressSuggestionsQuery$variables = {
  input: PlacePredictionsInput;
};
export type useAddressSuggestionsQuery$data = {
  readonly placePredictions: ReadonlyArray<{
    readonly description: string;
    readonly placeId: string;
    readonly structuredFormatting: {
      readonly mainText: string;
      readonly secondaryText: string;
    };
  }>;
};
export type useAddressSuggestionsQuery = {
  response: useAddressSuggestionsQuery$data;
  variables: useAddressSuggestionsQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "input"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": "PlacePrediction",
    "kind": "LinkedField",
    "name": "placePredictions",
    "plural": true,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "description",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "placeId",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "PlaceStructuredFormatting",
        "kind": "LinkedField",
        "name": "structuredFormatting",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "mainText",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "secondaryText",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "useAddressSuggestionsQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "useAddressSuggestionsQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "ccd60b1f35059b3a3994509c29e17915",
    "metadata": {},
    "name": "useAddressSuggestionsQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "b94d7625c8f224a479fd8e0323dc6158";

export default node;
