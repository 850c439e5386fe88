import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  FetchPropertyImageInput,
  useFetchPropertyImageMutation as FetchPropertyImageMutation,
  useFetchPropertyImageMutation$data,
} from '../../__generated__/useFetchPropertyImageMutation.graphql';
import { useTypedMutation } from '../../relay/useTypedMutation';
import { MapUserError } from './mapMessages';

const mutation = graphql`
  mutation useFetchPropertyImageMutation($input: FetchPropertyImageInput!) {
    fetchPropertyImage(input: $input) {
      __typename
      ... on MutationFetchPropertyImageSuccess {
        data {
          id
          itemId
          ...PropertyMapImage_image
        }
      }
      ... on ImageryError {
        providerUnreachable
      }
      ... on Error {
        message
      }
    }
  }
`;

type Result = useFetchPropertyImageMutation$data['fetchPropertyImage'];
export type PropertyImage = NonNullable<Result['data']>;

const resultOf = (response: useFetchPropertyImageMutation$data) => response.fetchPropertyImage;
// Every typed error (ValidationError, RateLimitedError, ImageryError) carries a message meant for the user.
const toError = (result: Result) =>
  result.message
    ? new MapUserError(result.message, result.providerUnreachable === true)
    : new Error(`fetchPropertyImage answered ${result.__typename}`);

/** The server finds the address, fetches the satellite picture and stores it as the viewer's image. */
export function useFetchPropertyImageMutation(): [(input: FetchPropertyImageInput) => Promise<PropertyImage>, boolean] {
  const [commit, inFlight] = useTypedMutation<FetchPropertyImageMutation, Result>(mutation, resultOf, toError);
  const run = useCallback((input: FetchPropertyImageInput) => commit({ input }), [commit]);
  return [run, inFlight];
}
