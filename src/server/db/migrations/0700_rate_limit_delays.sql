-- Growing delays (sign-in per account and address): the moment the next try is allowed.
ALTER TABLE rate_limits ADD COLUMN not_before timestamptz;
