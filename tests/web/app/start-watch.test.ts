import { describe, expect, it } from 'vitest';
import { judgeStart, STALL_MS, type StartView } from '../../../src/start-watch';

const view = (over: Partial<StartView>): StartView => ({ rendered: false, loads: 50, preloadsIn: true, visible: true, now: 0, ...over });

/** Runs the watch's looks in order; the verdict of each. */
function looks(views: StartView[]): string[] {
  const state = { loads: -1, quietSince: 0 };
  return views.map((v) => judgeStart(v, state));
}

describe('the start watch', () => {
  it('reloads a start whose modules are all in and that shows no progress for STALL_MS', () => {
    expect(looks([view({ now: 0 }), view({ now: STALL_MS - 1000 }), view({ now: STALL_MS })])).toEqual(['wait', 'wait', 'reload']);
  });

  it('stands down once the app has rendered', () => {
    expect(looks([view({ now: 0 }), view({ now: STALL_MS, rendered: true })])).toEqual(['wait', 'done']);
  });

  it('waits while loads keep finishing: each one starts the quiet time again', () => {
    expect(looks([view({ now: 0, loads: 50 }), view({ now: STALL_MS - 1, loads: 51 }), view({ now: STALL_MS + 1, loads: 51 }), view({ now: 2 * STALL_MS, loads: 51 })]))
      .toEqual(['wait', 'wait', 'wait', 'reload']);
  });

  it('does not reload while a preloaded module is still on its way (a slow network, not a stall)', () => {
    expect(looks([view({ now: 0, preloadsIn: false }), view({ now: 3 * STALL_MS, preloadsIn: false })])).toEqual(['wait', 'wait']);
  });

  it('does not count the time a tab spends in the background', () => {
    expect(looks([view({ now: 0 }), view({ now: STALL_MS, visible: false }), view({ now: STALL_MS + 1000 }), view({ now: 2 * STALL_MS })]))
      .toEqual(['wait', 'wait', 'wait', 'reload']);
  });
});
