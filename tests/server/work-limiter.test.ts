import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordLimiter } from '../../server/auth/password';
import { WorkBusyError, WorkLimiter } from '../../server/lib/work-limiter';
import { buildTestApp, type TestApp } from './helpers';

/** A job that finishes when told to, to hold a slot as long as a test needs. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => { release = resolve; });
  return { release, job: () => done };
}

describe('WorkLimiter', () => {
  it('runs at most `concurrency` jobs, queues up to `maxQueue`, refuses the next at once', async () => {
    const limiter = new WorkLimiter('test', { concurrency: 2, maxQueue: 1, retryAfterSeconds: 3 });
    const jobs = [held(), held(), held()];
    const running = jobs.map((j) => limiter.run(j.job));
    expect(limiter.load).toEqual({ running: 2, queued: 1 });
    await expect(limiter.run(async () => 'late')).rejects.toMatchObject({ name: 'WorkBusyError', retryAfterSeconds: 3 });
    jobs[0].release();
    await running[0];
    expect(limiter.load).toEqual({ running: 2, queued: 0 });
    jobs[1].release();
    jobs[2].release();
    await Promise.all(running);
    expect(limiter.load).toEqual({ running: 0, queued: 0 });
    expect(await limiter.run(async () => 'free')).toBe('free');
  });

  it('frees the slot when a job fails', async () => {
    const limiter = new WorkLimiter('test', { concurrency: 1, maxQueue: 0, retryAfterSeconds: 1 });
    await expect(limiter.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await limiter.run(async () => 1)).toBe(1);
    expect(new WorkBusyError('x', 1)).toBeInstanceOf(Error);
  });
});

describe('a login storm', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp({ passwordHashConcurrency: 1, passwordHashQueue: 1 }); });
  afterAll(async () => {
    passwordLimiter.configure({ concurrency: 2, maxQueue: 32 });
    await t?.close();
  });

  it('answers 503 with Retry-After beyond the hashing queue, and the admitted logins succeed', async () => {
    const attempts = Array.from({ length: 6 }, () => t.app.inject({
      method: 'POST', url: '/api/login_check', headers: { 'accept-language': 'en' },
      payload: { username: 'employee@example.com', password: 'ringi-demo' },
    }));
    const replies = await Promise.all(attempts);
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const busy = replies.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const reply of busy) {
      expect(reply.headers['retry-after']).toBe('2');
      expect(reply.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 2, message: 'The server is busy. Please try again in a few seconds.' });
    }
  });
});
