import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { dataLayerEntriesFor, pushToDataLayer } from '../lib/analytics';
import type { BagResult } from './bag-result';

/**
 * A bag form's fetcher and the result to show next to it: the fetcher's answer (JavaScript), or the notice the
 * page was redirected back with (no JavaScript) when it is about one of `intents`. GA4 events of the answer are
 * pushed once.
 */
export function useBagForm(key: string, intents: readonly string[], notice: BagResult | null | undefined) {
  const fetcher = useFetcher<BagResult>({ key });
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.dataLayers?.length) pushToDataLayer(window, dataLayerEntriesFor(answer.dataLayers));
  }, [answer]);
  const result = answer && intents.includes(answer.intent) ? answer : notice && intents.includes(notice.intent) ? notice : undefined;
  return { fetcher, result, busy: fetcher.state !== 'idle' };
}
