import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useUploadImageMutation as UploadImageMutation } from '../../__generated__/useUploadImageMutation.graphql';
import { UserFacingError } from './uploadErrors';

const mutation = graphql`
  mutation useUploadImageMutation($input: UploadImageInput!) {
    uploadImage(input: $input) {
      __typename
      ... on MutationUploadImageSuccess {
        data {
          id
          itemId
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export type UploadedImage = { id: string; itemId: string };

/** Sends the file as a GraphQL multipart upload; resolves with the stored image's ids. */
export function useUploadImageMutation(): (file: File, propertyLocation: string) => Promise<UploadedImage> {
  const [commit] = useMutation<UploadImageMutation>(mutation);
  return useCallback(
    (file, propertyLocation) =>
      new Promise<UploadedImage>((resolve, reject) => {
        commit({
          // The file travels as a multipart part; `input.file` is the variable it fills (see relay/multipart.ts).
          variables: { input: { file: null, propertyLocation: propertyLocation.trim() || null } },
          uploadables: { 'input.file': file },
          onCompleted: ({ uploadImage: result }) => {
            if (result.data) resolve(result.data);
            else if (result.message && (result.__typename === 'ValidationError' || result.__typename === 'RateLimitedError')) {
              reject(new UserFacingError(result.message));
            } else reject(new Error(result.message ?? `uploadImage answered ${result.__typename}`));
          },
          onError: reject,
        });
      }),
    [commit],
  );
}
