// argon2id password hashing (OWASP minimum: 19 MiB memory, 2 iterations, 1 lane).
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the typings)

export class PasswordHasher {
  constructor(private readonly cost: { memoryKib: number; iterations: number }) {}
  hash(password: string): Promise<string> {
    return hash(password, {
      algorithm: ARGON2ID,
      memoryCost: this.cost.memoryKib,
      timeCost: this.cost.iterations,
      parallelism: 1,
    });
  }
  async verify(hashed: string, password: string): Promise<boolean> {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  }
}
