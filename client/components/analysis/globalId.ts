// Relay global ids as Pothos makes them by default: base64 of `<Type>:<raw id>`. Routes carry the raw
// id (`/analysis-results/{analysisId}`), GraphQL arguments the global one.

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function toGlobalId(type: string, rawId: string): string {
  return base64Utf8(`${type}:${rawId}`);
}
