import type { SystemParameters } from '@shelfscan/service';
import { planCatalogue } from './plan-catalogue';

const parameters = { number: () => 5, text: () => '10' } as unknown as SystemParameters;

describe('the plan catalogue', () => {
  it('says where Deep and Functional scans run as the market table does', () => {
    const description = Object.fromEntries(planCatalogue(parameters).map((p) => [p.feature, p.description]));
    expect(description.deep).toBe(
      'Deep search: every category of a store (Canada, Mexico, United Arab Emirates, and United Kingdom)',
    );
    expect(description.functional).toBe(
      'Functional search: Amazon choice, best seller, star and price ranges (Canada and Mexico)',
    );
  });
});
