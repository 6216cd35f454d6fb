/**
 * The days of an availability answer from tomorrow on (the answer starts today). Tests take their days
 * from here, never today: today's times shrink as the clock moves, so a test that took today's 13th
 * time, or "the nth day with room", passed in the morning and failed in the afternoon, or took another
 * test's day once today dropped out of its filter.
 */
export const fromTomorrow = <T>(days: readonly T[]): T[] => days.slice(1);
