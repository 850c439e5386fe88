import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useUploadImageMutation as UploadImageMutation,
  useUploadImageMutation$data,
} from '../../__generated__/useUploadImageMutation.graphql';
import { refusals, useTypedMutation } from '../../relay/useTypedMutation';

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

const resultOf = (response: useUploadImageMutation$data) => response.uploadImage;
const toError = refusals('ValidationError', 'RateLimitedError');

/** Sends the file as a GraphQL multipart upload; resolves with the stored image's ids. */
export function useUploadImageMutation(): (file: File, propertyLocation: string) => Promise<UploadedImage> {
  const [commit] = useTypedMutation<UploadImageMutation, ReturnType<typeof resultOf>>(mutation, resultOf, toError);
  return useCallback(
    (file, propertyLocation) =>
      // The file travels as a multipart part; `input.file` is the variable it fills (see relay/multipart.ts).
      commit({ input: { file: null, propertyLocation: propertyLocation.trim() || null } }, { uploadables: { 'input.file': file } }),
    [commit],
  );
}
