"""How many fuzz cases run: a few hundred normally, thousands on request.

    pytest tests/fuzz --fuzz-cases 3000 [--fuzz-first-seed 10000]
    VOLLEY_FUZZ_CASES=3000 pytest tests/fuzz     (works from any folder)

Each case is one test named by its seed (``test_...[seed-17]``), so a failure
says which seed to run again: ``pytest tests/fuzz -k seed-17`` or
``python -m tests.fuzz.run --seed 17``.
"""

from __future__ import annotations

import os

import pytest

#: Scenario cases in a normal run; record cases are half as many.
DEFAULT_CASES = 200


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fuzz", "issue 15 fuzz tests")
    group.addoption("--fuzz-cases", type=int, default=None,
                    help=f"mutated scenarios to try (default {DEFAULT_CASES}, "
                    "or VOLLEY_FUZZ_CASES); records get half as many")
    group.addoption("--fuzz-first-seed", type=int, default=None,
                    help="first seed (default 0, or VOLLEY_FUZZ_FIRST_SEED)")


def _setting(config: pytest.Config, option: str, env: str, default: int) -> int:
    value = config.getoption(option, default=None)
    if value is None:
        value = int(os.environ.get(env, default))
    return int(value)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "fuzz_seed" not in metafunc.fixturenames:
        return
    cases = _setting(metafunc.config, "--fuzz-cases", "VOLLEY_FUZZ_CASES", DEFAULT_CASES)
    first = _setting(metafunc.config, "--fuzz-first-seed", "VOLLEY_FUZZ_FIRST_SEED", 0)
    share = float(getattr(metafunc.module, "CASES_SHARE", 1.0))
    seeds = range(first, first + max(1, round(cases * share)))
    metafunc.parametrize("fuzz_seed", seeds, ids=[f"seed-{s}" for s in seeds])
