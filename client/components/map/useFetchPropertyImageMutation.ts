import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type {
  FetchPropertyImageInput,
  useFetchPropertyImageMutation as FetchPropertyImageMutation,
  useFetchPropertyImageMutation$data,
} from '../../__generated__/useFetchPropertyImageMutation.graphql';
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

/** The server finds the address, fetches the satellite picture and stores it as the viewer's image. */
export function useFetchPropertyImageMutation(): [(input: FetchPropertyImageInput) => Promise<PropertyImage>, boolean] {
  const [commit, inFlight] = useMutation<FetchPropertyImageMutation>(mutation);
  const run = useCallback(
    (input: FetchPropertyImageInput) =>
      new Promise<PropertyImage>((resolve, reject) => {
        commit({
          variables: { input },
          onCompleted: ({ fetchPropertyImage: result }) => {
            if (result.__typename === 'MutationFetchPropertyImageSuccess' && result.data) resolve(result.data);
            // Every typed error (ValidationError, RateLimitedError, ImageryError) carries a message meant for the user.
            else if (result.message) reject(new MapUserError(result.message, result.providerUnreachable === true));
            else reject(new Error(`fetchPropertyImage answered ${result.__typename}`));
          },
          onError: reject,
        });
      }),
    [commit],
  );
  return [run, inFlight];
}
