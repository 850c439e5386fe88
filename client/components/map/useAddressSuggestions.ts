import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { Subscription } from 'relay-runtime';
import { AUTOCOMPLETE_MIN_CHARS, AUTOCOMPLETE_THROTTLE_MS } from '../../../common/constants';
import type {
  useAddressSuggestionsQuery as SuggestionsQuery,
  useAddressSuggestionsQuery$data,
} from '../../__generated__/useAddressSuggestionsQuery.graphql';
import { Throttle } from './throttle';

const query = graphql`
  query useAddressSuggestionsQuery($input: PlacePredictionsInput!) {
    placePredictions(input: $input) {
      description
      placeId
      structuredFormatting {
        mainText
        secondaryText
      }
    }
  }
`;

/** A suggestion as the field shows it: spec §3's prediction, flattened. */
export type Suggestion = { placeId: string; description: string; mainText: string; secondaryText: string };

function toSuggestions(data: useAddressSuggestionsQuery$data): Suggestion[] {
  return data.placePredictions.map((p) => ({
    placeId: p.placeId,
    description: p.description,
    mainText: p.structuredFormatting.mainText,
    secondaryText: p.structuredFormatting.secondaryText,
  }));
}

/**
 * Suggestions for what the user is typing: none below 3 characters (no request either), at most one
 * request per 300 ms, only the newest answer shown, and a failure just empties the list (spec §8).
 * A typeahead's answers are transient, so they are fetched imperatively rather than rendered from a
 * preloaded query that would suspend the field on every keystroke.
 */
export function useAddressSuggestions(sessionToken: string) {
  const environment = useRelayEnvironment();
  const [suggestions, setSuggestions] = useState<readonly Suggestion[]>([]);
  const inFlight = useRef<Subscription | null>(null);

  const send = useCallback(
    (text: string) => {
      // Only the newest answer matters; an older one arriving late would replace it.
      inFlight.current?.unsubscribe();
      inFlight.current = fetchQuery<SuggestionsQuery>(
        environment,
        query,
        { input: { input: text, sessionToken } },
        { fetchPolicy: 'network-only' },
      ).subscribe({
        next: (data) => setSuggestions(toSuggestions(data)),
        error: () => setSuggestions([]),
      });
    },
    [environment, sessionToken],
  );

  const throttle = useMemo(() => new Throttle<string>(AUTOCOMPLETE_THROTTLE_MS, send), [send]);

  useEffect(
    () => () => {
      throttle.cancel();
      inFlight.current?.unsubscribe();
    },
    [throttle],
  );

  /** The field's text changed. */
  const update = useCallback(
    (text: string) => {
      if (text.trim().length < AUTOCOMPLETE_MIN_CHARS) {
        throttle.cancel();
        inFlight.current?.unsubscribe();
        setSuggestions([]);
        return;
      }
      throttle.push(text.trim());
    },
    [throttle],
  );

  /** A suggestion was chosen or the search ran: stop any answer on its way and close the list. */
  const clear = useCallback(() => {
    throttle.cancel();
    inFlight.current?.unsubscribe();
    setSuggestions([]);
  }, [throttle]);

  return { suggestions, update, clear };
}
