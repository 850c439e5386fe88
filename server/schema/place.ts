// Places and the map flow: address suggestions (`placePredictions`), what the Map tab shows about the
// configured providers (`imageryStatus`, `placesStatus`), and `fetchPropertyImage`, which stores the
// satellite picture of an address as the viewer's Image (analysed afterwards with `analyzeImage`).
import { builder } from '../builder';
import { RateLimitedError, ValidationError } from '../domain/errors';
import { ProviderError } from '../imagery/errors';
import type { Prediction } from '../imagery/types';
import { imageryStatus, placePredictions, placesStatus, type ImageryStatus, type PlacesStatus } from '../services/places';
import { fetchPropertyImage } from '../services/property-image';
import { ErrorInterface, typed } from './errors';
import { ImageRef } from './image';

builder.objectType(ProviderError, {
  name: 'ImageryError',
  description:
    'The address was not found, or the places or imagery provider failed or is not configured. The message is the ' +
    'specification’s (‘Failed to fetch map image. Please try again.’), or says that typed coordinates are out of ' +
    'range, that there is no imagery of the place, or what to configure.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ProviderError,
  fields: (t) => ({
    notConfigured: t.boolean({ resolve: (error) => error.providerCode === 'PROVIDER_NOT_CONFIGURED' }),
    providerUnreachable: t.boolean({
      description: 'The provider’s host could not be reached at all (an offline server, a wrong base URL).',
      resolve: (error) => error.reason === 'network',
    }),
  }),
});

const StructuredFormatting = builder.objectRef<Prediction['structured_formatting']>('PlaceStructuredFormatting').implement({
  fields: (t) => ({
    mainText: t.exposeString('main_text'),
    secondaryText: t.exposeString('secondary_text'),
  }),
});

const PlacePrediction = builder.objectRef<Prediction>('PlacePrediction').implement({
  description: 'An address suggestion (spec §3 Place prediction).',
  fields: (t) => ({
    description: t.exposeString('description'),
    placeId: t.exposeString('place_id', { description: 'Pass to fetchPropertyImage as `placeId`.' }),
    structuredFormatting: t.field({ type: StructuredFormatting, resolve: (p) => p.structured_formatting }),
  }),
});

const ImageryStatusRef = builder.objectRef<ImageryStatus>('ImageryStatus').implement({
  fields: (t) => ({
    configured: t.exposeBoolean('configured'),
    provider: t.exposeString('provider', { description: '`public`, `google`, `tiles` or `none`.' }),
    attribution: t.exposeString('attribution', { nullable: true }),
    hint: t.exposeString('hint', { nullable: true, description: 'How to configure a provider, when none is.' }),
    reachable: t.exposeBoolean('reachable', {
      nullable: true,
      description: 'false when the server’s latest background check could not reach the map services; null when not known.',
    }),
  }),
});

const PlacesStatusRef = builder.objectRef<PlacesStatus>('PlacesStatus').implement({
  fields: (t) => ({
    configured: t.exposeBoolean('configured'),
    provider: t.exposeString('provider', { description: '`public`, `google` or `none`.' }),
    attribution: t.exposeString('attribution', { nullable: true, description: 'Credit the suggestions list shows.' }),
  }),
});

const PlacePredictionsInput = builder.inputType('PlacePredictionsInput', {
  fields: (t) => ({
    input: t.string({ required: true, description: 'What the user typed; fewer than 3 characters answer [].' }),
    sessionToken: t.string({ description: 'One per address search, sent with every request of it (Google billing).' }),
  }),
});

const FetchPropertyImageInput = builder.inputType('FetchPropertyImageInput', {
  fields: (t) => ({
    address: t.string({ description: 'Free text, or "latitude, longitude".' }),
    placeId: t.string({ description: 'A chosen suggestion’s placeId; wins over `address`.' }),
    sessionToken: t.string(),
  }),
});

builder.queryFields((t) => ({
  placePredictions: t.withAuth({ loggedIn: true }).field({
    type: [PlacePrediction],
    description: 'Address suggestions; fails with ‘Failed to fetch place predictions’ when the provider does.',
    args: { input: t.arg({ type: PlacePredictionsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      placePredictions(ctx.map, { analysis: ctx.analysis, viewer: ctx.viewer }, input.input, input.sessionToken),
  }),
  imageryStatus: t.withAuth({ loggedIn: true }).field({
    type: ImageryStatusRef,
    resolve: (_root, _args, ctx) => imageryStatus(ctx.map),
  }),
  placesStatus: t.withAuth({ loggedIn: true }).field({
    type: PlacesStatusRef,
    resolve: (_root, _args, ctx) => placesStatus(ctx.map),
  }),
}));

builder.mutationField('fetchPropertyImage', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: ImageRef,
    nullable: false,
    description: 'Finds the address, fetches its 600×400 zoom-20 satellite image and stores it as the viewer’s image.',
    errors: { types: [ValidationError, RateLimitedError, ProviderError] },
    args: { input: t.arg({ type: FetchPropertyImageInput, required: true }) },
    resolve: (_root, { input }, ctx) => typed(() => fetchPropertyImage(ctx.analysis, ctx.map, ctx.viewer, input)),
  }),
);
