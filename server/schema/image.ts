// Image: an uploaded (or provider) image of the viewer, and the `uploadImage` mutation.
import { builder } from '../builder';
import { RateLimitedError, ValidationError } from '../domain/errors';
import { uuidOrNone } from '../services/ids';
import { uploadImage, uploadedFilename } from '../services/images';
import { typed } from './errors';
import './scalars';

export const ImageRef = builder.prismaNode('Image', {
  id: { field: 'id' },
  // Only the owner's images resolve; any other id is null like a missing one.
  findUnique: (id, ctx) => ({ id: uuidOrNone(id), AND: [{ ownerId: ctx.viewer?.uid ?? '' }] }),
  nullable: true,
  fields: (t) => ({
    itemId: t.exposeString('id', { description: 'The raw id (REST `item_id`).' }),
    url: t.string({
      description: 'Where the image bytes are served (GET with the bearer token; owner only).',
      resolve: (image) => `/aerial/image-file/by-id/${image.id}`,
    }),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
    mime: t.exposeString('mime'),
    source: t.exposeString('source', { description: '`upload`, or the imagery provider that supplied it.' }),
    propertyLocation: t.exposeString('propertyLocation'),
    filename: t.string({
      nullable: true,
      description: 'The uploaded file’s name as the sender gave it (last path segment); null for provider images.',
      resolve: (image) => uploadedFilename(image),
    }),
    latitude: t.exposeFloat('latitude', { nullable: true }),
    longitude: t.exposeFloat('longitude', { nullable: true }),
    gsdMPerPx: t.exposeFloat('gsdMPerPx', { nullable: true, description: 'Ground resolution, metres per pixel.' }),
    gsdSource: t.exposeString('gsdSource', { nullable: true }),
    capturedAt: t.expose('capturedAt', { type: 'DateTime', nullable: true }),
    attribution: t.exposeString('attribution', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const UploadImageInput = builder.inputType('UploadImageInput', {
  fields: (t) => ({
    // Optional so that a request whose map names a file it does not carry gets the specification's
    // "Please select a file to upload" like REST, instead of a variable error.
    file: t.field({ type: 'File', required: false }),
    propertyLocation: t.string(),
  }),
});

builder.mutationField('uploadImage', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: ImageRef,
    nullable: false,
    description: 'Validates (JPEG, PNG or GIF by content; at most 10 MB) and stores an image.',
    errors: { types: [ValidationError, RateLimitedError] },
    args: { input: t.arg({ type: UploadImageInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(() =>
        uploadImage(
          ctx.analysis,
          ctx.viewer,
          {
            file: input.file ?? null,
            filename: input.file?.name ?? null,
            propertyLocation: input.propertyLocation,
          },
          ctx.idempotencyKey,
        ),
      ),
  }),
);
