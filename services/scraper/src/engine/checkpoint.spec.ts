import {
  baseOf,
  CHECKPOINT_VERSION,
  initialState,
  refine,
  restoreState,
  SWEEP_SORT,
  type EngineState,
} from './checkpoint.js';
import { ScanCheckpointError } from './errors.js';
import type { ScanCheckpoint, ScanSpec } from './types.js';

const spec = (extra: Partial<ScanSpec> = {}): ScanSpec => ({
  market: 'CA',
  sellerId: 'SELLER',
  type: 'deep',
  listLimit: 2720,
  ...extra,
});

describe('the first plan of a scan', () => {
  it('Standard is one list query of the store in its default order', () => {
    const s = initialState(spec({ type: 'standard' }));
    expect(s.stack).toEqual([{ kind: 'list', page: 1, root: true }]);
    expect(s.starsId).toBeNull();
    expect(s).toMatchObject({ version: CHECKPOINT_VERSION, pagesFetched: 0, tail: null, sample: [] });
    expect(s.cents).toHaveLength(100);
  });

  it('Deep is the price sweep, most expensive first', () => {
    expect(initialState(spec()).stack).toEqual([{ kind: 'sweep', sort: SWEEP_SORT, page: 1, root: true }]);
  });

  it('Functional sweeps its price range in minor units (a minimum above the maximum is one price) and waits for the star id', () => {
    const s = initialState(
      spec({ type: 'functional', filters: { minPrice: 30, maxPrice: 20.5, minStars: 4 } }),
    );
    expect(s.stack).toEqual([{ kind: 'sweep', sort: SWEEP_SORT, page: 1, root: true, min: 3000, max: 3000 }]);
    expect(s.starsId).toBeUndefined();
    // Without a minimum star rating there is no p_72 id to read.
    expect(initialState(spec({ type: 'functional', filters: { maxPrice: 20 } })).starsId).toBeNull();
  });
});

describe('resuming from a checkpoint', () => {
  function checkpointAfterSomePages(): EngineState {
    const s = initialState(spec());
    s.pagesFetched = 12;
    s.reportedTotal = 734;
    s.stack = [{ kind: 'peel', min: 0, max: 4999, page: 1, depth: 0 }];
    return s;
  }

  it('continues the same scan from its state (a copy: the checkpoint stays as stored)', () => {
    const saved = checkpointAfterSomePages();
    const { state, replanned } = restoreState(spec(), saved as unknown as ScanCheckpoint);
    expect(replanned).toBe(false);
    expect(state).toEqual(saved);
    state.stack.pop();
    expect(saved.stack).toHaveLength(1);
  });

  it.each([
    ['another version', { ...checkpointAfterSomePages(), version: CHECKPOINT_VERSION - 1 }],
    ['no stack', { ...checkpointAfterSomePages(), stack: 'x' }],
    ['not an object', 'garbage'],
    ['null', null],
  ])('restarts the planning from a checkpoint with %s', (_, saved) => {
    const { state, replanned } = restoreState(spec(), saved as unknown as ScanCheckpoint);
    expect(replanned).toBe(true);
    expect(state).toEqual(initialState(spec()));
  });

  it.each<Partial<ScanSpec>>([{ sellerId: 'OTHER' }, { market: 'US' }, { type: 'standard' }])(
    'refuses the checkpoint of another scan (%o)',
    (other) => {
      const saved = checkpointAfterSomePages() as unknown as ScanCheckpoint;
      expect(() => restoreState(spec(other), saved)).toThrow(ScanCheckpointError);
    },
  );
});

describe('the query of a task', () => {
  it('keeps its department and keywords (none when empty)', () => {
    expect(baseOf({ kind: 'peel', page: 3, nodeId: '7', words: ['red'], min: 1 })).toEqual({
      nodeId: '7',
      words: ['red'],
    });
    expect(baseOf({ kind: 'sweep', page: 1, words: [] })).toEqual({});
  });

  it('a zone member adds a keyword (w:) or sets the department (n:)', () => {
    expect(refine({ words: ['red'] }, 'w:cotton')).toEqual({ words: ['red', 'cotton'] });
    expect(refine({ words: ['red'] }, 'n:42')).toEqual({ words: ['red'], nodeId: '42' });
    expect(refine({}, 'w:cotton')).toEqual({ words: ['cotton'] });
  });
});
