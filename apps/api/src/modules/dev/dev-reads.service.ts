// Development helpers' plain reads: the outbox reader for people and tests (never served in production).
export { recentOutbox } from './dev.repo';
