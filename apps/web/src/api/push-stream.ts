import { useEffect, useRef } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { EVENT_REFETCH_SPREAD_MS, EVENTS_PATH } from '@aleph/contracts';
import { forgetEventSeq, takeEventSeq } from './event-seq';
import { startEventStream, type DeliveryInfo, type PushEvent } from './event-stream';
import { refreshSession } from './api';
import {
  applyPushEvent,
  spreadInvalidations,
  type PushDispatch,
  type PushCacheState,
} from './push-events';
import { pushConnectionChanged } from './push-slice';

/**
 * How long the page's first stream waits for the page's first read to answer, whose player
 * event number it starts after (event-seq.ts); past it, the stream opens without one.
 */
const FIRST_READ_WAIT_MS = 2_000;

/**
 * Runs this tab's push stream client while the calling component is mounted (the signed-in
 * frame: a signed-out player has none): events update the cache, the connection state goes to
 * the store (`push.connected`), and `onEvent` hears every event after the cache has it.
 */
export function usePushStream(onEvent: (event: PushEvent, info: DeliveryInfo) => void) {
  const dispatch = useDispatch<PushDispatch>();
  const store = useStore<PushCacheState>();
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });
  useEffect(() => {
    const spread = spreadInvalidations(dispatch, EVENT_REFETCH_SPREAD_MS);
    const stream = startEventStream({
      url: EVENTS_PATH,
      onEvent: (event, info) => {
        applyPushEvent(event, dispatch, store.getState, spread.invalidate);
        listener.current(event, info);
      },
      onStatus: (connected) => dispatch(pushConnectionChanged(connected)),
      refresh: (sentAt) => refreshSession(sentAt, dispatch),
      firstEventId: () => takeEventSeq(FIRST_READ_WAIT_MS),
    });
    return () => {
      stream.stop();
      forgetEventSeq();
      spread.cancel();
      dispatch(pushConnectionChanged(false));
    };
  }, [dispatch, store]);
}
