/**
 * The check of a refused mutation that the mutators' tests share: its code, its French message,
 * and nothing written. Test code (it uses vitest), kept out of the package's build.
 */
import { expect } from 'vitest';
import type { World } from './mutators-world.js';

/** `expectRefusal(user, name, args, code, message)` over the world the tests set up. */
export function refusalChecker(world: () => World) {
  return async function expectRefusal(
    userId: number,
    name: string,
    args: unknown,
    code: string,
    message: string,
  ): Promise<void> {
    const { error, before, after } = await world().refusal(userId, name, args);
    expect(error.code, name).toBe(code);
    expect(error.message, name).toBe(message);
    expect(after, name).toEqual(before);
  };
}
