import { describe, expect, it } from 'vitest';
import { CATALOG, taskEndpoints } from './catalog';
import { familyOf, MODEL_FAMILIES } from './families';

describe('the model families', () => {
  it('hold every endpoint that starts a task exactly once, and no retired one', () => {
    const members = MODEL_FAMILIES.flatMap((f) => f.members.map((e) => e.id));
    expect(new Set(members).size).toBe(members.length);
    expect(members.sort()).toEqual(taskEndpoints().map((e) => e.id).sort());
    for (const e of CATALOG.filter((x) => x.deprecated)) expect(familyOf(e.id)).toBeUndefined();
  });
  it('name a finetuned endpoint with its base', () => {
    const finetuned = CATALOG.filter((e) => e.finetuneOf && !e.deprecated);
    expect(finetuned.length).toBeGreaterThan(0);
    for (const e of finetuned) expect(familyOf(e.id)).toBe(familyOf(e.finetuneOf!));
  });
});
