"""What the play window needs, without Qt: a session around a game, per-ruleset
adapters (pieces, move allowance bands, targets, odds, unit cards), measuring,
line-of-sight reports, deployment checks and the strength-over-time series.

Everything here asks the rules engine (``desktop.rules``) and holds no rules of
its own; the Qt shell (``desktop.ui.play``) draws what it returns.
"""
