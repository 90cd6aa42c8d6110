-- Issue 35.8: the reset link carries the `code` the accounts spec names (route query and the
-- trocar-senha payload): a six-digit code issued with a reset token, stored hashed beside it and
-- required with it. NULL (confirmation tokens, and reset tokens of a process that predates this)
-- asks for none, so old and new processes can run side by side (decision 0950).
ALTER TABLE account_tokens ADD COLUMN code_hash bytea;
