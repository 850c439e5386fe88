// The spec §9 figures the imagery providers use; their one home is common/constants.ts.
export { AUTOCOMPLETE_MIN_CHARS, MAP_IMAGE_SIZE, MAP_IMAGE_ZOOM } from '../../common/constants';
