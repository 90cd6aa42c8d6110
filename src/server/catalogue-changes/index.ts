// The catalogue-changes domain's face (decision 0720): the signal every writer announces on and
// every cache listens to, and the cross-process NOTIFY relay server.mjs starts (service.ts; the
// NOTIFY and LISTEN statements in repository.ts).
export { announceCatalogueChange, onCatalogueChange, startCatalogueRelay, type CatalogueRelay, type CatalogueTag } from './service.ts';
