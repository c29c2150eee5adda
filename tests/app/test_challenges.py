"""Every challenge of the playground is reachable from its own controls (issue 17, point 6).

One solution each, at the data's default noise, seed and test share, opened
as a link (the sidebar's values) and ticked by the page itself.
"""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.test_pages import challenge_lines

ROOT = Path(__file__).resolve().parents[2]
DONE = ":green[:material/check_box:]"

SOLUTIONS = {
    "Reach 90 % test accuracy on **circles**": {"data": "circles", "T": "15", "gamma": "4.0"},
    "overfit the board": {"data": "board", "T": "100", "gamma": "32.0"},
    "swiss": {"data": "swiss", "algo": "GBRFF1", "K": "1", "T": "100", "gamma": "1.0"},
    "γ too small": {"data": "board", "T": "100", "gamma": "0.03125"},
    "Beat LightGBM": {"data": "moons", "n": "100", "T": "10", "gamma": "4.0"},
    "find the λ": {"data": "circles", "algo": "GBRFF2+", "lam_plus": "0.0"},
    "One wave for a plane": {"data": "plane", "T": "1"},
    "overfit the gaussians": {"data": "gaussians", "gamma": "16.0"},
}


pytestmark = pytest.mark.usefixtures("in_checkout")  # tests/conftest.py


@pytest.mark.slow
@pytest.mark.parametrize("challenge", list(SOLUTIONS))
def test_each_challenge_has_a_solution(challenge):
    at = AppTest.from_file(str(ROOT / "pages" / "playground.py"), default_timeout=180)
    for k, v in SOLUTIONS[challenge].items():
        at.query_params[k] = v
    at.run()
    at.session_state["playground:sec_challenges"] = True  # open the section that lists them
    at.run()
    assert not at.exception, at.exception[0].message
    listed = challenge_lines(at)
    assert len(listed) == 8, listed
    lines = [line for line in listed if challenge in line]
    assert len(lines) == 1, lines
    assert lines[0].startswith(DONE), f"not reached with {SOLUTIONS[challenge]}: {lines[0]}"
    # and only this one: the solutions do not tick each other's boxes by accident
    assert sum(line.startswith(DONE) for line in listed) == 1
    assert any(c.value.startswith("1 of 8 done") for c in at.caption)
