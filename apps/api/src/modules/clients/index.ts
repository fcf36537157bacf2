// The clients module's public surface: its routes (the admin's client screens: onboarding,
// lifecycle, credit terms) and the client names the dashboards show. The clients' table itself
// belongs to the corporates module, which every module asks for a client's data.
export { clientsRoutes } from './clients.routes';
export { corporateNames, testModeOf } from './clients.service';
