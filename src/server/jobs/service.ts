// The job queue as other domains use it (decision 0720): a job is added on the caller's
// connection, inside its transaction, so a rolled-back change adds nothing. The statements
// themselves are in repository.ts; the worker is worker.ts, its wiring index.ts.
export { addJob, toAddJobSql } from './repository.ts';
