"""Balance testing: many computer-against-computer games on one scenario, and
the report of who wins, how, and where (issue 19; docs/balance.md)."""
