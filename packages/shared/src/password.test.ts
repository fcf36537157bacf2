import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordSchema } from './password';

describe('[PASSWORD] the shared rule', () => {
  it('[PASSWORD] eleven characters are too short, twelve are enough', () => {
    expect(passwordProblem('Abcdefghij1')).toBe('Password must be at least 12 characters');
    // An empty field is asked for, not measured (issue 53 point 10).
    expect(passwordProblem('')).toBe('Password is required');
    expect(passwordProblem('Abcdefghij12')).toBeNull();
  });
  it('[PASSWORD] common passwords are refused whatever their case', () => {
    expect(passwordProblem('Password1234')).toBe('This password is too common; choose another');
    expect(passwordProblem('aaaaaaaaaaaaaaa')).toBe('This password is too common; choose another');
  });
  it('[PASSWORD] the Zod schema carries the same message', () => {
    const r = passwordSchema.safeParse('short');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Password must be at least 12 characters');
  });
});
