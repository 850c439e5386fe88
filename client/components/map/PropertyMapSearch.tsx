// The map flow (spec §4): an address is entered, the server fetches its satellite picture, Analyze Property
// analyses that picture and opens /analysis-results/{id}.
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import type { PropertyMapSearch_placesStatus$key } from '../../__generated__/PropertyMapSearch_placesStatus.graphql';
import { Alert } from '../Alert';
import { useAnalyzeImageMutation } from '../analysis/useAnalyzeImageMutation';
import { showsSetupHelp } from '../../auth/session';
import { UserFacingError } from '../../relay/useTypedMutation';
import { Button } from '../forms';
import { AddressCombobox } from './AddressCombobox';
import { MAP_MESSAGES, MapUserError, UNREACHABLE_HINT, mapErrorMessage, newSessionToken } from './mapMessages';
import { PropertyMapImage } from './PropertyMapImage';
import type { Suggestion } from './useAddressSuggestions';
import { useFetchPropertyImageMutation, type PropertyImage } from './useFetchPropertyImageMutation';

type Chosen = { placeId: string; description: string };

export function PropertyMapSearch({ placesStatus }: { placesStatus: PropertyMapSearch_placesStatus$key }) {
  const places = useFragment(
    graphql`
      fragment PropertyMapSearch_placesStatus on PlacesStatus {
        configured
        attribution
      }
    `,
    placesStatus,
  );
  const navigate = useNavigate();
  const [fetchImage, searching] = useFetchPropertyImageMutation();
  const analyze = useAnalyzeImageMutation();
  const [address, setAddress] = useState('');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [sessionToken, setSessionToken] = useState(newSessionToken);
  const [image, setImage] = useState<PropertyImage | null>(null);
  const [error, setError] = useState<{ message: string; hint?: string } | null>(null);
  const [analyzing, setAnalyzing] = useState(false);
  const busy = searching || analyzing;

  const search = async (choice: Chosen | null) => {
    const text = (choice?.description ?? address).trim();
    if (!text) {
      setError({ message: MAP_MESSAGES.enterAddress });
      return;
    }
    setError(null);
    // The picture on screen must be the one of the address in the field.
    setImage(null);
    try {
      setImage(await fetchImage(choice ? { placeId: choice.placeId, sessionToken } : { address: text, sessionToken }));
    } catch (failure) {
      setError({
        message: mapErrorMessage(failure, MAP_MESSAGES.fetchFailed),
        hint: failure instanceof MapUserError && failure.providerUnreachable && showsSetupHelp() ? UNREACHABLE_HINT : undefined,
      });
    } finally {
      // Resolving a chosen place ends the provider's autocomplete session; the next search starts another.
      if (choice) setSessionToken(newSessionToken());
    }
  };

  const analyzeProperty = async () => {
    if (!image) {
      setError({ message: MAP_MESSAGES.searchFirst });
      return;
    }
    setError(null);
    setAnalyzing(true);
    try {
      const analysis = await analyze(image.id);
      navigate(`/analysis-results/${analysis.analysisId}`);
    } catch (failure) {
      setError({
        message: failure instanceof UserFacingError ? failure.message : mapErrorMessage(failure, MAP_MESSAGES.processFailed),
      });
      setAnalyzing(false);
    }
  };

  const choose = (suggestion: Suggestion) => {
    const choice = { placeId: suggestion.placeId, description: suggestion.description };
    setAddress(suggestion.description);
    setChosen(choice);
    void search(choice);
  };

  return (
    <div className="space-y-6">
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          void search(chosen && chosen.description === address ? chosen : null);
        }}
      >
        <div className="flex-1">
          <AddressCombobox
            value={address}
            onValueChange={(text) => {
              setAddress(text);
              // A message about the previous text ('Please search for an address first', a failed search) is
              // out of date once the user types; the next search or Analyze Property says what is still wrong.
              setError(null);
              if (chosen && text !== chosen.description) setChosen(null);
            }}
            onChoose={choose}
            onSubmit={() => void search(chosen && chosen.description === address ? chosen : null)}
            sessionToken={sessionToken}
            attribution={places.attribution ?? null}
            hint={
              places.configured
                ? undefined
                : 'Address suggestions are off on this server (PLACES_PROVIDER=none): enter coordinates as “latitude, longitude”.'
            }
            disabled={analyzing}
          />
        </div>
        <Button type="submit" variant="secondary" busy={searching} disabled={analyzing} className="sm:mt-7">
          Search
        </Button>
      </form>

      {error && <Alert tone="error">{error.message}</Alert>}
      {error?.hint && <p className="text-sm text-slate-600 dark:text-slate-400">{error.hint}</p>}

      {image && <PropertyMapImage image={image} />}

      <div className="flex justify-end">
        <Button type="button" busy={analyzing} disabled={busy} onClick={() => void analyzeProperty()}>
          Analyze Property
        </Button>
      </div>
    </div>
  );
}
