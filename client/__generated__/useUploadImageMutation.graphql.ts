/**
 * @generated SignedSource<<55a31e9706706d8e9566379e6f2cb66c>>
 * @relayHash a000800d8f71ed8c5ee40e2fc3918285
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID a000800d8f71ed8c5ee40e2fc3918285

import { ConcreteRequest } from 'relay-runtime';
export type UploadImageInput = {
  file?: any | null | undefined;
  propertyLocation?: string | null | undefined;
};
export type useUploadImageMutation$variables = {
  input: UploadImageInput;
};
export type useUploadImageMutation$data = {
  readonly uploadImage: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
      readonly itemId: string;
    };
    readonly message?: string;
  };
};
export type useUploadImageMutation = {
  response: useUploadImageMutation$data;
  variables: useUploadImageMutation$variables;
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
    "concreteType": null,
    "kind": "LinkedField",
    "name": "uploadImage",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "__typename",
        "storageKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "Image",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
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
                "name": "itemId",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationUploadImageSuccess",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "message",
            "storageKey": null
          }
        ],
        "type": "Error",
        "abstractKey": "__isError"
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
    "name": "useUploadImageMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "useUploadImageMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "a000800d8f71ed8c5ee40e2fc3918285",
    "metadata": {},
    "name": "useUploadImageMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "461966e922484ac13e0da1259df6a47f";

export default node;
