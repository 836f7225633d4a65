import { defineTable } from '../shared/table';

/** The `payments` table as its owner declares it; the state runner builds its UPDATEs from this. */
export const paymentsTable = defineTable('payments', [
  'id',
  'organisation_id',
  'creditor_id',
  'mandate_id',
  'subscription_id',
  'instalment_schedule_id',
  'amount',
  'amount_refunded',
  'app_fee',
  'currency',
  'charge_date',
  'description',
  'reference',
  'scheme',
  'status',
  'metadata',
  'retry_if_possible',
  'faster_ach',
  'funds_settlement',
  'created_at',
  'updated_at',
]);
