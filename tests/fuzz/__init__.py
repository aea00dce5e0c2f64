"""Fuzz tests (issue 15): mutated scenarios and records are refused cleanly or work everywhere."""
