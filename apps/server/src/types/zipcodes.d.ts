declare module 'zipcodes' {
  export type ZipInfo = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
  const zipcodes: {
    lookup(zip: string | number): ZipInfo | undefined;
    lookupByName(city: string, state: string): ZipInfo[];
    lookupByState(state: string): ZipInfo[];
    radius(zip: string | number, miles: number): string[];
    distance(zipA: string | number, zipB: string | number): number;
  };
  export default zipcodes;
}
