// Imports every schema module (each registers its types on the builder), then builds the schema.
import { builder } from '../builder.js';
import './errors.js';
import './user.js';
import './scalars.js';
import './image.js';
import './analysis.js';
import './review.js';
import './audit-entry.js';
import './defensible-space.js';
import './same-property.js';
import './risk-zone.js';
import './place.js';
import './api-key.js';
import './batch.js';

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

export const schema = builder.toSchema();
