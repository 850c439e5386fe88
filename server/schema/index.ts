// Imports every schema module (each registers its types on the builder), then builds the schema.
import { builder } from '../builder.js';
import './errors.js';
import './user.js';

builder.queryType({});

export const schema = builder.toSchema();
