import { searchBody } from './api/search-api';
import { filterFromQuery, newSearch, searchPath, walkInSearch } from './search-params';

describe('search filter (spec 2.2, 3, 4.2)', () => {
  it('travels as the query parameters the spec lists, and nothing else', () => {
    const path = searchPath({ specialty: 'Dermatologist', zip_code: '10001', page_no: '2' });
    expect(path).toBe('/provider-search?specialty=Dermatologist&zip_code=10001&page_no=2');
    const back = filterFromQuery(new URLSearchParams(`${path.split('?')[1]}&evil=1`));
    expect(back).toEqual({ specialty: 'Dermatologist', zip_code: '10001', page_no: '2' });
  });

  it('a search starts at page 1 and resets sort, gender, condition, distance and visit type', () => {
    const next = newSearch(
      {
        specialty: 'Neurologist',
        sort_on: 'name',
        gender_code: 'F',
        condition: 'Acne',
        distance: '10',
        visit_type: 'Office',
        page_no: '4',
      },
      { specialty: 'Dermatologist' },
    );
    expect(next).toEqual({
      specialty: 'Dermatologist',
      walk_in_tele_visit_enabled: 'false',
      page_no: '1',
    });
    expect(newSearch({ zip_code: '10001' }, {}).sort_on).toBe('distance');
  });

  it("'See Doctor Now' is a walk-in search of visits online now", () => {
    expect(walkInSearch({ specialty: 'Internist' })).toMatchObject({
      walk_in_tele_visit_enabled: 'true',
      visit_type: 'Online Now',
      page_no: '1',
    });
  });

  it('sends numbers as numbers, and no insurance for the choices that are not a plan', () => {
    expect(
      searchBody({
        page_no: '2',
        page_size: '5',
        latitude: '40.75',
        insurance_name: 'Skip insurance',
      }),
    ).toEqual({ page_no: 2, page_size: 5, latitude: 40.75 });
    expect(searchBody({ insurance_name: 'Aetna', insurance_plan_ids: [3] })).toEqual({
      insurance_name: 'Aetna',
      insurance_plan_ids: [3],
    });
  });

  it('carries the page filters in the address, and sends accepts_insurance only with an insurance', () => {
    const path = searchPath({
      language: 'Spanish',
      available_within_days: '3',
      accepts_insurance: 'false',
    });
    expect(filterFromQuery(new URLSearchParams(path.split('?')[1]))).toEqual({
      language: 'Spanish',
      available_within_days: '3',
      accepts_insurance: 'false',
    });
    expect(searchBody({ available_within_days: '3', accepts_insurance: 'false' })).toEqual({
      available_within_days: 3,
    });
    expect(searchBody({ insurance_name: 'Skip insurance', accepts_insurance: 'false' })).toEqual(
      {},
    );
    expect(searchBody({ insurance_name: 'Aetna', accepts_insurance: 'false' })).toEqual({
      insurance_name: 'Aetna',
      accepts_insurance: 'false',
    });
  });
});
