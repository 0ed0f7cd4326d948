import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { scraperEventsV1 } from '@shelfscan/contracts';
import { specFromRequest } from './scan-requests.js';

const { ScanFiltersSchema, ScanRequestedSchema } = scraperEventsV1;

describe('ScanRequested filters (the API names: amazonChoice, minStar, maxStar)', () => {
  it('keep the field numbers of amazons_choice, min_stars and max_stars: the wire is unchanged', () => {
    const bytes = toBinary(
      ScanFiltersSchema,
      create(ScanFiltersSchema, { amazonChoice: true, minStar: 4, maxStar: 5 }),
    );
    const double = (n: number) => [...new Uint8Array(new Float64Array([n]).buffer)];
    // field 1 varint, field 3 double, field 4 double
    expect([...bytes]).toEqual([0x08, 1, 0x19, ...double(4), 0x21, ...double(5)]);
    expect(fromBinary(ScanFiltersSchema, bytes)).toMatchObject({
      amazonChoice: true,
      minStar: 4,
      maxStar: 5,
    });
  });

  it("become the engine's filters of a functional scan", () => {
    const check = specFromRequest(
      create(ScanRequestedSchema, {
        scanId: 's1',
        market: 'CA',
        sellerId: 'A2DP2EEPU3VU45',
        type: 'functional',
        filters: {
          amazonChoice: true,
          bestSeller: false,
          minStar: 3.5,
          maxStar: 5,
          minPrice: 10,
          maxPrice: 99,
        },
      }),
      2720,
    );
    expect(check).toMatchObject({
      ok: true,
      spec: {
        type: 'functional',
        filters: {
          amazonsChoice: true,
          bestSeller: false,
          minStars: 3.5,
          maxStars: 5,
          minPrice: 10,
          maxPrice: 99,
        },
      },
    });
  });
});
