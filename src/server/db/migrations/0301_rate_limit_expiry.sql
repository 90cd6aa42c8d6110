-- Lets the rate limiter sweep expired windows without scanning the table (decision 0300).
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);
