/**
 * The stamp statistics filter's period types (spec 000 §2): plain values, no TypeBox, so the web
 * app imports them without bundling the schema builder.
 */
export const STAMP_PERIODS = ['completionDate', 'paymentDate', 'contractDate'] as const;
export type StampPeriod = (typeof STAMP_PERIODS)[number];
