/** The demo directory's practices and their facilities: real US zip codes, in four states. */
export interface DemoFacility {
  readonly name: string;
  readonly address1: string;
  readonly city: string;
  readonly state: string;
  readonly zip_code: string;
  readonly time_zone: string;
}

export interface DemoPractice {
  readonly name: string;
  readonly time_zone: string;
  readonly facilities: readonly DemoFacility[];
}

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const CHI = 'America/Chicago';

export const DEMO_PRACTICES: readonly DemoPractice[] = [
  {
    name: 'Hudson Valley Medical Group',
    time_zone: NY,
    facilities: [
      {
        name: 'Hudson Valley - Chelsea',
        address1: '250 W 26th St',
        city: 'New York',
        state: 'NY',
        zip_code: '10001',
        time_zone: NY,
      },
      {
        name: 'Hudson Valley - Upper East Side',
        address1: '1500 York Ave',
        city: 'New York',
        state: 'NY',
        zip_code: '10028',
        time_zone: NY,
      },
      {
        name: 'Hudson Valley - Brooklyn Heights',
        address1: '75 Court St',
        city: 'Brooklyn',
        state: 'NY',
        zip_code: '11201',
        time_zone: NY,
      },
      {
        name: 'Hudson Valley - Forest Hills',
        address1: '107-20 Queens Blvd',
        city: 'Forest Hills',
        state: 'NY',
        zip_code: '11375',
        time_zone: NY,
      },
    ],
  },
  {
    name: 'Garden State Physicians',
    time_zone: NY,
    facilities: [
      {
        name: 'Garden State - Hoboken',
        address1: '122 Clinton St',
        city: 'Hoboken',
        state: 'NJ',
        zip_code: '07030',
        time_zone: NY,
      },
      {
        name: 'Garden State - Jersey City',
        address1: '30 Montgomery St',
        city: 'Jersey City',
        state: 'NJ',
        zip_code: '07302',
        time_zone: NY,
      },
      {
        name: 'Garden State - Hackensack',
        address1: '20 Prospect Ave',
        city: 'Hackensack',
        state: 'NJ',
        zip_code: '07601',
        time_zone: NY,
      },
      {
        name: 'Garden State - Princeton',
        address1: '1 Plainsboro Rd',
        city: 'Princeton',
        state: 'NJ',
        zip_code: '08540',
        time_zone: NY,
      },
    ],
  },
  {
    name: 'Pacific Coast Health',
    time_zone: LA,
    facilities: [
      {
        name: 'Pacific Coast - Mission District',
        address1: '2480 Mission St',
        city: 'San Francisco',
        state: 'CA',
        zip_code: '94110',
        time_zone: LA,
      },
      {
        name: 'Pacific Coast - Downtown LA',
        address1: '350 S Grand Ave',
        city: 'Los Angeles',
        state: 'CA',
        zip_code: '90071',
        time_zone: LA,
      },
      {
        name: 'Pacific Coast - Santa Monica',
        address1: '1301 20th St',
        city: 'Santa Monica',
        state: 'CA',
        zip_code: '90404',
        time_zone: LA,
      },
      {
        name: 'Pacific Coast - San Diego',
        address1: '3636 5th Ave',
        city: 'San Diego',
        state: 'CA',
        zip_code: '92103',
        time_zone: LA,
      },
    ],
  },
  {
    name: 'Lakeshore Medical Partners',
    time_zone: CHI,
    facilities: [
      {
        name: 'Lakeshore - Streeterville',
        address1: '675 N St Clair St',
        city: 'Chicago',
        state: 'IL',
        zip_code: '60611',
        time_zone: CHI,
      },
      {
        name: 'Lakeshore - Evanston',
        address1: '2650 Ridge Ave',
        city: 'Evanston',
        state: 'IL',
        zip_code: '60201',
        time_zone: CHI,
      },
    ],
  },
];

export const FIRST_NAMES = [
  ['Olivia', 'Female'],
  ['Liam', 'Male'],
  ['Emma', 'Female'],
  ['Noah', 'Male'],
  ['Ava', 'Female'],
  ['Elijah', 'Male'],
  ['Sophia', 'Female'],
  ['James', 'Male'],
  ['Isabella', 'Female'],
  ['Lucas', 'Male'],
  ['Mia', 'Female'],
  ['Mateo', 'Male'],
  ['Amelia', 'Female'],
  ['Benjamin', 'Male'],
  ['Priya', 'Female'],
  ['Arjun', 'Male'],
  ['Mei', 'Female'],
  ['Wei', 'Male'],
  ['Fatima', 'Female'],
  ['Omar', 'Male'],
] as const;

export const LAST_NAMES = [
  'Anderson',
  'Bennett',
  'Chen',
  'Delgado',
  'Edwards',
  'Fischer',
  'Goldberg',
  'Hernandez',
  'Ibrahim',
  'Jackson',
  'Kim',
  'Lopez',
  'Martinez',
  'Nguyen',
  "O'Connor",
  'Patel',
  'Quinn',
  'Rosen',
  'Shapiro',
  'Thompson',
  'Usman',
  'Valdez',
  'Williams',
  'Xu',
  'Young',
  'Zimmerman',
] as const;
