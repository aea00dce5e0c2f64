"""The scenario: its model, its file format, and the checks on both."""

from desktop.scenario.errors import Problem, ScenarioError
from desktop.scenario.io import from_data, load, loads, save
from desktop.scenario.model import FORMAT_VERSION, Scenario
from desktop.scenario.writer import dumps

__all__ = [
    "FORMAT_VERSION",
    "Problem",
    "Scenario",
    "ScenarioError",
    "dumps",
    "from_data",
    "load",
    "loads",
    "save",
]
