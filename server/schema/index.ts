// Imports every schema module (each registers its types on the builder), then builds the schema.
import { builder } from '../builder';
import './errors';
import './user';
import './scalars';
import './image';
import './analysis';
import './review';
import './audit-entry';
import './defensible-space';
import './same-property';
import './risk-zone';
import './place';
import './api-key';
import './batch';

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

export const schema = builder.toSchema();
