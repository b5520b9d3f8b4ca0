import { describe, expect, it } from 'vitest';
import { offsetOf, remainingMs, ServerClock } from '../../../src/student/exam/serverClock';
import { describeRemaining, formatCountdown, formatMinutes, formatTimer } from '../../../src/student/exam/timeFormat';

describe('the server clock', () => {
  it('takes the server time as read half-way through the round trip', () => {
    // Sent at 1000, received at 1200 (round trip 200): the server read its clock at about local 1100.
    expect(offsetOf({ serverTime: 51_100, sentAt: 1000, receivedAt: 1200 })).toBe(50_000);
  });

  it('gives a negative offset when the local clock runs ahead', () => {
    expect(offsetOf({ serverTime: 10_000, sentAt: 70_000, receivedAt: 70_000 })).toBe(-60_000);
  });

  it('ignores a negative round trip (a local clock changed mid-call)', () => {
    expect(offsetOf({ serverTime: 5000, sentAt: 2000, receivedAt: 1000 })).toBe(4000);
  });

  it('counts the remaining time on the server clock and never below zero', () => {
    // Deadline at server 100_000; local now 40_000 with the server 50_000 ahead: 10 s left.
    expect(remainingMs(100_000, 40_000, 50_000)).toBe(10_000);
    expect(remainingMs(100_000, 60_000, 50_000)).toBe(0);
  });

  it('trusts the sample with the shortest round trip among the recent ones', () => {
    let local = 0;
    const clock = new ServerClock(() => local);
    expect(clock.synced).toBe(false);
    expect(clock.offset).toBe(0);

    clock.update({ serverTime: 10_500, sentAt: 0, receivedAt: 1000 }); // rtt 1000 -> offset 10_000
    clock.update({ serverTime: 10_010, sentAt: 0, receivedAt: 20 }); // rtt 20 -> offset 10_000
    clock.update({ serverTime: 12_000, sentAt: 0, receivedAt: 2000 }); // rtt 2000 -> offset 11_000
    expect(clock.synced).toBe(true);
    expect(clock.offset).toBe(10_000);

    local = 5000;
    expect(clock.now()).toBe(15_000);
    expect(clock.remaining(75_000)).toBe(60_000);
  });

  it('forgets old samples, so a local clock that was changed is soon corrected', () => {
    const clock = new ServerClock(() => 0);
    clock.update({ serverTime: 100, sentAt: 0, receivedAt: 0 }); // offset 100, rtt 0
    for (let i = 0; i < 5; i++) clock.update({ serverTime: 1050, sentAt: 0, receivedAt: 100 }); // offset 1000
    expect(clock.offset).toBe(1000);
  });

  it('skips answers without a usable server time', () => {
    const clock = new ServerClock(() => 0);
    clock.update({ serverTime: Number.NaN, sentAt: 0, receivedAt: 1 });
    expect(clock.synced).toBe(false);
  });
});

describe('time formats', () => {
  it('shows the timer as mm:ss, rounding seconds up and minutes unwrapped', () => {
    expect(formatTimer(90 * 60_000)).toBe('90:00');
    expect(formatTimer(5 * 60_000 - 1)).toBe('05:00');
    expect(formatTimer(61_000)).toBe('01:01');
    expect(formatTimer(999)).toBe('00:01');
    expect(formatTimer(0)).toBe('00:00');
    expect(formatTimer(-5000)).toBe('00:00');
  });

  it('says the remaining time in words for screen readers', () => {
    expect(describeRemaining(5 * 60_000)).toBe('5 minutes remaining');
    expect(describeRemaining(61_000)).toBe('1 minute 1 second remaining');
    expect(describeRemaining(0)).toBe('0 seconds remaining');
  });

  it('counts down to an opening with days when far away', () => {
    expect(formatCountdown(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5000)).toBe('2d 03:04:05');
    expect(formatCountdown(59_000)).toBe('00:00:59');
  });

  it('writes durations in hours and minutes', () => {
    expect(formatMinutes(45)).toBe('45 minutes');
    expect(formatMinutes(60)).toBe('1 hour');
    expect(formatMinutes(91)).toBe('1 hour 31 minutes');
    expect(formatMinutes(1)).toBe('1 minute');
  });
});

describe('coarse samples from the Date header', () => {
  it('reads the middle of the second and ranks it below a precise sample', async () => {
    const { dateHeaderSample, DATE_HEADER_UNCERTAINTY_MS } = await import('../../../src/student/exam/serverClock');
    const headers = new Headers({ date: 'Sun, 22 Nov 2026 05:36:51 GMT' });
    const sample = dateHeaderSample(headers, 0, 100)!;
    expect(sample.serverTime).toBe(Date.parse('2026-11-22T05:36:51.500Z'));
    expect(dateHeaderSample(new Headers(), 0, 1)).toBeUndefined();

    const clock = new ServerClock(() => 0);
    clock.update({ serverTime: 1000, sentAt: 0, receivedAt: 400 }); // precise, rtt 400 -> offset 800
    clock.update({ serverTime: 5000, sentAt: 0, receivedAt: 100 }, DATE_HEADER_UNCERTAINTY_MS); // coarse
    expect(clock.offset).toBe(800);
  });
});
